// `npm run conformance [-- <playwright test args>]`: every suite against BASE_URL or the embedded
// reference shop (playwright.config.ts), with Playwright's own selection flags passed through
// (--grep @customers, --grep-invert, --shard=1/4, --project ...).
//
// CI gating: the run fails (non-zero exit) only on failures the known-deviations baseline
// (conformance.baseline.json/.yaml at the project root, or `--baseline <file>`) does not list.
// Baseline entries whose checks now pass are reported so they can be removed. Known deviations
// stay visible in every report. Without a compatibility report (e.g. the preflight stopped the
// run) the exit code is Playwright's.
//
// `--reporter <name>` chooses only the console output (list, line, dot, github, json, null): passed
// through to Playwright it would replace every reporter, the redacting one first among them, and
// let credentials from call logs reach the artefacts.
//
// `npm run baseline:update [-- <playwright test args>]` (this file with --update-baseline) runs
// the suites and writes the baseline from the run: failures that are new are added (with a reason
// still to be written), entries that now pass are removed, the others are kept as they are.
// `--from <report.json>` takes an earlier run instead of running.
import { existsSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { loadConfigOrExit, PROJECT_ROOT } from '../config/config.js';
import { BASELINE_NAMES, BaselineError, findBaseline, readBaseline, updatedEntries, writeBaseline, type Baseline } from '../report/compatibility/baseline.js';
import { rebaseline } from '../report/compatibility/build.js';
import { belowMinLine } from '../report/compatibility/coverage.js';
import type { CompatibilityReport } from '../report/compatibility/types.js';
import { readCompatibilityReport } from '../report/compatibility/write.js';
import { isListing } from '../report/listing.js';
import { heapFlags, remoteWorkerFlags, withoutTsx, workerEnv } from './node-args.js';
import { stopTranspiler } from './transpiler.js';

const require = createRequire(import.meta.url);
const LIST_LIMIT = 25;

/** Console reporters `--reporter` may choose; the report files are always written. */
const CONSOLE_REPORTERS = ['list', 'line', 'dot', 'github', 'json', 'null'] as const;

interface Args {
  terminal: string | undefined;
  baseline: string | undefined;
  update: boolean;
  from: string | undefined;
  playwright: string[];
}

function fail(message: string, code = 2): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

function parseArgs(argv: string[]): Args {
  const args: Args = { terminal: undefined, baseline: undefined, update: false, from: undefined, playwright: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    const value = (): string => {
      const eq = a.indexOf('=');
      const v = eq >= 0 ? a.slice(eq + 1) : argv[++i];
      if (!v) fail(`${a.split('=')[0]} needs a value`);
      return v;
    };
    if (a === '--baseline' || a.startsWith('--baseline=')) args.baseline = path.resolve(value());
    else if (a === '--from' || a.startsWith('--from=')) args.from = path.resolve(value());
    else if (a === '--update-baseline') args.update = true;
    else if (a === '--reporter' || a.startsWith('--reporter=')) args.terminal = consoleReporter(value());
    else args.playwright.push(a);
  }
  return args;
}

function consoleReporter(name: string): string {
  if ((CONSOLE_REPORTERS as readonly string[]).includes(name)) return name;
  fail(`--reporter ${name}: choose the console output with one of ${CONSOLE_REPORTERS.join(', ')}; the HTML, JUnit, Allure and compatibility reports are always written to the report folder (and a reporter list of your own would drop the credential redaction).`);
}

/**
 * Runs Playwright's CLI in this process (`playwright test <args>`), and `after` once it exits.
 * In this process, not a child: a parent that only waited cost the run ~80 MB of resident memory
 * (Node plus the TypeScript loader) for nothing. Playwright ends the process itself
 * (process.exit), so `after` runs in the 'exit' event: synchronously, and it may change the exit
 * code there. Workers are forked with this process's execArgv: the TypeScript loader this CLI needs
 * is taken out (Playwright transforms the suites itself, and the loader costs a thread and ~35 MB
 * per worker).
 */
function runPlaywright(args: string[], baselineFile: string | undefined, terminal: string | undefined, elsewhere: boolean, after?: (status: number) => number): void {
  const cli = path.join(path.dirname(require.resolve('@playwright/test/package.json')), 'cli.js');
  if (baselineFile) process.env.CONFORMANCE_BASELINE = baselineFile;
  if (terminal) process.env.CONFORMANCE_CONSOLE_REPORTER = terminal;
  // Workers get the heap settings even when this CLI was started without them (package.json's
  // script gives them to this process too: they only take effect at a process's start).
  process.execArgv.splice(0, process.execArgv.length, ...withoutTsx(process.execArgv), ...heapFlags(process.execArgv, process.env.NODE_OPTIONS), ...remoteWorkerFlags(process.execArgv, process.env.NODE_OPTIONS, elsewhere));
  // Read by each worker's C library when it starts (this process started before it was set).
  Object.assign(process.env, workerEnv(process.env));
  if (after) {
    process.once('exit', (code) => {
      process.exitCode = after(code);
    });
  }
  // This CLI's modules are all loaded: the TypeScript loader's esbuild service can go (transpiler.ts).
  stopTranspiler();
  process.argv = [process.execPath, cli, 'test', ...args];
  require(cli);
}

function list<T>(items: readonly T[], line: (t: T) => string): string {
  const shown = items.slice(0, LIST_LIMIT).map((t) => `  ${line(t)}`);
  if (items.length > LIST_LIMIT) shown.push(`  … ${items.length - LIST_LIMIT} more (see the compatibility report)`);
  return shown.join('\n');
}

function printGate(report: CompatibilityReport, baselineFile: string): void {
  const g = report.gate;
  const name = path.relative(process.cwd(), baselineFile) || baselineFile;
  const byId = new Map(report.defects.map((d) => [d.id, d]));
  const newIds = new Set(g.defects?.new ?? []);
  const newDefects = report.defects.filter((d) => newIds.has(d.id));
  if (newDefects.length) process.stdout.write(`\n${newDefects.length} defect(s) not in the baseline, worst first:\n${list(newDefects, (d) => `#${d.rank} ${d.id} ${d.title} (${d.cells.length} cell(s), ${d.operations.length} operation(s))`)}\n`);
  if (g.newFailures.length) process.stdout.write(`\n${g.newFailures.length} failure(s) not in the baseline (${name}):\n${list(g.newFailures, (f) => `${f.operation} · ${f.check}: ${f.outcome}${f.defects?.length ? ` (${f.defects.join(', ')})` : ''}`)}\n`);
  const reached = g.defects?.reached ?? [];
  const cellsOf = (s: { id: string; cells: { operation: string; check: string }[] }): string => `${s.id} ${byId.get(s.id)?.title ?? ''}: ${s.cells.map((c) => `${c.operation} · ${c.check}`).join(', ')}`;
  if (reached.length) process.stdout.write(`\n${reached.length} known defect(s) reached cells the baseline does not name (a regression: those cells fail the gate; an entry's "spread" tolerates a defect anywhere, with its reason):\n${list(reached, cellsOf)}\n`);
  const spread = g.defects?.spread ?? [];
  if (spread.length) process.stdout.write(`\n${spread.length} known defect(s) reached cells the baseline does not name, where an entry tolerates their spread:\n${list(spread, cellsOf)}\n`);
  if (g.known.length) process.stdout.write(`\n${g.known.length} known deviation(s) listed in ${name} (still failing, still in the reports).\n`);
  if (g.fixed.length) process.stdout.write(`\n${g.fixed.length} baseline entr${g.fixed.length === 1 ? 'y now passes' : 'ies now pass'}; remove ${g.fixed.length === 1 ? 'it' : 'them'} from ${name} (or run \`npm run baseline:update\`):\n${list(g.fixed, (e) => `${e.operation} · ${e.check}: ${e.reason}`)}\n`);
  if (g.outOfScope.length) process.stdout.write(`\n${g.outOfScope.length} baseline entr${g.outOfScope.length === 1 ? 'y was' : 'ies were'} not judged: ${g.outOfScope.length === 1 ? 'it covers' : 'they cover'} operations out of this run's scope (ONLY_GROUPS/SKIP_GROUPS), kept as ${g.outOfScope.length === 1 ? 'it is' : 'they are'}.\n`);
  if (g.runErrors.length) process.stdout.write(`\nThe run cannot be trusted:\n${list(g.runErrors, (e) => e)}\n`);
}

function describeFailure(report: CompatibilityReport, operation: string, check: string): string {
  const cell = [...report.failures, ...report.other].find((c) => c.operation === operation && c.check === check);
  const f = cell?.findings[0];
  const text = f ? `${f.title}: ${f.message}` : (cell?.message?.split('\n').find((l) => l.trim()) ?? cell?.outcome ?? 'failed');
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

function updateBaseline(report: CompatibilityReport, baseline: Baseline, file: string): number {
  if (report.gate.runErrors.length) {
    printGate(report, file);
    fail('\nThe baseline was not updated: the run did not finish cleanly.', 1);
  }
  const defectsOf = (op: string, check: string) => report.defects.filter((d) => d.cells.some((c) => c.operation === op && c.check === check));
  const entries = updatedEntries(baseline.entries, report.gate, (op, check) => describeFailure(report, op, check), defectsOf);
  writeBaseline(file, entries);
  const name = path.relative(process.cwd(), file) || file;
  process.stdout.write(`\nWrote ${name}: ${entries.length} entr${entries.length === 1 ? 'y' : 'ies'} (${report.gate.newFailures.length} added, ${report.gate.fixed.length} removed as passing).\n`);
  if (report.gate.newFailures.length) process.stdout.write('Each added entry says "TODO": replace it with the real reason the deviation is accepted.\n');
  if (report.shard) process.stdout.write(`Note: this was shard ${report.shard.current}/${report.shard.total} only; entries of the other shards were kept as they were.\n`);
  return 0;
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const config = loadConfigOrExit();
  const baselineFile = args.baseline ?? findBaseline(PROJECT_ROOT) ?? path.join(PROJECT_ROOT, BASELINE_NAMES[0]);
  let baseline: Baseline;
  try {
    // Checked before the run: a broken baseline should cost seconds, not a whole run.
    baseline = readBaseline(baselineFile);
  } catch (err) {
    if (err instanceof BaselineError) fail(`Baseline error: ${err.message}`);
    throw err;
  }
  if (args.baseline && !existsSync(args.baseline) && !args.update) fail(`--baseline ${args.baseline}: file not found`);

  const reportFile = args.from ?? path.join(config.reportDir, 'compatibility', 'report.json');
  // `-- --list` runs no test: the last run's report stays as it is (src/report/listing.ts), and
  // there is no gate to judge nor a baseline to update.
  if (!args.from && isListing(args.playwright)) {
    if (args.update) fail('--list runs no test: there is nothing to update the baseline from.');
    runPlaywright(args.playwright, args.baseline, args.terminal, config.baseUrl !== undefined);
    return;
  }
  const judge = (status: number): number => {
    if (!existsSync(reportFile)) {
      if (args.from) fail(`--from ${args.from}: file not found`);
      if (args.update) fail('\nThe baseline was not updated: the run wrote no compatibility report.', status || 1);
      return status;
    }
    // Judged against the baseline as it is now (the same file the run used, unless --from).
    const report = rebaseline(readCompatibilityReport(reportFile), baseline, PROJECT_ROOT);
    if (args.update) return updateBaseline(report, baseline, baselineFile);
    printGate(report, baselineFile);
    // MIN_COVERAGE is judged with the config of this run, whatever report.json said.
    const coverage = report.coverage;
    if (config.minCoverage !== undefined && coverage && coverage.index < config.minCoverage) {
      process.stdout.write(`\n${belowMinLine({ index: coverage.index, min: config.minCoverage })}\n`);
      return status || 1;
    }
    if (report.gate.ok) {
      if (status !== 0) process.stdout.write(`\nEvery failure is a known deviation: exit 0 instead of Playwright's ${status}.\n`);
      return 0;
    }
    return status || 1;
  };
  if (args.from) process.exit(judge(0));
  // A report left by an earlier run must not decide this run's exit code.
  rmSync(reportFile, { force: true });
  runPlaywright(args.playwright, args.baseline, args.terminal, config.baseUrl !== undefined, judge);
}

main();
