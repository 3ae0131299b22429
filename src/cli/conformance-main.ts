// `npm run conformance [-- <playwright test args>]` (loaded by conformance.ts, which says why): every suite against BASE_URL or the embedded
// reference shop (playwright.config.ts), with Playwright's own selection flags passed through
// (--grep @customers, --grep-invert, --shard=1/4, --project ...).
//
// CI gating: the run fails only on failures the known-deviations baseline
// (conformance.baseline.json/.yaml at the project root, or `--baseline <file>`) does not list.
// Baseline entries whose checks now pass are reported so they can be removed. Known deviations
// stay visible in every report. The exit code says which way it ended (src/core/exit-codes.ts):
// passed, the target failed, nothing judged (configuration, preflight), the harness broke (the
// harness watch stopped the run, or only Error cells failed it), interrupted.
//
// `--reporter <name>` chooses only the console output (progress, the default: a count, the elapsed
// time and an estimate; or list, line, dot, github, json, null): passed
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
import { CONFIG_FIELDS, loadConfigOrExit, PROJECT_ROOT } from '../config/config.js';
import { EXIT, EXIT_CODE_LINES } from '../core/exit-codes.js';
import { printHelpAndExit, variableRows, wantsHelp, type Help } from '../core/help.js';
import { BASELINE_NAMES, BaselineError, findBaseline, readBaseline, updatedEntries, writeBaseline, type Baseline } from '../report/compatibility/baseline.js';
import { rebaseline } from '../report/compatibility/build.js';
import { belowMinLine } from '../report/compatibility/coverage.js';
import type { CompatibilityReport } from '../report/compatibility/types.js';
import { readCompatibilityReport } from '../report/compatibility/write.js';
import { Redactor } from '../client/redact.js';
import { judgeAgainst } from '../compare/gate.js';
import { loadRun, RunError, type LoadedRun } from '../compare/run.js';
import { isListing } from '../report/listing.js';
import { heapFlags, remoteWorkerFlags, withoutTsx, workerEnv } from './node-args.js';
import { stopTranspiler } from './transpiler.js';
import { readArgs } from './args.js';

const require = createRequire(import.meta.url);
const LIST_LIMIT = 25;

/** Console reporters `--reporter` may choose (progress is the default); the report files are always written. */
const CONSOLE_REPORTERS = ['progress', 'list', 'line', 'dot', 'github', 'json', 'null'] as const;

interface Args {
  terminal: string | undefined;
  baseline: string | undefined;
  update: boolean;
  from: string | undefined;
  /** `--gate-against <run>`: judge the run against an earlier one instead of (or, with --baseline, beside) the baseline. */
  against: string | undefined;
  /** `--noise <run>`: a second run of the old build for --gate-against's noise filter. */
  noise: string | undefined;
  playwright: string[];
}

const HELP: Help = {
  usage: ['npm run conformance -- [options] [playwright test options]', 'npm run baseline:update -- [--from <report.json>] [playwright test options]'],
  about:
    'Runs every suite against BASE_URL, or against the embedded reference shop when BASE_URL is unset, and judges the run against ' +
    'the known-deviations baseline: it fails only on failures the baseline does not list. Reports go to REPORT_DIR ' +
    '(compatibility/index.html first). `npm run baseline:update` runs the same and rewrites the baseline from the run.',
  sections: [
    {
      title: 'Options',
      rows: [
        ['--baseline <file>', 'the known-deviations file to judge against (default: conformance.baseline.json/.yaml at the project root), e.g. spec/baselines/gambio-gx-4.8.0.3.baseline.json'],
        ['--update-baseline', 'rewrite the baseline from this run: new failures added (with a reason to write), entries that now pass removed (what baseline:update does)'],
        ['--from <report.json>', 'judge (or update the baseline from) an earlier run instead of running'],
        ['--gate-against <run>', 'the regression gate without a baseline: fail on what this run shows and that earlier run (its report folder or report.json) did not: new defects, cells that fail now, operations gone, breaking drift in answers; pass on everything it already failed. Writes compatibility/comparison.html. The baseline then counts only when --baseline is given too'],
        ['--noise <run>', 'with --gate-against: a second run of the old build; whatever differs between the two old runs is not held against this one'],
        ['--reporter <name>', 'the console output only: list (default), line, dot, github, json, null; the report files are always written'],
        ['--help, -h', 'this help; runs nothing'],
      ],
    },
    {
      title: "Playwright's options",
      rows: [
        'Every other option goes to `playwright test` as it is, e.g. --grep @customers, --grep-invert, --workers=1, --shard=1/4,',
        '--list (lists the tests, runs none, leaves the last reports alone), --project. All of them: npx playwright test --help',
      ],
    },
    { title: 'Variables (environment first, then .env, then the default)', rows: variableRows(CONFIG_FIELDS) },
    { title: 'Exit codes', rows: EXIT_CODE_LINES },
  ],
};

function fail(message: string, code: number = EXIT.setup): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

function parseArgs(argv: string[]): Args {
  if (wantsHelp(argv)) printHelpAndExit(HELP);
  const args: Args = { terminal: undefined, baseline: undefined, update: false, from: undefined, against: undefined, noise: undefined, playwright: [] };
  for (const o of readArgs(argv, fail)) {
    const a = o.text;
    if (o.is('--baseline')) args.baseline = path.resolve(o.value());
    else if (o.is('--from')) args.from = path.resolve(o.value());
    else if (a === '--update-baseline') args.update = true;
    else if (o.is('--gate-against')) args.against = o.value();
    else if (o.is('--noise')) args.noise = o.value();
    else if (o.is('--reporter')) args.terminal = consoleReporter(o.value());
    else args.playwright.push(a);
  }
  if (args.noise && !args.against) fail('--noise goes with --gate-against: it is a second run of the build the run is judged against');
  if (args.against && args.update) fail('--gate-against judges a run; --update-baseline rewrites the baseline: one at a time');
  return args;
}

/** An earlier run given on the command line, read before the run: a bad path should cost seconds, not a whole run. */
function earlierRun(arg: string, option: string): LoadedRun {
  try {
    return loadRun(arg);
  } catch (err) {
    if (err instanceof RunError) fail(`${option} ${err.message}`);
    throw err;
  }
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
  const harness = g.harnessErrors ?? [];
  if (harness.length) process.stdout.write(`\n${harness.length} cell(s) the harness could not judge (Error: a harness bug, crash or timeout, not the target's failures; the test's message says which):\n${list(harness, (c) => `${c.operation} · ${c.check}`)}\n`);
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

/** What the baseline's account says of the harness (Error cells, a run that cannot be trusted), for a run gated against an earlier one. */
function printHarnessTrouble(report: CompatibilityReport): void {
  const g = report.gate;
  const harness = g.harnessErrors ?? [];
  if (harness.length) process.stdout.write(`\n${harness.length} cell(s) the harness could not judge (Error: a harness bug, crash or timeout, not the target's failures; the test's message says which):\n${list(harness, (c) => `${c.operation} · ${c.check}`)}\n`);
  if (g.runErrors.length) process.stdout.write(`\nThe run cannot be trusted:\n${list(g.runErrors, (e) => e)}\n`);
}

function describeFailure(report: CompatibilityReport, operation: string, check: string): string {
  const cell = [...report.failures, ...report.other].find((c) => c.operation === operation && c.check === check);
  const f = cell?.findings[0];
  const text = f ? `${f.title}: ${f.message}` : (cell?.message?.split('\n').find((l) => l.trim()) ?? cell?.outcome ?? 'failed');
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

function updateBaseline(report: CompatibilityReport, baseline: Baseline, file: string): number {
  if (report.gate.runErrors.length || report.gate.harnessErrors?.length) {
    printGate(report, file);
    // A harness error is no deviation of the target: it goes in no baseline.
    fail('\nThe baseline was not updated: the run did not finish cleanly.', report.runStatus === 'interrupted' && !report.harnessStop ? EXIT.interrupted : EXIT.harnessBroke);
  }
  const defectsOf = (op: string, check: string) => report.defects.filter((d) => d.cells.some((c) => c.operation === op && c.check === check));
  const entries = updatedEntries(baseline.entries, report.gate, (op, check) => describeFailure(report, op, check), defectsOf);
  writeBaseline(file, entries, baseline.security);
  const name = path.relative(process.cwd(), file) || file;
  process.stdout.write(`\nWrote ${name}: ${entries.length} entr${entries.length === 1 ? 'y' : 'ies'} (${report.gate.newFailures.length} added, ${report.gate.fixed.length} removed as passing).\n`);
  if (report.gate.newFailures.length) process.stdout.write('Each added entry says "TODO": replace it with the real reason the deviation is accepted.\n');
  if (report.shard) process.stdout.write(`Note: this was shard ${report.shard.current}/${report.shard.total} only; entries of the other shards were kept as they were.\n`);
  return 0;
}

/**
 * The exit code of a judged run (src/core/exit-codes.ts): a harness stop or an interruption
 * first (the verdicts are incomplete), then the target's failures (new failures, coverage below
 * MIN_COVERAGE), then what only the harness got wrong (Error cells, errors outside tests).
 */
function exitCode(report: CompatibilityReport, minCoverage: number | undefined, status: number, against?: { ok: boolean; withBaseline: boolean }): number {
  if (report.harnessStop) return EXIT.harnessBroke;
  if (report.runStatus === 'interrupted') return EXIT.interrupted;
  // MIN_COVERAGE is judged with the config of this run, whatever report.json said.
  const coverage = report.coverage;
  if (minCoverage !== undefined && coverage && coverage.index < minCoverage) {
    process.stdout.write(`\n${belowMinLine({ index: coverage.index, min: minCoverage })}\n`);
    return EXIT.targetFailed;
  }
  if (against) {
    // The earlier run is the baseline; the baseline file counts too only when it was asked for.
    // A security finding over SECURITY_GATE fails the run whichever gate judges the cells.
    if (!against.ok || (against.withBaseline && report.gate.newFailures.length) || report.gate.security?.ok === false) return EXIT.targetFailed;
    if (report.gate.harnessErrors?.length || report.gate.runErrors.length) return EXIT.harnessBroke;
    return EXIT.passed;
  }
  if (report.gate.ok) {
    if (status !== 0) process.stdout.write(`\nEvery failure is a known deviation: exit 0 instead of Playwright's ${status}.\n`);
    return EXIT.passed;
  }
  // A security finding over SECURITY_GATE is the target's too.
  return report.gate.newFailures.length || report.gate.security?.ok === false ? EXIT.targetFailed : EXIT.harnessBroke;
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
  const against = args.against ? earlierRun(args.against, '--gate-against') : undefined;
  const noise = args.noise ? earlierRun(args.noise, '--noise') : undefined;

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
      // No report: the configuration or the preflight stopped the run (they exit with EXIT.setup
      // themselves), Ctrl-C came before the reporters ended, or the harness broke before they could write.
      const code = status === EXIT.setup || status === EXIT.interrupted ? status : EXIT.harnessBroke;
      if (args.update) fail('\nThe baseline was not updated: the run wrote no compatibility report.', code);
      return code;
    }
    // Judged against the baseline as it is now (the same file the run used, unless --from).
    const report = rebaseline(readCompatibilityReport(reportFile), baseline, PROJECT_ROOT);
    if (args.update) return updateBaseline(report, baseline, baselineFile);
    if (!against) {
      printGate(report, baselineFile);
      return exitCode(report, config.minCoverage, status);
    }
    // The gate against an earlier run (issue 34). The baseline's own account is printed only when
    // it was asked for: otherwise its "failures not in the baseline" would read as this gate's.
    if (args.baseline) printGate(report, baselineFile);
    else printHarnessTrouble(report);
    const redactor = Redactor.forConfig(config);
    let verdict: ReturnType<typeof judgeAgainst>;
    try {
      verdict = judgeAgainst(against, reportFile, noise, (s) => redactor.text(s));
    } catch (err) {
      if (err instanceof RunError) fail(`--gate-against: this run cannot be compared: ${err.message}`, EXIT.harnessBroke);
      throw err;
    }
    process.stdout.write(`\n${redactor.text(verdict.lines.join('\n'))}\n`);
    return exitCode(report, config.minCoverage, status, { ok: verdict.ok, withBaseline: args.baseline !== undefined });
  };
  if (args.from) process.exit(judge(0));
  // A report left by an earlier run must not decide this run's exit code.
  rmSync(reportFile, { force: true });
  runPlaywright(args.playwright, args.baseline, args.terminal, config.baseUrl !== undefined, judge);
}

main();
