// `npm run compare -- OLD NEW [--noise OLD2] [--out <dir>]`: what changed between two runs (issue
// 34), each given as its report folder or report.json: defects new, fixed and unchanged, cells
// whose outcome changed, operations whose support changed and drift in the answers, each marked
// breaking for clients or not, with evidence from both runs (src/compare/). `--noise OLD2`, a
// second run of the old build, drops whatever differs between OLD and OLD2 (Diffy's noise filter).
// Writes comparison.html and comparison.json, prints a summary.
//
// `npm run compare -- A B C ...` (three runs or more, or two with --matrix): the matrix across
// versions, operations × runs, each cell conformant, failing, unsupported or untested, the defects
// of each run and the breaking drift between neighbours: matrix.html and matrix.json.
import path from 'node:path';
import { loadConfigOrExit } from '../config/config.js';
import { printHelpAndExit, wantsHelp, type Help } from '../core/help.js';
import { Redactor } from '../client/redact.js';
import { compare } from '../compare/compare.js';
import { buildMatrix } from '../compare/matrix.js';
import { loadRun, RunError, type LoadedRun } from '../compare/run.js';
import { summaryLines } from '../compare/summary.js';
import { writeComparison, writeMatrix } from '../compare/write.js';
import { readArgs } from './args.js';

interface Args {
  runs: string[];
  noise: string | undefined;
  out: string | undefined;
  matrix: boolean;
}

const HELP: Help = {
  usage: ['npm run compare -- <old run> <new run> [--noise <second old run>] [--out <dir>]', 'npm run compare -- <run A> <run B> <run C> ... [--out <dir>]'],
  about:
    'Compares runs, each given as its report folder (REPORT_DIR, or its compatibility folder) or its report.json. Two runs: what changed from the old to the new ' +
    '(defects new, fixed and unchanged by signature; cells whose outcome changed; operations whose support changed; drift in the answers: statuses, fields and ' +
    'their JSON types, headers), each marked breaking for clients or not, with evidence from both runs: comparison.html and comparison.json. Three runs or more: ' +
    'the matrix across versions (operations × runs, defects per run, breaking drift between neighbours): matrix.html and matrix.json. Values are never compared. ' +
    'Reads only the runs\' files: no shop is contacted.',
  sections: [
    {
      title: 'Options',
      rows: [
        ['--noise <run>', 'a second run of the old build (another seed): whatever differs between it and the old run is not reported (Diffy\'s noise filter)'],
        ['--out <dir>', 'where the pages go (default: REPORT_DIR/compare)'],
        ['--matrix', 'the matrix page for two runs too'],
        ['--help, -h', 'this help; reads nothing'],
      ],
    },
    { title: 'Variables', rows: [['REPORT_DIR', 'the default output folder is REPORT_DIR/compare (default: reports)'], ['API_USER, API_PASSWORD', 'redacted from what is written, should a run hold them']] },
    { title: 'Exit codes', rows: ['0    compared (whatever changed: `npm run conformance -- --gate-against OLD` is the gate)', '2    a bad argument, or a run that cannot be read'] },
  ],
};

function fail(message: string): never {
  process.stderr.write(`npm run compare: ${message}\n`);
  process.exit(2);
}

function parseArgs(argv: string[]): Args {
  if (wantsHelp(argv)) printHelpAndExit(HELP);
  const args: Args = { runs: [], noise: undefined, out: undefined, matrix: false };
  for (const o of readArgs(argv, fail)) {
    const a = o.text;
    if (o.is('--noise')) args.noise = o.value();
    else if (o.is('--out')) args.out = o.value();
    else if (a === '--matrix') args.matrix = true;
    else if (a.startsWith('-')) fail(`unknown option ${a} (see --help)`);
    else args.runs.push(a);
  }
  if (args.runs.length < 2) fail('give two runs (old and new) or more (a matrix): their report folders or report.json files');
  if (args.noise && args.runs.length !== 2) fail('--noise goes with two runs: the old and the new');
  return args;
}

/** A path as a reader types it: relative below the working folder, absolute elsewhere. */
function shown(file: string): string {
  const rel = path.relative(process.cwd(), file);
  return rel && !rel.startsWith('..') ? rel : file;
}

function load(arg: string): LoadedRun {
  try {
    return loadRun(arg);
  } catch (err) {
    if (err instanceof RunError) fail(err.message);
    throw err;
  }
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const config = loadConfigOrExit();
  const redactor = Redactor.forConfig(config);
  const redact = (s: string): string => redactor.text(s);
  const out = path.resolve(args.out ?? path.join(config.reportDir, 'compare'));
  const runs = args.runs.map(load);
  const started = performance.now();
  const lines: string[] = [];
  if (runs.length === 2) {
    const c = compare(runs[0] as LoadedRun, runs[1] as LoadedRun, args.noise ? load(args.noise) : undefined);
    const [page] = writeComparison(out, c, redact);
    lines.push(...summaryLines(c, shown(page ?? out)));
  }
  if (runs.length > 2 || args.matrix) {
    const m = buildMatrix(runs);
    const [page] = writeMatrix(out, m, redact);
    lines.push(
      `Matrix of ${runs.length} runs: ${m.runs.map((r) => `${r.label} ${r.counts.conformant} conformant, ${r.counts.failing} failing, ${r.counts.unsupported} unsupported, ${r.counts.untested} untested`).join(' | ')}`,
      ...m.neighbours.map((n) => `${m.runs[n.from]?.label ?? ''} → ${m.runs[n.to]?.label ?? ''}: ${n.counts.breaking} breaking, defects ${n.counts.defects.new} new, ${n.counts.defects.fixed} fixed`),
      `Matrix: ${shown(page ?? out)}`,
    );
  }
  lines.push(`(compared in ${Math.round(performance.now() - started)} ms)`);
  process.stdout.write(`${redact(lines.join('\n'))}\n`);
}

main();
