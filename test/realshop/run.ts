// `npm run test:realshop` (and the real-shop phase of `npm test`): the whole standard and readonly
// conformance against the vendor's real shop (Gambio GX 3.2.0.1), installed pristine by the
// read-only recipe in shared/realshop, with the database dumped around each run.
//
//   node --import tsx test/realshop/run.ts [--counts=<file>]   the phase
//   node --import tsx test/realshop/run.ts --stop              stop this phase's shop, if running
//
// Steps: find the recipe (REALSHOP_DIR, ../shared/realshop, /work/shared/realshop); set up its own
// instance (REALSHOP_ROOT=/tmp/gambio/npm-test, REALSHOP_PORT=8091), or `reinstall` it pristine when
// it is installed already; then for PROFILE=standard and then readonly: dump, reset the shop's
// rate-limit counter, `npm run conformance` with the baseline spec/baselines/gambio-gx-3.2.0.1.baseline.json
// into reports/realshop/<profile>, dump again. The shop is stopped at the end, whatever happened.
//
// Checks, each counted: the shop was set up; per run the CI gate (exit 0, no new failure, no
// baseline entry that now passes, no run error, no Error outcome); the standard run's database
// diff holds only rows of records its leftover report names with a reason (mapping.ts); the
// readonly run's diff is empty; per run no 429 and at most 4,000 requests, counted from the PHP
// server's log; no credential in reports/realshop; the shop stopped with nothing left running.
// Figures go to reports/realshop/summary.json. If the recipe cannot be found or set up, the phase
// fails with one line. The recipe needs root.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../src/config/config.js';
import { secretForms } from '../../src/client/redact.js';
import { scanTree } from '../support/artefact-scan.js';
import { diffDumps, diffText, parseDump, takeDump, toRow, type Dump, type Row } from './dump.js';
import { judgeRun, type GateVerdict } from './gate.js';
import { BOOKKEEPING_TABLES, judgeDiff, parseLeftovers, parsePossiblePartial, type DiffVerdict, type Leftover, type Lookup, type PossiblePartial } from './mapping.js';
import { findRecipe, instance, isInstalled, livePids, RecipeError, resetRateLimit, runScript, whyFailed, writePhpWrapper, type Instance } from './recipe.js';
import { logPosition, requestsBetween, type RequestCount } from './requests.js';
import { REALSHOP_BASELINE, realShopArgs, realShopEnv } from './settings.js';

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

type Profile = 'standard' | 'readonly';

interface RunFigures {
  profile: Profile;
  reportDir: string;
  exitCode: number;
  seconds: number;
  requests: RequestCount;
  gate: GateVerdict;
  diff: { lines: number; added: number; removed: number; schema: number; explained: number; bookkeeping: number; unexplained: number; file: string } | null;
  leftovers: number | null;
  error?: string;
}

const MAX_REQUESTS = 4000;
const SHOW_LINES = 40;

const outDir = path.join(PROJECT_ROOT, 'reports/realshop');
const rel = (p: string): string => path.relative(PROJECT_ROOT, p) || '.';
const countsArg = process.argv.find((a) => a.startsWith('--counts='))?.slice('--counts='.length);
const started = Date.now();
const checks: Check[] = [];
let interrupted: NodeJS.Signals | undefined;

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
  checks.push({ name: 'real shop set up', ok: false, detail: line });
  process.stderr.write(`real shop: cannot run: ${line}\n`);
  finish();
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
  return { name: 'real shop stopped, nothing left running', ok, detail };
}

function onSignal(sig: NodeJS.Signals): void {
  interrupted ??= sig;
}

/**
 * `npm run conformance` for one profile. Its console output (every failure with its evidence: many
 * thousand lines against this shop) goes to <REPORT_DIR>/console.log; what is printed here is its
 * closing part, from the compatibility summary line on.
 */
async function conformance(inst: Instance, profile: Profile, reportDir: string): Promise<number> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...realShopEnv(inst, profile), REPORT_DIR: reportDir, SHOP_FAULTS: '' };
  // Each run its own id; npm test's JSON reporter file is not ours to write.
  delete env.RUN_ID;
  delete env.PLAYWRIGHT_JSON_OUTPUT_NAME;
  const args = ['--import', 'tsx', 'src/cli/conformance.ts', ...realShopArgs(), '--reporter', process.env.REALSHOP_REPORTER || 'dot'];
  mkdirSync(reportDir, { recursive: true });
  const logFile = path.join(reportDir, 'console.log');
  const fd = openSync(logFile, 'w');
  const code = await new Promise<number>((resolve) => {
    const child = spawn(process.execPath, args, { cwd: PROJECT_ROOT, env, stdio: ['ignore', fd, fd] });
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

async function oneRun(inst: Instance, profile: Profile): Promise<{ figures: RunFigures; verdict: DiffVerdict | undefined; diffLines: string[] }> {
  const reportDir = path.join(outDir, profile);
  const dumpDir = path.join(outDir, 'dumps');
  mkdirSync(dumpDir, { recursive: true });
  rmSync(reportDir, { recursive: true, force: true });
  mkdirSync(reportDir, { recursive: true });
  const figures: RunFigures = { profile, reportDir: rel(reportDir), exitCode: -1, seconds: 0, requests: { requests: 0, statuses: {}, other: 0 }, gate: { ok: false, problems: ['not run'], outcomes: {} }, diff: null, leftovers: null };
  let before: Dump;
  try {
    const text = takeDump(inst.socket);
    writeFileSync(path.join(dumpDir, `${profile}-before.sql`), text);
    before = parseDump(text);
  } catch (err) {
    figures.error = `dump before the run: ${err instanceof Error ? err.message : String(err)}`;
    return { figures, verdict: undefined, diffLines: [] };
  }
  resetRateLimit(inst);
  const pos0 = logPosition(inst.serverLog);
  say(`\n-- ${profile}: npm run conformance against ${inst.baseUrl} (REPORT_DIR=${rel(reportDir)})`);
  const t0 = Date.now();
  figures.exitCode = await conformance(inst, profile, reportDir);
  figures.seconds = secs(Date.now() - t0);
  figures.requests = requestsBetween(inst.serverLog, pos0, logPosition(inst.serverLog));
  figures.gate = judgeRun(path.join(reportDir, 'compatibility/report.json'), figures.exitCode);
  say(`-- ${profile}: ${figures.seconds} s, ${figures.requests.requests} requests (${Object.entries(figures.requests.statuses).map(([s, n]) => `${s}: ${n}`).join(', ') || 'none'}), exit ${figures.exitCode}`);
  let after: Dump;
  try {
    const text = takeDump(inst.socket);
    writeFileSync(path.join(dumpDir, `${profile}-after.sql`), text);
    after = parseDump(text);
  } catch (err) {
    figures.error = `dump after the run: ${err instanceof Error ? err.message : String(err)}`;
    return { figures, verdict: undefined, diffLines: [] };
  }
  const diff = diffDumps(before, after);
  const lines = diffText(diff);
  const diffFile = path.join(outDir, `${profile}.diff`);
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
  const verdict = judgeDiff(diff, leftovers, lookupIn(after, before), partial);
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

/** `--stop` (.ci/run's safety net): stop.sh for this phase's instance; silent when nothing runs. */
function stopOnly(): never {
  let inst: Instance;
  try {
    inst = instance(findRecipe(PROJECT_ROOT));
  } catch {
    process.exit(0);
  }
  if (!livePids(inst).length) process.exit(0);
  const c = stopShop(inst);
  process.stderr.write(`real shop: still running after the run (${inst.root}); ${c.detail}\n`);
  process.exit(c.ok ? 0 : 1);
}

async function main(): Promise<void> {
  if (process.argv.includes('--stop')) stopOnly();
  let inst: Instance;
  try {
    inst = instance(findRecipe(PROJECT_ROOT));
  } catch (err) {
    if (err instanceof RecipeError) cannot(err.message);
    throw err;
  }
  if (typeof process.getuid === 'function' && process.getuid() !== 0) cannot(`the recipe (${inst.dir}) must run as root (apt, MariaDB as the mysql user); run as root`);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  // 1. A pristine shop of our own.
  writePhpWrapper(inst);
  const mode = isInstalled(inst) ? 'reinstall' : 'all';
  say(`real shop: ${mode === 'reinstall' ? 'setup.sh reinstall' : 'setup.sh'} (${inst.dir}, GAMBIO_ROOT=${inst.root}, port ${inst.port})`);
  const setup = runScript(inst, 'setup.sh', mode === 'reinstall' ? ['reinstall'] : []);
  writeFileSync(path.join(outDir, 'setup.log'), setup.output);
  const setupFigures = { mode: mode === 'reinstall' ? 'reinstall' : 'setup', seconds: secs(setup.ms), exitCode: setup.status };
  const shop = { baseUrl: inst.baseUrl, root: inst.root, recipe: inst.dir };
  if (setup.status !== 0) {
    const stop = stopShop(inst);
    checks.push({ name: 'real shop set up', ok: false, detail: `setup.sh ${mode === 'reinstall' ? 'reinstall ' : ''}failed` });
    process.stderr.write(`real shop: setup.sh ${mode === 'reinstall' ? 'reinstall ' : ''}failed (exit ${setup.status} after ${secs(setup.ms)} s): ${whyFailed(setup.output)} (log: ${rel(path.join(outDir, 'setup.log'))})\n`);
    if (!stop.ok) check(stop.name, stop.ok, stop.detail);
    finish({ shop, setup: setupFigures });
  }
  check('real shop set up', true, `${setupFigures.mode} in ${setupFigures.seconds} s, ${inst.baseUrl}`);

  // The baseline another engineer keeps; an empty one until it exists, so the runs can start.
  const baselineFile = path.join(PROJECT_ROOT, REALSHOP_BASELINE);
  if (!existsSync(baselineFile)) {
    mkdirSync(path.dirname(baselineFile), { recursive: true });
    writeFileSync(baselineFile, JSON.stringify({ version: 1, deviations: [] }, null, 2) + '\n');
    say(`real shop: created an empty ${REALSHOP_BASELINE}`);
  }

  const runs: Partial<Record<Profile, RunFigures>> = {};
  try {
    // 2./3. standard, then readonly.
    for (const profile of ['standard', 'readonly'] as const) {
      if (interrupted) break;
      const { figures, verdict, diffLines } = await oneRun(inst, profile);
      runs[profile] = figures;
      if (interrupted) break;
      const g = figures.gate;
      check(`${profile} run: CI gate`, g.ok, g.ok ? `exit 0, ${Object.entries(g.outcomes).filter(([, n]) => n).map(([o, n]) => `${o} ${n}`).join(', ')}` : g.problems.join(' | '));
      const r = figures.requests;
      const saw429 = r.statuses['429'] ?? 0;
      const reqOk = saw429 === 0 && r.requests <= MAX_REQUESTS && r.requests > 0;
      check(`${profile} run: no 429, at most ${MAX_REQUESTS} requests`, reqOk, `${r.requests} requests${saw429 ? `, ${saw429} answered 429` : ''}${r.requests === 0 ? ' (none logged: the run never reached the shop)' : ''}${r.other ? `, ${r.other} non-API` : ''}`);
      if (!verdict || !figures.diff) {
        check(`${profile} run: database diff`, false, figures.error ?? 'no diff');
        continue;
      }
      const d = figures.diff;
      if (profile === 'standard') {
        // A missing leftovers.json explains nothing, so any changed row stays unexplained.
        const ok = verdict.unexplained.length === 0;
        check(
          'standard run: database diff holds only rows of leftovers with a reason',
          ok,
          `${d.lines} diff line(s): ${d.explained} of reported leftovers, ${d.bookkeeping} bookkeeping, ${d.unexplained} unexplained${figures.error ? `; ${figures.error}` : ''} (${d.file})`,
        );
        if (!ok && verdict.unexplained.length) say(`  unexplained (first ${Math.min(SHOW_LINES, verdict.unexplained.length)}):\n${showUnexplained(verdict)}`);
      } else {
        const ok = d.lines === 0;
        check('readonly run: database unchanged', ok, ok ? 'empty diff' : `${d.lines} diff line(s) (${d.file})`);
        if (!ok) say(`  changed (first ${Math.min(SHOW_LINES, diffLines.length)}):\n${diffLines.slice(0, SHOW_LINES).map((l) => `    ${l.length > 220 ? `${l.slice(0, 220)}…` : l}`).join('\n')}`);
      }
    }
  } finally {
    // 4. Nothing left running, whatever happened above.
    const stop = stopShop(inst);
    if (!interrupted) {
      // The credential scan of everything this phase wrote (after the runs, before the summary).
      const scan = scanTree(outDir, secretForms(inst.user, inst.password));
      check(
        'credential scan of reports/realshop',
        scan.hits.length === 0,
        scan.hits.length ? `${scan.hits.length} hit(s): ${scan.hits.slice(0, 10).map((h) => `${h.where}: ${h.form}`).join('; ')}` : `0 hits in ${scan.files.length} files`,
      );
    }
    check(stop.name, stop.ok, stop.detail);
  }
  if (interrupted) check('real shop phase ran to its end', false, `interrupted (${interrupted}); the shop was stopped`);
  const wall = secs(Date.now() - started);
  const summaryRuns = Object.fromEntries(
    Object.entries(runs).map(([p, f]) => [p, { seconds: f.seconds, exitCode: f.exitCode, requests: f.requests.requests, statuses: f.requests.statuses, nonApiRequests: f.requests.other, gate: f.gate, diff: f.diff, leftovers: f.leftovers, ...(f.error ? { error: f.error } : {}) }]),
  );
  say(`\nreal shop: phase ${wall} s (setup ${setupFigures.seconds} s${Object.entries(runs).map(([p, f]) => `, ${p} ${f.seconds} s / ${f.requests.requests} requests`).join('')})`);
  finish({ shop, setup: setupFigures, runs: summaryRuns, bookkeepingTables: BOOKKEEPING_TABLES });
}

await main();
