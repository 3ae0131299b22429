// `npm test` (`npm run test:quick` with --quick): typecheck, lint, self-tests, the conformance
// suites against the clean reference shop (and again under Node 22 when NODE22 names it, embedded
// and against the reference shop as a process of its own), the
// fault matrix, the real shops (standard and readonly conformance against the vendor's Gambio
// GX 3.2.0.1 and GX 4.8.0.3, test/realshop/run.ts), then a credential scan over every artefact
// this run wrote. Each phase prints its counts and time; the very last line sums them:
// `N passed, N failed` (+ `, N skipped`). Nothing may print after it.
//
// Quick mode: FC_RUNS=5 for the self-tests and the conformance phase (unless FC_RUNS is set) and
// the fault matrix's quick subset (the first fault of each area), whose property faults keep their
// runs: fewer would let them slip through. Counting: typecheck, lint and the leak scan are one
// each; Playwright phases count their tests; the matrix counts one per fault plus one for its
// clean run; the real shops count their checks (per shop: set up, gate per run, database diffs,
// requests per run, stopped; one credential scan). Typecheck and lint run side by side (one core
// each), their output printed in turn.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, mergedEnv } from '../src/config/config.js';
import { SHOPS } from './realshop/shops.js';
import { headerHelp, printHelpAndExit, variableRows, wantsHelp } from '../src/core/help.js';

if (wantsHelp(process.argv.slice(2))) {
  printHelpAndExit(
    headerHelp(import.meta.filename, [
      {
        title: 'Variables',
        rows: [
          ['NODE22', 'a Node 22 binary (the oldest `engines` allows): the Node 22 phase runs with it, and so does one real-shop run; unset: that phase is skipped and says so (.ci/run sets it)'],
          ...variableRows([{ env: 'FC_RUNS', default: '25 (5 with --quick)', meaning: 'fast-check runs of the self-tests and the conformance phase' }]),
          'The real-shop phase reads REALSHOP_* (npm run test:realshop -- --help); BASE_URL is ignored: npm test runs against its own shops only.',
        ],
      },
      { title: 'Exit codes', rows: ['0    every phase passed', '1    something failed (the closing line `N passed, N failed` counts it)'] },
    ]),
  );
}

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

const root = path.resolve(import.meta.dirname, '..');
const quick = process.argv.includes('--quick');
const reports = path.join(root, 'reports');
const tmp = path.join(reports, '.npm-test');
const conformanceDir = path.join(reports, 'npm-test-conformance');
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
const timings: string[] = [];
const started = Date.now();

rmSync(tmp, { recursive: true, force: true });
mkdirSync(tmp, { recursive: true });

// npm test proves the harness at the default depth (the fault matrix needs every suite to catch its
// faults); a DEPTH in the environment or .env must not make it quick. The real-shop phase adds each
// shop's quick run itself. Set in the environment, it wins over .env for every phase's child.
process.env.DEPTH = 'standard';

// Quick runs fewer property runs everywhere; an explicit FC_RUNS (env or .env) still wins.
const quickEnv: NodeJS.ProcessEnv = quick && mergedEnv().FC_RUNS === undefined ? { FC_RUNS: '5' } : {};
const playwrightCli = path.join(root, 'node_modules/@playwright/test/cli.js');

function line(c: Counts): string {
  return `${c.passed} passed, ${c.failed} failed${c.skipped ? `, ${c.skipped} skipped` : ''}`;
}

/**
 * CPU seconds of every child process this runner has waited for (Linux: cutime + cstime of
 * /proc/self/stat, grandchildren included once their parent waited for them). Printed next to the
 * wall time, because on a shared machine the wall time says more about the neighbours.
 */
const CLK_TCK = ((): number => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();
function childCpuSeconds(): number | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[13]) + Number(f[14])) / CLK_TCK;
  } catch {
    return undefined;
  }
}
let cpuMark = childCpuSeconds();

/** `CPU 42 s` since the last call, or '' where /proc is missing. */
function cpuSinceMark(): string {
  const now = childCpuSeconds();
  const cpu = now !== undefined && cpuMark !== undefined ? `CPU ${Math.round(now - cpuMark)} s` : '';
  cpuMark = now;
  return cpu;
}

function record(name: string, c: Counts, ms: number, cpu: string): void {
  const secs = Math.round(ms / 1000);
  total.passed += c.passed;
  total.failed += c.failed;
  total.skipped += c.skipped;
  timings.push(`${name} ${secs}s${cpu ? ` (${cpu})` : ''}`);
  console.log(`\n== ${name}: ${line(c)} (${secs} s${cpu ? `, ${cpu}` : ''})`);
}

function phase(name: string, body: () => Counts): void {
  console.log(`\n== ${name}`);
  const t0 = Date.now();
  let c: Counts;
  try {
    c = body();
  } catch (err) {
    console.error(`${name}: ${err instanceof Error ? err.message : String(err)}`);
    c = { passed: 0, failed: 1, skipped: 0 };
  }
  record(name, c, Date.now() - t0, cpuSinceMark());
}

async function phaseAsync(name: string, body: () => Promise<Counts>): Promise<void> {
  console.log(`\n== ${name}`);
  const t0 = Date.now();
  let c: Counts;
  try {
    c = await body();
  } catch (err) {
    console.error(`${name}: ${err instanceof Error ? err.message : String(err)}`);
    c = { passed: 0, failed: 1, skipped: 0 };
  }
  record(name, c, Date.now() - t0, cpuSinceMark());
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.error) console.error(`${cmd}: ${r.error.message}`);
  return r.status ?? 1;
}

function passFail(ok: boolean): Counts {
  return { passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 };
}

/** A command that passes or fails as a whole. */
function step(cmd: string, args: string[]): Counts {
  return passFail(run(cmd, args) === 0);
}

/** Whole-command phases side by side; each one's output is kept and printed after it, in order. */
async function sideBySide(phases: { name: string; args: string[] }[]): Promise<void> {
  const t0 = Date.now();
  const runs = phases.map(
    ({ args }) =>
      new Promise<{ status: number; output: string; ms: number }>((resolve) => {
        const child = spawn(process.execPath, args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', (d: Buffer) => (output += d.toString('utf8')));
        child.stderr.on('data', (d: Buffer) => (output += d.toString('utf8')));
        child.on('error', (err) => resolve({ status: 1, output: `${output}${err.message}\n`, ms: Date.now() - t0 }));
        child.on('close', (code) => resolve({ status: code ?? 1, output, ms: Date.now() - t0 }));
      }),
  );
  const done = await Promise.all(runs);
  const cpu = cpuSinceMark();
  const names = phases.map((p) => p.name).join(' + ');
  phases.forEach(({ name }, i) => {
    const r = done[i] ?? { status: 1, output: '', ms: 0 };
    console.log(`\n== ${name}`);
    if (r.output) process.stdout.write(r.output);
    // One CPU figure for the phases that ran together, on the first of them.
    record(name, passFail(r.status === 0), r.ms, i === 0 && cpu ? `${cpu} for ${names}` : '');
  });
}

/** A non-zero exit with nothing failed (global setup, config or load error) still fails the phase. */
function withExit(c: Counts, status: number): Counts {
  return status !== 0 && c.failed === 0 ? { ...c, failed: c.failed + 1 } : c;
}

interface JsonStats {
  expected: number;
  unexpected: number;
  skipped: number;
  flaky: number;
}

/** Self-tests: their config has only a terminal reporter, so a JSON reporter is added for the counts. */
function selfTests(): Counts {
  const out = path.join(tmp, 'self-tests.json');
  const status = run(process.execPath, [playwrightCli, 'test', '-c', 'test/playwright.config.ts', '--reporter=dot,json'], { ...quickEnv, PLAYWRIGHT_JSON_OUTPUT_NAME: out });
  if (!existsSync(out)) return { passed: 0, failed: 1, skipped: 0 };
  const s = (JSON.parse(readFileSync(out, 'utf8')) as { stats: JsonStats }).stats;
  return withExit({ passed: s.expected + s.flaky, failed: s.unexpected, skipped: s.skipped }, status);
}

/** `<testsuites tests= failures= skipped= errors=>` of a JUnit file. */
function junitCounts(file: string): Counts | undefined {
  if (!existsSync(file)) return undefined;
  const head = /<testsuites\b[^>]*>/.exec(readFileSync(file, 'utf8'))?.[0];
  if (!head) return undefined;
  const n = (attr: string): number => Number(new RegExp(`\\b${attr}="(\\d+)"`).exec(head)?.[1] ?? 0);
  const failed = n('failures') + n('errors');
  return { passed: n('tests') - failed - n('skipped'), failed, skipped: n('skipped') };
}

/**
 * The conformance suites against the clean embedded shop, with the real reporter list (redacting
 * reporter first, HTML, JUnit, Allure), so the leak scan sees real reports. Counts from JUnit.
 */
function conformance(): Counts {
  // .env wins over an empty BASE_URL: refuse rather than run npm test against a live shop.
  const probe = loadConfig({ ...process.env, BASE_URL: '' });
  if (probe.baseUrl !== undefined) throw new Error(`BASE_URL is set in .env (${probe.baseUrl}); npm test runs against the reference shop only. Move .env away.`);
  rmSync(conformanceDir, { recursive: true, force: true });
  const status = run(process.execPath, [playwrightCli, 'test'], { ...quickEnv, BASE_URL: '', SHOP_FAULTS: '', SHOP_QUIRKS: '', REPORT_DIR: conformanceDir });
  const c = junitCounts(path.join(conformanceDir, 'junit.xml'));
  return withExit(c ?? { passed: 0, failed: 1, skipped: 0 }, status);
}

/**
 * The conformance suites under Node 22, the oldest Node `engines` allows (CI runs on Node 24):
 * against the clean embedded shop, and against the reference shop as a process of its own (`npm
 * run shop`), a target elsewhere as a user's shop is: there the workers take the memory lever
 * Node 22 allows (src/cli/node-args.ts), where lite mode would make every test of that run an
 * Error. NODE22 names its binary (.ci/run installs it); without it the phase is skipped and
 * says so. The real-shop phase runs one run of GX 3.2 under it too (shops.ts node22Run). Counts:
 * one per target, green under Node 22 or not.
 */
async function node22(): Promise<Counts> {
  const bin = process.env.NODE22;
  if (!bin) {
    console.log('skipped: NODE22 (the path of a Node 22 binary) is not set; .ci/run sets it');
    return { passed: 0, failed: 0, skipped: 1 };
  }
  const version = spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? '';
  if (!version.startsWith('v22.')) throw new Error(`NODE22=${bin} is not Node 22 (it says ${version || 'nothing'})`);
  const env = { ...quickEnv, FC_RUNS: quickEnv.FC_RUNS ?? '5', SHOP_FAULTS: '', SHOP_QUIRKS: '' };
  const dir = path.join(reports, 'npm-test-node22');
  rmSync(dir, { recursive: true, force: true });
  const embedded = run(bin, [playwrightCli, 'test', '--reporter=dot'], { ...env, BASE_URL: '', REPORT_DIR: dir });
  console.log(`Node ${version}, embedded shop: conformance ${embedded === 0 ? 'green' : `exit ${embedded}`}`);
  const elsewhereDir = path.join(reports, 'npm-test-node22-elsewhere');
  rmSync(elsewhereDir, { recursive: true, force: true });
  const elsewhere = await againstShopProcess((url) => run(bin, ['src/cli/conformance.mjs', '--reporter=dot'], { ...env, BASE_URL: url, API_USER: '', API_PASSWORD: '', REPORT_DIR: elsewhereDir }));
  console.log(`Node ${version}, reference shop as a process of its own: conformance ${elsewhere === 0 ? 'green' : `exit ${elsewhere}`}`);
  return { passed: Number(embedded === 0) + Number(elsewhere === 0), failed: Number(embedded !== 0) + Number(elsewhere !== 0), skipped: 0 };
}

/** Starts `npm run shop` (the clean reference shop, its own process, any free port), runs `body` against its URL, stops it. */
async function againstShopProcess(body: (url: string) => number): Promise<number> {
  const shop = spawn(process.execPath, ['--import', 'tsx', 'reference/main.ts'], { cwd: root, env: { ...process.env, PORT: '0', SHOP_FAULTS: '', SHOP_QUIRKS: '', SHOP_CHAOS: '', API_USER: '', API_PASSWORD: '' }, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      shop.stdout.on('data', (d: Buffer) => {
        out += d.toString('utf8');
        const m = /listening on (\S+)/.exec(out);
        if (m?.[1]) resolve(m[1]);
      });
      shop.on('close', (code) => reject(new Error(`the reference shop ended before it listened (exit ${code ?? '?'})`)));
    });
    return body(url);
  } finally {
    shop.kill('SIGTERM');
  }
}

function faultMatrix(): Counts {
  const out = path.join(tmp, 'fault-matrix-counts.json');
  const status = run(process.execPath, ['--import', 'tsx', 'test/faults/matrix.ts', ...(quick ? ['--quick'] : []), `--counts=${out}`], { BASE_URL: '' });
  if (!existsSync(out)) return { passed: 0, failed: 1, skipped: 0 };
  return withExit(JSON.parse(readFileSync(out, 'utf8')) as Counts, status);
}

/** The real shops: their checks' counts (test/realshop/run.ts writes them; a shop that cannot be set up fails with one line). */
function realShop(): Counts {
  const out = path.join(tmp, 'realshop-counts.json');
  const status = run(process.execPath, ['--import', 'tsx', 'test/realshop/run.ts', `--counts=${out}`], quickEnv);
  if (!existsSync(out)) return { passed: 0, failed: 1, skipped: 0 };
  return withExit(JSON.parse(readFileSync(out, 'utf8')) as Counts, status);
}

function leakScan(): Counts {
  return step(process.execPath, ['--import', 'tsx', 'test/leak-scan.ts', `--since=${started}`, 'reports', 'test-results']);
}

await sideBySide([
  { name: 'typecheck', args: [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json', '--noEmit'] },
  { name: 'lint', args: [path.join(root, 'node_modules/eslint/bin/eslint.js'), '.'] },
]);
phase('self-tests', selfTests);
phase('conformance (clean reference shop)', conformance);
await phaseAsync('conformance on Node 22 (embedded, and the reference shop as a process of its own)', node22);
phase(`fault matrix${quick ? ' (quick)' : ''}`, faultMatrix);
phase(`real shops (${SHOPS.map((s) => s.title).join(', ')})`, realShop);
phase('credential scan of the artefacts', leakScan);

const cpuTotal = childCpuSeconds();
console.log(`\nnpm test${quick ? ' --quick' : ''}: ${timings.join(', ')}; total ${Math.round((Date.now() - started) / 1000)} s${cpuTotal !== undefined ? ` (CPU ${Math.round(cpuTotal)} s)` : ''}`);
console.log(line(total));
process.exit(total.failed === 0 ? 0 : 1);
