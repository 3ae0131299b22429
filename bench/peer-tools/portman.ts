// Portman (npm `@apideck/portman`) turns the OpenAPI 3 copy of our spec into a Postman collection
// with its contract tests, and Newman runs it. Configuration: Portman's default contract tests
// (status 2xx, Content-Type, JSON body, schema valid, declared headers present; response time
// off, as in its default) for every operation, Basic auth through Postman variables (so no
// credential is written into the collection), and the default openapi-to-postman settings
// (parameter values from the examples: the seeded ids of spec-copies.ts). Its schema tests run ajv
// in the Postman sandbox, which throws on a format it does not know: Portman registers int32,
// int64, float and double itself and takes the others (here `password`) through its own
// --extraUnknownFormats option.
// One change to the generated collection: its requests are flattened out of their tag folders and
// ordered like `dredd --sorted` (POST, GET, PUT, PATCH, DELETE), because in folder order a
// DELETE of a seeded record breaks the reads of later folders (a customer delete also deletes
// the customer's addresses). Portman's own orderOfOperations sorts only within a folder.
// Checks are Newman's assertions; tests are the requests it ran.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CountingShop } from './counting-shop.js';
import { peerBin } from './peers.js';
import type { SpecCopies } from './spec-copies.js';
import { uniqueIds, type ToolRun } from './tool-run.js';
import { measure, type Measured } from '../support/measure.js';

const CONTRACT_TESTS = ['statusSuccess', 'contentType', 'jsonBody', 'schemaValidation', 'headersPresent'];
const PORTMAN_KNOWN_FORMATS = new Set(['int32', 'int64', 'float', 'double']);
const METHOD_ORDER = ['POST', 'GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'DELETE'];

interface PostmanItem {
  item?: PostmanItem[];
  request?: { method?: string };
}

interface NewmanReport {
  run: {
    stats: { requests: { total: number }; assertions: { total: number; failed: number } };
    executions: { item: { name: string }; requestError?: unknown; assertions?: { assertion: string; skipped?: boolean; error?: unknown }[] }[];
  };
}

function flatten(items: readonly PostmanItem[]): PostmanItem[] {
  return items.flatMap((i) => (i.item ? flatten(i.item) : [i]));
}

function rank(method: string | undefined): number {
  const i = METHOD_ORDER.indexOf((method ?? '').toUpperCase());
  return i < 0 ? METHOD_ORDER.length : i;
}

export interface Collection {
  file: string;
  /** The Portman generation step, measured. */
  generation: Measured;
  requests: number;
}

/** Generates the collection from the OpenAPI 3 copy (what `portman -l spec` does before Newman). */
export async function generateCollection(specs: SpecCopies, baseUrl: string, dir: string): Promise<Collection> {
  const config = path.join(dir, 'portman-config.json');
  writeFileSync(
    config,
    JSON.stringify({
      version: 1.0,
      tests: { contractTests: CONTRACT_TESTS.map((t) => ({ openApiOperation: '*::/*', [t]: { enabled: true } })) },
      globals: { securityOverwrites: { basic: { username: '{{apiUser}}', password: '{{apiPassword}}' } } },
    }),
  );
  const raw = path.join(dir, 'collection.portman.json');
  const unknownFormats = Object.keys(specs.formatsRemoved).filter((f) => !PORTMAN_KNOWN_FORMATS.has(f));
  const args = [peerBin('portman'), '-l', specs.openapi3, '-o', raw, '-c', config, '-b', baseUrl, ...(unknownFormats.length ? ['--extraUnknownFormats', ...unknownFormats] : [])];
  const generation = await measure(process.execPath, args, {
    cwd: dir,
    logFile: path.join(dir, 'portman.log'),
    timeoutMs: 5 * 60_000,
  });
  if (generation.exitCode !== 0) throw new Error(`portman failed (exit ${generation.exitCode}); see ${path.join(dir, 'portman.log')}`);
  const collection = JSON.parse(readFileSync(raw, 'utf8')) as { item: PostmanItem[] };
  const flat = flatten(collection.item);
  // Array.prototype.sort is stable: within a method, the spec's order stays.
  collection.item = flat.sort((a, b) => rank(a.request?.method) - rank(b.request?.method));
  const file = path.join(dir, 'collection.json');
  writeFileSync(file, JSON.stringify(collection));
  return { file, generation, requests: flat.length };
}

export async function runNewman(collection: Collection, target: CountingShop, dir: string, includeGeneration: boolean): Promise<ToolRun> {
  const report = path.join(dir, 'newman.json');
  writeFileSync(report, '');
  const logFile = path.join(dir, 'newman.log');
  const before = target.requests();
  const args = [
    peerBin('newman'),
    'run',
    collection.file,
    '--env-var',
    `baseUrl=${target.shop.url}`,
    '--env-var',
    `apiUser=${target.user}`,
    '--env-var',
    `apiPassword=${target.password}`,
    '--reporters',
    'json',
    '--reporter-json-export',
    report,
    ...(target.shop.origin.startsWith('https') ? ['--insecure'] : []),
  ];
  const run = await measure(process.execPath, args, { cwd: dir, logFile, timeoutMs: 10 * 60_000 });
  const gen = collection.generation;
  return {
    ...fromReport(report),
    exitCode: run.exitCode,
    // Portman + Newman as a user runs them (`portman -l spec -n`): generation then the run.
    wallMs: run.wallMs + (includeGeneration ? gen.wallMs : 0),
    peakRssMb: Math.max(run.tree.peakRssMb, includeGeneration ? gen.tree.peakRssMb : 0),
    peakPssMb: Math.max(run.tree.peakPssMb, includeGeneration ? gen.tree.peakPssMb : 0),
    cpuMs: [run, ...(includeGeneration ? [gen] : [])].reduce((n, m) => n + Object.values(m.tree.cpuMsByGroup).reduce((a, b) => a + b, 0), 0),
    requests: target.requests() - before,
    logFile,
    parts: [
      ...(includeGeneration ? [{ name: 'portman (generate the collection)', wallMs: gen.wallMs, peakRssMb: gen.tree.peakRssMb }] : []),
      { name: 'newman run', wallMs: run.wallMs, peakRssMb: run.tree.peakRssMb },
    ],
  };
}

function fromReport(file: string): Pick<ToolRun, 'tool' | 'tests' | 'checks' | 'failed' | 'testsFailed' | 'skipped' | 'error'> {
  let parsed: NewmanReport | undefined;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8')) as NewmanReport;
  } catch {
    parsed = undefined;
  }
  const executions = parsed?.run.executions ?? [];
  // Assertions of a request that got no answer (connection reset, timeout) fail for the transport,
  // not for the shop: like a harness error, they catch nothing.
  const assertions = executions.flatMap((e) => (e.assertions ?? []).filter((a) => !a.skipped).map((a) => ({ ...a, broken: e.requestError !== undefined && e.requestError !== null })));
  const ids = uniqueIds(assertions.map((a) => a.assertion));
  const failedHere = (a: { error?: unknown; skipped?: boolean }): boolean => !a.skipped && a.error !== undefined && a.error !== null;
  return {
    tool: 'portman',
    tests: executions.length,
    checks: assertions.length,
    failed: ids.filter((_, i) => assertions[i]?.error !== undefined && assertions[i]?.error !== null && !assertions[i]?.broken),
    // A test is one request Newman ran; it failed when one of its assertions did (for the shop, not the transport).
    testsFailed: executions.filter((e) => (e.requestError === undefined || e.requestError === null) && (e.assertions ?? []).some(failedHere)).length,
    skipped: 0,
    ...(parsed ? {} : { error: `no complete Newman report (${file})` }),
  };
}

/** The verdicts of an earlier finished run in `dir` (for a resumed fault sweep); timings are not kept. */
export function recoverNewman(dir: string): ToolRun | undefined {
  const file = path.join(dir, 'newman.json');
  if (!existsSync(file)) return undefined;
  const r = fromReport(file);
  if (r.error) return undefined;
  return { ...r, exitCode: NaN, wallMs: NaN, peakRssMb: NaN, peakPssMb: NaN, cpuMs: NaN, requests: NaN, logFile: path.join(dir, 'newman.log') };
}
