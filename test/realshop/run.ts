// `npm run test:realshop` (and the real-shop phase of `npm test`): the whole standard, readonly and quick
// conformance against each of the vendor's real shops in shops.ts (Gambio GX 3.2.0.1 and GX
// 4.8.0.3), each installed pristine by its read-only recipe, with the database dumped around each run.
//
//   node --import tsx test/realshop/run.ts [--counts=<file>] [--update-baselines [--fresh]]   the phase
//   node --import tsx test/realshop/run.ts --stop              stop the phase's shops, if running
//
// Per shop: find its recipe (<env>_DIR, else shops.ts's folders); set up its own instance
// (<env>_ROOT, <env>_PORT), or `reinstall` it pristine when installed already, and check the
// versions it reports; then for PROFILE=standard and then readonly: dump, reset the shop's
// rate-limit counter, `npm run conformance` with the shop's baseline into
// reports/realshop/<shop>/<run>, dump again; stop the shop, whatever happened. The next shop's
// set-up starts as soon as the previous one's ended, so it goes on while the previous shop's runs
// go (the first one's runs alone: it may install packages, and apt takes one lock); the runs
// themselves never overlap each other.
//
// Checks, each counted, per shop: set up; per run the CI gate (exit 0, no new failure, no run
// error, no Error outcome); no baseline entry that now passes, over the shop's runs (gate.ts);
// the standard run's database
// diff holds only rows of records its leftover report names with a reason (mapping.ts), or of the
// shop's own bookkeeping; the readonly run's diff is empty; per run no 429 and at most 4,000
// requests, counted from the PHP server's log; the shop stopped with nothing left running. Then
// one credential scan of reports/realshop. Figures go to reports/realshop/summary.json.
//
// Same shop, same verdicts (REALSHOP_REPRO=0 turns it off): a shop marked `repro`
// (GX 3.2) runs standard twice, pristine each time, with two seeds (REALSHOP_REPRO_SEEDS, else a
// pinned pair: repro.ts) and the harness's default workers, and the two runs must fail the same cells; the cells
// that differ are printed.
//
// DEPTH=quick (REALSHOP_QUICK=0 turns it off) runs last on each shop, on a pristine shop, with the
// same baseline and gate, and its Fail cells must be a subset of the standard runs' (runs.ts says
// why it reinstalls only where readonly did not start pristine).
//
// --update-baselines rewrites each shop's baseline from its runs (baseline.ts), then judges the
// gates against it. If a recipe cannot be found or a shop set up, its check fails with one line
// naming the shop and the step. The recipes need root.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../../src/config/config.js';
import { secretForms } from '../../src/client/redact.js';
import type { BaselineEntry, CompatibilityReport } from '../../src/report/compatibility/types.js';
import { scanTree } from '../support/artefact-scan.js';
import { rewriteBaseline } from './baseline.js';
import { diffDumps, diffText, parseDump, takeDump, toRow, type Dump, type Row } from './dump.js';
import { judgeFixed, judgeReport, judgeRun, type GateVerdict } from './gate.js';
import { judgeDiff, parseLeftovers, parsePossiblePartial, type DiffVerdict, type Leftover, type Lookup, type PossiblePartial } from './mapping.js';
import { findRecipe, instance, isInstalled, livePids, RecipeError, resetRateLimit, runScript, runScriptAsync, whyFailed, writePhpWrapper, type Instance, type ScriptResult } from './recipe.js';
import { processesCpu, reapedChildrenCpu } from './cpu.js';
import { compareFailCells, differingLines, failCells, reproSeeds } from './repro.js';
import { logPosition, requestsBetween, type RequestCount } from './requests.js';
import { reinstallFirst, runSpecs, type Profile, type RunSpec } from './runs.js';
import { REALSHOP_FIELDS, realShopArgs, realShopEnv, reproFor } from './settings.js';
import { sameBuildCheck, versionsCheck, type CompareCheck } from './compare.js';
import { Redactor } from '../../src/client/redact.js';
import { headerHelp, printHelpAndExit, variableRows, wantsHelp } from '../../src/core/help.js';
import { chosenShops, SHOPS, ShopChoiceError, type ShopDef } from './shops.js';
import { checkVersions } from './versions.js';
import { describeSplit, wallSplit, type WallSplit } from './wall-split.js';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

interface RunFigures {
  label: string;
  profile: Profile;
  seed: string;
  workers: string;
  reportDir: string;
  exitCode: number;
  seconds: number;
  requests: RequestCount;
  gate: GateVerdict;
  diff: { lines: number; added: number; removed: number; schema: number; explained: number; bookkeeping: number; unexplained: number; file: string } | null;
  leftovers: number | null;
  reinstallSeconds?: number;
  /** The machine's 1-minute load average when the run started and ended (2 cores: above 2, the wall time measures the neighbours too). */
  load: [number, number];
  /** CPU seconds of the run: the harness's processes and the shop's (web server, workers, database). */
  cpu: { harness: number; shop: number };
  /** The Node version the harness ran on. */
  node: string;
  /** Where the wall time went (wall-split.ts); absent when the report lacks its marks. */
  split?: WallSplit;
  error?: string;
}

interface ShopFigures {
  title: string;
  baseUrl?: string;
  root?: string;
  recipe?: string;
  setup?: { mode: string; seconds: number; exitCode: number; startedAtS: number; overlappedRuns: boolean; load: [number, number]; again?: { seconds: number; exitCode: number } };
  runs: Record<string, Omit<RunFigures, 'requests' | 'reportDir'> & { requests: number; statuses: Record<string, number>; nonApiRequests: number; reportDir: string }>;
  repro?: { seeds: [string, string]; failCells: [number, number]; differing: string[] };
  /** The two standard runs of the reproducibility pair compared (issue 34): their counts (0 items). */
  sameBuild?: CompareCheck['figures'];
  baseline?: { file: string; entries: number; added: number; removed: number };
  wallSeconds: number;
}

if (wantsHelp(process.argv.slice(2))) {
  printHelpAndExit(headerHelp(import.meta.filename, [{ title: 'Variables', rows: variableRows(REALSHOP_FIELDS) }, { title: 'Also', rows: ['ONLY_GROUPS and SKIP_GROUPS pass through to every run. The recipes need root.'] }]));
}

/**
 * Requests one run may send: well under the shops' 5,000 per 15 minutes and credential (the phase
 * resets the counter before each run), with room above GX 4.8's standard run, the costliest: it
 * judges every operation, orders included, and its request count moves with the seed.
 */
const MAX_REQUESTS = 4600;
const SHOW_LINES = 40;

const outDir = path.join(PROJECT_ROOT, 'reports/realshop');
const rel = (p: string): string => path.relative(PROJECT_ROOT, p) || '.';
const countsArg = process.argv.find((a) => a.startsWith('--counts='))?.slice('--counts='.length);
const updateBaselines = process.argv.includes('--update-baselines');
const started = Date.now();
const checks: Check[] = [];
let interrupted: NodeJS.Signals | undefined;
/** A shop's runs are going: a set-up started now overlaps them. */
let runsGoing = false;

function say(text: string): void {
  process.stdout.write(`${text}\n`);
}

function check(name: string, ok: boolean, detail: string): void {
  checks.push({ name, ok, detail });
  say(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? `: ${detail}` : ''}`);
}

function secs(ms: number): number {
  return Math.round(ms / 100) / 10;
}

/** The 1-minute load average, one decimal. */
function load(): number {
  return Math.round((loadavg()[0] ?? 0) * 10) / 10;
}

function finish(extra: Record<string, unknown> = {}): never {
  const counts: Counts = { passed: checks.filter((c) => c.ok).length, failed: checks.filter((c) => !c.ok).length, skipped: 0 };
  if (countsArg) writeFileSync(path.resolve(countsArg), JSON.stringify(counts) + '\n');
  try {
    mkdirSync(outDir, { recursive: true });
    writeFileSync(path.join(outDir, 'summary.json'), JSON.stringify({ generatedAt: new Date().toISOString(), wallSeconds: secs(Date.now() - started), ...extra, checks, counts }, null, 2) + '\n');
  } catch (err) {
    process.stderr.write(`real shop: summary not written: ${err instanceof Error ? err.message : String(err)}\n`);
  }
  if (!countsArg) say(`${counts.passed} passed, ${counts.failed} failed`);
  process.exit(counts.failed === 0 && !interrupted ? 0 : 1);
}

/** The phase cannot run at all: one line, one failed check. */
function cannot(line: string): never {
  try {
    rmSync(outDir, { recursive: true, force: true });
  } catch {
    // a stale folder we may not remove: finish() says so
  }
  checks.push({ name: 'real shops set up', ok: false, detail: line });
  process.stderr.write(`real shop: cannot run: ${line}\n`);
  finish();
}

/** One shop cannot be set up: one line naming the shop and the step, one failed check. */
function shopCannot(shop: ShopDef, step: string, why: string): void {
  checks.push({ name: `${shop.key}: set up`, ok: false, detail: `${step}: ${why}` });
  process.stderr.write(`real shop ${shop.key} (${shop.title}): cannot set up: ${step}: ${why}\n`);
}

/** PIDs of the instance's servers and of their children (php -S workers). */
function processTree(pids: number[]): number[] {
  const all = new Set(pids);
  const r = spawnSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' });
  for (const line of (r.stdout ?? '').split('\n')) {
    const [pid, ppid] = line.trim().split(/\s+/).map(Number);
    if (pid && ppid && all.has(ppid)) all.add(pid);
  }
  return [...all];
}

/** Running (a zombie waiting for its parent to reap it counts as ended). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

/** stop.sh, then make sure none of the processes it should have ended is left. */
function stopShop(inst: Instance): Check {
  const before = processTree(livePids(inst));
  const r = runScript(inst, 'stop.sh');
  // stop.sh ends the php -S workers with TERM without waiting for them: give them a moment.
  const until = Date.now() + 10_000;
  while (before.some(alive) && Date.now() < until) spawnSync('sleep', ['0.2']);
  const left = before.filter(alive);
  const ok = r.status === 0 && left.length === 0;
  const detail = ok ? `stop.sh ended ${before.length} process(es) in ${secs(r.ms)} s` : `stop.sh exited ${r.status}${left.length ? `; still running: ${left.join(', ')}` : ''}: ${whyFailed(r.output)}`;
  return { name: `${inst.shop.key}: shop stopped, nothing left running`, ok, detail };
}

function onSignal(sig: NodeJS.Signals): void {
  interrupted ??= sig;
}

/**
 * `npm run conformance` for one run. Its console output (every failure with its evidence: many
 * thousand lines against a real shop) goes to <REPORT_DIR>/console.log; what is printed here is
 * its closing part, from the compatibility summary line on.
 */
async function conformance(inst: Instance, run: RunSpec, reportDir: string): Promise<number> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...realShopEnv(inst, run.profile, process.env, run.seed, run.depth), REPORT_DIR: reportDir, SHOP_FAULTS: '' };
  // Each run its own id; npm test's JSON reporter file is not ours to write.
  delete env.RUN_ID;
  delete env.PLAYWRIGHT_JSON_OUTPUT_NAME;
  const args = ['src/cli/conformance.mjs', ...realShopArgs(inst, process.env, run.workers), '--reporter', process.env.REALSHOP_REPORTER || 'dot'];
  mkdirSync(reportDir, { recursive: true });
  const logFile = path.join(reportDir, 'console.log');
  const fd = openSync(logFile, 'w');
  const code = await new Promise<number>((resolve) => {
    const child = spawn(run.node ?? process.execPath, args, { cwd: PROJECT_ROOT, env, stdio: ['ignore', fd, fd] });
    child.on('error', (err) => {
      process.stderr.write(`conformance: ${err.message}\n`);
      resolve(1);
    });
    child.on('close', (c) => resolve(c ?? 1));
  });
  closeSync(fd);
  const lines = readFileSync(logFile, 'utf8').split('\n');
  const from = lines.findLastIndex((l) => l.startsWith('Compatibility'));
  const tail = (from >= 0 ? lines.slice(from) : lines.slice(-20)).filter((l, i, a) => l.trim() || (i > 0 && a[i - 1]?.trim()));
  say(`${tail.slice(0, 45).join('\n')}${tail.length > 45 ? '\n…' : ''}\n(console output: ${rel(logFile)})`);
  return code;
}

function readLeftovers(reportDir: string): { leftovers: Leftover[]; partial: PossiblePartial[] } | undefined {
  const file = path.join(reportDir, 'leftovers.json');
  if (!existsSync(file)) return undefined;
  const json = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  return { leftovers: parseLeftovers(json), partial: parsePossiblePartial(json) };
}

/** Finds rows in the dumps (after first, then before), parsing each table's rows once. */
function lookupIn(...dumps: Dump[]): Lookup {
  const parsed = new Map<string, Row[]>();
  return (table, match) => {
    for (const [i, d] of dumps.entries()) {
      const key = `${i} ${table}`;
      let rows = parsed.get(key);
      if (!rows) parsed.set(key, (rows = (d.rows.get(table) ?? []).map((line) => toRow(d, table, line))));
      const hit = rows.find((r) => match(r.values));
      if (hit) return hit;
    }
    return undefined;
  };
}

function reportOf(figures: RunFigures): CompatibilityReport | undefined {
  const file = path.join(PROJECT_ROOT, figures.reportDir, 'compatibility/report.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as CompatibilityReport;
  } catch {
    return undefined;
  }
}

async function oneRun(inst: Instance, run: RunSpec, shopDir: string, reinstall: boolean): Promise<{ figures: RunFigures; verdict: DiffVerdict | undefined; diffLines: string[] }> {
  const reportDir = path.join(shopDir, run.label);
  const dumpDir = path.join(shopDir, 'dumps');
  mkdirSync(dumpDir, { recursive: true });
  rmSync(reportDir, { recursive: true, force: true });
  mkdirSync(reportDir, { recursive: true });
  const figures: RunFigures = {
    label: run.label,
    profile: run.profile,
    seed: run.seed,
    workers: run.workers ?? 'default',
    reportDir: rel(reportDir),
    exitCode: -1,
    seconds: 0,
    requests: { requests: 0, statuses: {}, other: 0 },
    gate: { ok: false, problems: ['not run'], outcomes: {} },
    diff: null,
    leftovers: null,
    load: [load(), 0],
    cpu: { harness: 0, shop: 0 },
    node: run.node ? (spawnSync(run.node, ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? run.node) : process.version,
  };
  const name = `${inst.shop.key} ${run.label}`;
  if (reinstall) {
    const r = runScript(inst, 'setup.sh', ['reinstall']);
    writeFileSync(path.join(shopDir, `setup-${run.label}.log`), r.output);
    figures.reinstallSeconds = secs(r.ms);
    if (r.status !== 0) {
      figures.error = `setup.sh reinstall before the run failed (exit ${r.status}): ${whyFailed(r.output)}`;
      return { figures, verdict: undefined, diffLines: [] };
    }
    say(`\n-- ${name}: setup.sh reinstall (pristine again) in ${figures.reinstallSeconds} s`);
  }
  let before: Dump;
  try {
    const text = takeDump(inst.socket);
    writeFileSync(path.join(dumpDir, `${run.label}-before.sql`), text);
    before = parseDump(text);
  } catch (err) {
    figures.error = `dump before the run: ${err instanceof Error ? err.message : String(err)}`;
    return { figures, verdict: undefined, diffLines: [] };
  }
  resetRateLimit(inst);
  const pos0 = logPosition(inst.serverLog);
  say(`\n-- ${name}: npm run conformance against ${inst.baseUrl} (PROFILE=${run.profile}, DEPTH=${run.depth ?? 'standard'}, FC_SEED=${run.seed}, workers ${figures.workers}, Node ${figures.node}, REPORT_DIR=${rel(reportDir)})`);
  const t0 = Date.now();
  const shopPids = processTree(livePids(inst));
  const cpu0 = { harness: reapedChildrenCpu(), shop: processesCpu(shopPids) };
  figures.exitCode = await conformance(inst, run, reportDir);
  const t1 = Date.now();
  figures.seconds = secs(t1 - t0);
  const split = wallSplit(path.join(reportDir, 'compatibility/report.json'), t0, t1);
  if (split) figures.split = split;
  figures.load[1] = load();
  figures.cpu = { harness: Math.round(reapedChildrenCpu() - cpu0.harness), shop: Math.round(processesCpu(shopPids) - cpu0.shop) };
  figures.requests = requestsBetween(inst.serverLog, pos0, logPosition(inst.serverLog));
  figures.gate = judgeRun(path.join(reportDir, 'compatibility/report.json'), figures.exitCode);
  say(`-- ${name}: ${figures.seconds} s${describeSplit(figures.split)}, ${figures.requests.requests} requests (${Object.entries(figures.requests.statuses).map(([s, n]) => `${s}: ${n}`).join(', ') || 'none'}), exit ${figures.exitCode}, CPU ${figures.cpu.harness} s harness + ${figures.cpu.shop} s shop, load ${figures.load.join(' -> ')}`);
  let after: Dump;
  try {
    const text = takeDump(inst.socket);
    writeFileSync(path.join(dumpDir, `${run.label}-after.sql`), text);
    after = parseDump(text);
  } catch (err) {
    figures.error = `dump after the run: ${err instanceof Error ? err.message : String(err)}`;
    return { figures, verdict: undefined, diffLines: [] };
  }
  const diff = diffDumps(before, after);
  const lines = diffText(diff);
  const diffFile = path.join(shopDir, `${run.label}.diff`);
  writeFileSync(diffFile, lines.join('\n') + (lines.length ? '\n' : ''));
  let leftovers: Leftover[] = [];
  let partial: PossiblePartial[] = [];
  try {
    const read = readLeftovers(reportDir);
    if (read === undefined) figures.error = `no ${rel(path.join(reportDir, 'leftovers.json'))} (the run ended before its teardown)`;
    leftovers = read?.leftovers ?? [];
    partial = read?.partial ?? [];
    figures.leftovers = read ? read.leftovers.length : null;
  } catch (err) {
    figures.error = `leftovers.json: ${err instanceof Error ? err.message : String(err)}`;
  }
  const verdict = judgeDiff(diff, leftovers, lookupIn(after, before), inst.shop.mapping, partial);
  figures.diff = {
    lines: lines.length,
    added: diff.added.length,
    removed: diff.removed.length,
    schema: diff.schema.length,
    explained: verdict.explained,
    bookkeeping: verdict.bookkeeping,
    unexplained: verdict.unexplained.length,
    file: rel(diffFile),
  };
  return { figures, verdict, diffLines: lines };
}

function showUnexplained(v: DiffVerdict): string {
  const shown = v.unexplained.slice(0, SHOW_LINES).map((u) => `    ${u.line.length > 220 ? `${u.line.slice(0, 220)}…` : u.line}\n      (${u.why})`);
  if (v.unexplained.length > SHOW_LINES) shown.push(`    … ${v.unexplained.length - SHOW_LINES} more`);
  return shown.join('\n');
}

function gateCheck(shop: ShopDef, f: RunFigures, g: GateVerdict, after = ''): void {
  check(`${shop.key} ${f.label} run: CI gate${after}`, g.ok, g.ok ? `exit 0, ${Object.entries(g.outcomes).filter(([, n]) => n).map(([o, n]) => `${o} ${n}`).join(', ')}` : g.problems.join(' | '));
}

/** The checks of one run but its gate: requests, database diff. */
function runChecks(shop: ShopDef, figures: RunFigures, verdict: DiffVerdict | undefined, diffLines: string[]): void {
  const name = `${shop.key} ${figures.label} run`;
  const r = figures.requests;
  const saw429 = r.statuses['429'] ?? 0;
  const reqOk = saw429 === 0 && r.requests <= MAX_REQUESTS && r.requests > 0;
  check(`${name}: no 429, at most ${MAX_REQUESTS} requests`, reqOk, `${r.requests} requests${saw429 ? `, ${saw429} answered 429` : ''}${r.requests === 0 ? ' (none logged: the run never reached the shop)' : ''}${r.other ? `, ${r.other} non-API` : ''}`);
  if (!verdict || !figures.diff) {
    check(`${name}: database diff`, false, figures.error ?? 'no diff');
    return;
  }
  const d = figures.diff;
  if (figures.profile === 'standard') {
    // A missing leftovers.json explains nothing, so any changed row stays unexplained.
    const ok = verdict.unexplained.length === 0;
    check(
      `${name}: database diff holds only rows of leftovers with a reason`,
      ok,
      `${d.lines} diff line(s): ${d.explained} of reported leftovers, ${d.bookkeeping} the shop's bookkeeping, ${d.unexplained} unexplained${figures.error ? `; ${figures.error}` : ''} (${d.file})`,
    );
    if (!ok && verdict.unexplained.length) say(`  unexplained (first ${Math.min(SHOW_LINES, verdict.unexplained.length)}):\n${showUnexplained(verdict)}`);
  } else {
    const ok = d.lines === 0;
    check(`${name}: database unchanged`, ok, ok ? 'empty diff' : `${d.lines} diff line(s) (${d.file})`);
    if (!ok) say(`  changed (first ${Math.min(SHOW_LINES, diffLines.length)}):\n${diffLines.slice(0, SHOW_LINES).map((l) => `    ${l.length > 220 ? `${l.slice(0, 220)}…` : l}`).join('\n')}`);
  }
}

/** NODE22 on the shop's node22Run (the first run of that profile), where NODE22 is set. */
function onNode22(shop: ShopDef, runs: RunSpec[]): RunSpec[] {
  const bin = process.env.NODE22;
  const i = runs.findIndex((r) => r.profile === shop.node22Run);
  if (!bin || i < 0) return runs;
  return runs.map((r, j) => (j === i ? { ...r, node: bin } : r));
}

interface Plan {
  shop: ShopDef;
  inst?: Instance;
  setup?: Promise<ScriptResult & { mode: string; startedAtS: number; overlappedRuns: boolean; load: [number, number] }>;
}

function startSetup(plan: Plan): void {
  const inst = plan.inst;
  if (!inst || plan.setup || interrupted) return;
  if (inst.shop.phpWrapper) writePhpWrapper(inst);
  const mode = isInstalled(inst) ? 'reinstall' : 'setup';
  const startedAtS = secs(Date.now() - started);
  const overlappedRuns = runsGoing;
  say(`real shop ${inst.shop.key}: ${mode === 'reinstall' ? 'setup.sh reinstall' : 'setup.sh'} (${inst.dir}, GAMBIO_ROOT=${inst.root}, port ${inst.port})${overlappedRuns ? ', beside the runs of the shop before' : ''}`);
  const loadBefore = load();
  plan.setup = runScriptAsync(inst, 'setup.sh', mode === 'reinstall' ? ['reinstall'] : []).then((r) => ({ ...r, mode, startedAtS, overlappedRuns, load: [loadBefore, load()] }));
}

/** Everything of one shop after its set-up was started: wait for it, check it, run, stop. */
async function shopPhase(plan: Plan, next: Plan | undefined, figures: ShopFigures): Promise<void> {
  const { shop } = plan;
  const inst = plan.inst;
  if (!inst || !plan.setup) return;
  const t0 = Date.now();
  const shopDir = path.join(outDir, shop.key);
  mkdirSync(shopDir, { recursive: true });
  const setup = await plan.setup;
  writeFileSync(path.join(shopDir, 'setup.log'), setup.output);
  figures.setup = { mode: setup.mode, seconds: secs(setup.ms), exitCode: setup.status, startedAtS: setup.startedAtS, overlappedRuns: setup.overlappedRuns, load: setup.load };
  const setupName = `setup.sh${setup.mode === 'reinstall' ? ' reinstall' : ''}`;
  let ok = setup.status === 0;
  let again = '';
  if (!ok && !interrupted) {
    // Once more, as `setup.sh` (on an installed, running shop it only verifies; a half-installed
    // one it installs again). Under load the recipes' start.sh can take a slow first answer for
    // "something else already answers" (the GX 4.8 shop builds its theme on the first request
    // after an install) although its own server is up; a shop that is really broken fails again.
    say(`real shop ${shop.key}: ${setupName} failed (${whyFailed(setup.output)}); setup.sh once more`);
    const retry = await runScriptAsync(inst, 'setup.sh');
    writeFileSync(path.join(shopDir, 'setup-again.log'), retry.output);
    figures.setup.again = { seconds: secs(retry.ms), exitCode: retry.status };
    ok = retry.status === 0;
    if (ok) again = `; ${setupName} failed first (${whyFailed(setup.output)}), setup.sh then passed in ${secs(retry.ms)} s`;
  }
  if (!ok) shopCannot(shop, setupName, `exit ${setup.status} after ${secs(setup.ms)} s: ${whyFailed(setup.output)} (log: ${rel(path.join(shopDir, 'setup.log'))})`);
  else {
    const v = await checkVersions(inst);
    ok = v.ok;
    if (ok) check(`${shop.key}: set up`, true, `${setup.mode} in ${secs(setup.ms)} s, ${inst.baseUrl}, ${v.detail}${again}`);
    else shopCannot(shop, 'versions', v.detail);
  }
  // The next shop's set-up goes on while this shop's runs go (see the file's head).
  runsGoing = ok;
  if (next && process.env.REALSHOP_SERIAL !== '1') startSetup(next);
  try {
    if (!ok || interrupted) return;
    const repro = reproFor(shop);
    let seeds: [string, string] | undefined;
    if (repro) {
      try {
        seeds = reproSeeds();
      } catch (err) {
        check(`${shop.key}: same Fail cells with two seeds`, false, err instanceof Error ? err.message : String(err));
        return;
      }
    }
    const done: RunFigures[] = [];
    for (const run of onNode22(shop, runSpecs(shop, seeds))) {
      if (interrupted) break;
      const last = done[done.length - 1];
      const reinstall = reinstallFirst(run, last && { label: last.label, diffLines: last.diff?.lines });
      if (reinstall && !run.pristineFirst) say(`\n-- ${shop.key} ${run.label}: the ${run.pristineAfter ?? 'previous'} run left the shop changed (or no diff), so it is reinstalled first`);
      const { figures: f, verdict, diffLines } = await oneRun(inst, run, shopDir, reinstall);
      done.push(f);
      if (interrupted) break;
      if (!updateBaselines) gateCheck(shop, f, f.gate);
      runChecks(shop, f, verdict, diffLines);
    }
    if (!interrupted) {
      const baseline = updateBaselines ? updateAndJudge(inst, done, figures) : undefined;
      fixedCheck(shop, done, baseline);
    }
    if (seeds && !interrupted) reproCheck(shop, done, seeds, figures);
    if (seeds && !interrupted) sameBuild(inst, done, seeds, figures, shopDir);
    if (!interrupted) quickCheck(shop, done);
    for (const f of done) {
      figures.runs[f.label] = { ...f, requests: f.requests.requests, statuses: f.requests.statuses, nonApiRequests: f.requests.other };
    }
  } finally {
    runsGoing = false;
    // Nothing left running, whatever happened above.
    const stop = stopShop(inst);
    check(stop.name, stop.ok, stop.detail);
    figures.wallSeconds = secs(Date.now() - t0);
  }
}

/**
 * --update-baselines: the shop's baseline from its runs, then each run's gate against it; the new
 * entries (undefined when the baseline could not be rewritten).
 */
function updateAndJudge(inst: Instance, done: RunFigures[], figures: ShopFigures): BaselineEntry[] | undefined {
  // The quick run's cells are a subset of standard's (quickCheck), and it never calls an entry fixed:
  // it adds nothing a rewrite needs.
  const reports = done.filter((f) => f.label !== 'quick').map((f) => ({ label: f.label, report: reportOf(f) }));
  const missing = reports.filter((r) => !r.report).map((r) => r.label);
  if (missing.length) {
    check(`${inst.shop.key}: baseline rewritten`, false, `no compatibility report of ${missing.join(', ')}: the baseline was left as it was`);
    for (const f of done) gateCheck(inst.shop, f, f.gate);
    return undefined;
  }
  const file = path.join(PROJECT_ROOT, inst.shop.baseline);
  const result = rewriteBaseline(inst.shop, reports as { label: string; report: CompatibilityReport }[], file, process.argv.includes('--fresh'));
  figures.baseline = { file: inst.shop.baseline, entries: result.entries.length, added: result.added, removed: result.removed };
  check(`${inst.shop.key}: baseline rewritten`, true, `${inst.shop.baseline}: ${result.entries.length} entries (${result.added} added, ${result.removed} removed, ${result.named} with a named defect, ${result.unreviewed} unreviewed)`);
  for (const [i, f] of done.entries()) {
    const report = reports[i]?.report;
    if (!report) continue;
    // The run's own exit code and gate judged the old baseline; the new entries judge its failures again.
    f.gate = judgeReport(report, f.exitCode, result.entries);
    gateCheck(inst.shop, f, f.gate, ' (against the rewritten baseline)');
  }
  return result.entries;
}

/** No baseline entry of the shop now passes, over all its runs (gate.ts says why over all). */
function fixedCheck(shop: ShopDef, done: RunFigures[], baseline: BaselineEntry[] | undefined): void {
  const reports = done.map(reportOf).filter((r): r is CompatibilityReport => r !== undefined);
  if (!reports.length) return;
  const v = judgeFixed(reports, baseline);
  check(`${shop.key}: no baseline entry now passes`, v.ok, v.detail);
}

/** The reproducibility pair: the two standard runs fail the same cells. */
function reproCheck(shop: ShopDef, done: RunFigures[], seeds: [string, string], figures: ShopFigures): void {
  const name = `${shop.key}: same Fail cells with seeds ${seeds[0]} and ${seeds[1]}, default workers`;
  const [a, b] = ['standard', 'standard-2'].map((l) => done.find((f) => f.label === l));
  const ra = a && reportOf(a);
  const rb = b && reportOf(b);
  if (!ra || !rb) {
    check(name, false, `no compatibility report of ${!ra ? 'standard' : 'standard-2'}`);
    return;
  }
  const cmp = compareFailCells(failCells(ra), failCells(rb));
  const lines = differingLines(cmp, seeds);
  figures.repro = { seeds, failCells: cmp.counts, differing: lines };
  check(name, cmp.same, `${cmp.counts[0]} and ${cmp.counts[1]} failing cells${cmp.same ? ', the same' : `, ${cmp.onlyFirst.length + cmp.onlySecond.length} differ`}`);
  if (!cmp.same) say(`  cells that differ:\n${lines.map((l) => `    ${l}`).join('\n')}`);
}

/**
 * Quick says nothing standard does not: the quick run's Fail cells are a subset of the
 * standard run's on the same pristine shop (of both standard runs where the shop makes two).
 */
function quickCheck(shop: ShopDef, done: RunFigures[]): void {
  const quick = done.find((f) => f.label === 'quick');
  if (!quick) return;
  const name = `${shop.key}: quick's Fail cells are a subset of standard's`;
  const rq = reportOf(quick);
  const standards = done.filter((f) => f.label.startsWith('standard')).map(reportOf);
  if (!rq || !standards.length || standards.some((r) => !r)) {
    check(name, false, `no compatibility report of ${!rq ? 'quick' : 'standard'}`);
    return;
  }
  const std = new Set(standards.flatMap((r) => (r ? failCells(r) : [])));
  const q = failCells(rq);
  const extra = q.filter((c) => !std.has(c));
  check(name, extra.length === 0, `${q.length} of standard's ${std.size} failing cells${extra.length ? `; ${extra.length} only at quick: ${extra.slice(0, 10).join(', ')}${extra.length > 10 ? ', …' : ''}` : ''}`);
}

/** Issue 34: the reproducibility pair compared with each other, item by item: 0 items (compare.ts). */
function sameBuild(inst: Instance, done: RunFigures[], seeds: [string, string], figures: ShopFigures, shopDir: string): void {
  const [a, b] = ['standard', 'standard-2'].map((l) => done.find((f) => f.label === l));
  if (!a || !b) return;
  const redactor = Redactor.forCredentials(inst.user, inst.password);
  const c = sameBuildCheck(inst.shop.key, seeds, path.join(PROJECT_ROOT, a.reportDir), path.join(PROJECT_ROOT, b.reportDir), path.join(shopDir, 'compare-seeds'), (t) => redactor.text(t));
  if (c.figures) figures.sameBuild = c.figures;
  check(c.name, c.ok, c.detail);
  if (c.lines.length) say(c.lines.map((l) => `  ${l}`).join('\n'));
}

/** Issue 34: GX 3.2's standard run against GX 4.8's, when both ran (compare.ts). */
function versionsComparison(plans: Plan[]): CompareCheck['figures'] | undefined {
  const [older, newer] = ['gx32', 'gx48'].map((key) => plans.find((p) => p.shop.key === key));
  const olderRun = path.join(outDir, 'gx32', 'standard', 'compatibility', 'report.json');
  const newerRun = path.join(outDir, 'gx48', 'standard', 'compatibility', 'report.json');
  if (!older?.inst || !newer?.inst || !existsSync(olderRun) || !existsSync(newerRun)) return undefined;
  const redactor = Redactor.forCredentials(older.inst.user, older.inst.password);
  const c = versionsCheck('gx32', 'gx48', olderRun, newerRun, path.join(outDir, 'compare'), (t) => redactor.text(t));
  check(c.name, c.ok, c.detail);
  if (c.lines.length) say(c.lines.map((l) => `  ${l}`).join('\n'));
  return c.figures;
}

/** `--stop` (.ci/run's safety net): stop.sh for each shop's instance; silent when nothing runs. */
function stopOnly(): never {
  let failed = false;
  for (const shop of SHOPS) {
    let inst: Instance;
    try {
      inst = instance(shop, findRecipe(shop, PROJECT_ROOT));
    } catch {
      continue;
    }
    if (!livePids(inst).length) continue;
    const c = stopShop(inst);
    process.stderr.write(`real shop ${shop.key}: still running after the run (${inst.root}); ${c.detail}\n`);
    failed ||= !c.ok;
  }
  process.exit(failed ? 1 : 0);
}

async function main(): Promise<void> {
  if (process.argv.includes('--stop')) stopOnly();
  let shops: ShopDef[];
  try {
    shops = chosenShops();
  } catch (err) {
    if (err instanceof ShopChoiceError) cannot(err.message);
    throw err;
  }
  if (typeof process.getuid === 'function' && process.getuid() !== 0) cannot(`the recipes (${shops.map((s) => s.key).join(', ')}) must run as root (apt, MariaDB as the mysql user); run as root`);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  // Each shop's recipe and baseline first: a shop that cannot run costs a line, not a set-up.
  const plans: Plan[] = shops.map((shop) => {
    let inst: Instance;
    try {
      inst = instance(shop, findRecipe(shop, PROJECT_ROOT));
    } catch (err) {
      if (!(err instanceof RecipeError)) throw err;
      shopCannot(shop, 'recipe', err.message);
      return { shop };
    }
    if (!updateBaselines && !existsSync(path.join(PROJECT_ROOT, shop.baseline))) {
      shopCannot(shop, 'baseline', `${shop.baseline} not found (write it with REALSHOP_SHOPS=${shop.key} npm run test:realshop -- --update-baselines)`);
      return { shop };
    }
    return { shop, inst };
  });
  const figures: Record<string, ShopFigures> = Object.fromEntries(shops.map((s) => [s.key, { title: s.title, runs: {}, wallSeconds: 0 }]));
  const ready = plans.filter((p) => p.inst);
  for (const p of ready) Object.assign(figures[p.shop.key] ?? {}, { baseUrl: p.inst?.baseUrl, root: p.inst?.root, recipe: p.inst?.dir });
  const first = ready[0];
  if (first) startSetup(first);
  try {
    for (const [i, plan] of ready.entries()) {
      const fig = figures[plan.shop.key];
      if (!fig) continue;
      // A shop whose set-up never started (interrupted, or serial mode) starts it now.
      if (!plan.setup && !interrupted) startSetup(plan);
      await shopPhase(plan, ready[i + 1], fig);
    }
  } finally {
    // A set-up started beside the last runs but never waited for (interrupted): stop that shop too.
    for (const plan of ready) {
      if (!plan.inst || !plan.setup || figures[plan.shop.key]?.setup) continue;
      await plan.setup;
      const stop = stopShop(plan.inst);
      check(stop.name, stop.ok, stop.detail);
    }
  }
  const versions = interrupted ? undefined : versionsComparison(ready);
  if (!interrupted) {
    // The credential scan of everything this phase wrote (after the runs, before the summary).
    const secrets = [...new Set(ready.flatMap((p) => (p.inst ? secretForms(p.inst.user, p.inst.password) : [])))];
    const scan = scanTree(outDir, secrets);
    check(
      'credential scan of reports/realshop',
      scan.hits.length === 0,
      scan.hits.length ? `${scan.hits.length} hit(s): ${scan.hits.slice(0, 10).map((h) => `${h.where}: ${h.form}`).join('; ')}` : `0 hits in ${scan.files.length} files`,
    );
  } else check('real shop phase ran to its end', false, `interrupted (${interrupted}); the shops were stopped`);
  const wall = secs(Date.now() - started);
  const perShop = Object.entries(figures).map(([key, f]) => `${key}: ${f.setup ? `${f.setup.mode} ${f.setup.seconds} s${f.setup.overlappedRuns ? ' (beside runs)' : ''}` : 'not set up'}${Object.values(f.runs).map((r) => `, ${r.label} ${r.seconds} s / ${r.requests} requests / ${r.statuses['429'] ?? 0} 429 / diff ${r.diff?.lines ?? '-'} lines`).join('')}`);
  say(`\nreal shop: phase ${wall} s; ${perShop.join('; ')}`);
  finish({ shops: figures, ...(versions ? { compare: versions } : {}) });
}

await main();
