// Runs a proof config (a Playwright config that runs suites against in-process reference shops,
// clean and with faults) as a child process with its own REPORT_DIR, and reads back every test's
// result from the JSON reporter: project, own title, tags, status and its verdict record (verdict.json).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../../../src/config/config.js';
import { parseVerdict, VERDICT_ATTACHMENT, type VerdictRecord } from '../../../src/core/verdict.js';

export interface ProofTest {
  project: string;
  /** The spec file, relative to the test dir of the proof config. */
  file: string;
  /** The test's own title (no describe titles). */
  title: string;
  tags: string[];
  status: string;
  /** The outcome of its verdict record (pass, fail, skip, disabled, ...), when it wrote one. */
  outcome: string | undefined;
  /** The verdict record the test wrote when it ended. */
  verdict: VerdictRecord | undefined;
  /** Skip reasons and other annotations, `type: description`. */
  notes: string[];
  /** First line of the first error, for failure messages. */
  error: string | undefined;
  /** The whole first error message, without terminal colours ('' when none). */
  message: string;
  annotations: { type: string; description?: string }[];
}

export interface ProofRun {
  reportDir: string;
  tests: ProofTest[];
  output: string;
  exitCode: number | null;
}

interface JsonResult {
  status: string;
  errors?: { message?: string }[];
  attachments?: { name: string; path?: string; body?: string }[];
}
interface JsonTest {
  projectName: string;
  annotations: { type: string; description?: string }[];
  results: JsonResult[];
}
interface JsonSpec {
  title: string;
  file: string;
  tags: string[];
  tests: JsonTest[];
}
interface JsonSuite {
  specs: JsonSpec[];
  suites?: JsonSuite[];
}

/** The verdict.json of a result: by body (base64 in the JSON report) or by path. */
function verdictOf(r: JsonResult | undefined): VerdictRecord | undefined {
  const att = r?.attachments?.find((a) => a.name === VERDICT_ATTACHMENT);
  if (!att) return undefined;
  const text = att.body !== undefined ? Buffer.from(att.body, 'base64').toString('utf8') : att.path && existsSync(att.path) ? readFileSync(att.path, 'utf8') : '';
  return parseVerdict(text);
}

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const withoutColours = (s: string): string => s.replace(ANSI, '');

/** Settings of the parent run that must not leak into a proof's child run unless given. */
const PARENT_ONLY = ['PLAYWRIGHT_JSON_OUTPUT_NAME', 'FC_SEED', 'FC_PATH', 'FC_RUNS', 'SHOP_FAULTS', 'SHOP_QUIRKS', 'RUN_ID', 'ONLY_GROUPS', 'SKIP_GROUPS', 'TEST_WORKER_INDEX', 'TEST_PARALLEL_INDEX'];

function flatten(suites: readonly JsonSuite[], out: ProofTest[] = []): ProofTest[] {
  for (const s of suites) {
    for (const spec of s.specs) {
      for (const t of spec.tests) {
        const r = t.results[0];
        const message = withoutColours(r?.errors?.[0]?.message ?? '');
        const verdict = verdictOf(r);
        out.push({
          project: t.projectName,
          file: spec.file,
          title: spec.title,
          tags: spec.tags.map((x) => (x.startsWith('@') ? x : `@${x}`)),
          status: r?.status ?? 'none',
          outcome: verdict?.outcome,
          verdict,
          notes: [...t.annotations.map((a) => `${a.type}: ${a.description ?? ''}`), ...(verdict?.notes ?? []).map((n) => `note: ${n}`)],
          error: message.split('\n').find((l) => l.trim() !== ''),
          message,
          annotations: t.annotations,
        });
      }
    }
    flatten(s.suites ?? [], out);
  }
  return out;
}

/** Our environment for a child run, without parent-only settings, with the harness defaults and `extra` on top. */
export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, BASE_URL: '', PROFILE: 'standard', FORCE_COLOR: '0', ...extra };
  for (const k of PARENT_ONLY) if (!(k in extra)) delete env[k];
  return env;
}

/**
 * Runs `playwright test -c <config> ...args` (config relative to the project) with `env` on top of
 * the harness defaults. The config's JSON reporter writes `results.json` in the run's REPORT_DIR;
 * for a config without one (the conformance config), `--reporter=json` in `args` writes it there too.
 */
export async function runProof(config: string, env: Record<string, string> = {}, args: readonly string[] = []): Promise<ProofRun> {
  const reportDir = mkdtempSync(path.join(tmpdir(), 'proof-'));
  const cli = path.join(PROJECT_ROOT, 'node_modules/@playwright/test/cli.js');
  const child = spawn(process.execPath, [cli, 'test', '-c', config, ...args], {
    cwd: PROJECT_ROOT,
    env: childEnv({ REPORT_DIR: reportDir, PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reportDir, 'results.json'), ...env }),
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString('utf8')));
  child.stderr.on('data', (d: Buffer) => (output += d.toString('utf8')));
  const exitCode = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const file = path.join(reportDir, 'results.json');
  const tests = existsSync(file) ? flatten((JSON.parse(readFileSync(file, 'utf8')) as { suites: JsonSuite[] }).suites) : [];
  return { reportDir, tests, output, exitCode };
}
