// `npm run report`: renders what a run left in REPORT_DIR into things to read.
//   - the compatibility page (reports/compatibility/: index.html, report.md, badge.svg) again from
//     report.json, judged against the current baseline (after editing conformance.baseline.*);
//   - the Allure report as ONE file that opens from disk (reports/allure-report/index.html),
//     analytics stripped, output folder cleared first.
// `npm run report -- --merge <dir>` first merges the blob reports of sharded runs found in <dir>
// (`npx playwright merge-reports`, same reporters as a run), so HTML, JUnit, Allure and the
// compatibility matrix cover all shards. `--gate` exits 1 when the (merged) run fails the
// known-deviations gate. Nothing is served: open the files from disk.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONFIG_FIELDS, loadConfigOrExit, PROJECT_ROOT } from '../config/config.js';
import { printHelpAndExit, variableRows, wantsHelp, type Help } from '../core/help.js';
import { Redactor } from '../client/redact.js';
import { renderAllure } from '../report/allure-render.js';
import { BaselineError, findBaseline, readBaseline } from '../report/compatibility/baseline.js';
import { rebaseline } from '../report/compatibility/build.js';
import { closingLines } from '../report/compatibility/closing.js';
import { readTargetFile } from '../report/compatibility/meta.js';
import { summaryLine } from '../report/compatibility/reporter.js';
import { mergedTitle } from '../report/run-title.js';
import { readCompatibilityReport, writeCompatibilityReport } from '../report/compatibility/write.js';
import { readArgs } from './args.js';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));

interface Args {
  merge?: string;
  baseline?: string;
  gate: boolean;
  allure: boolean;
}

const HELP: Help = {
  usage: 'npm run report -- [--merge <dir>] [--baseline <file>] [--gate] [--no-allure]',
  about:
    'Renders what a run left in REPORT_DIR: the compatibility page (compatibility/index.html, report.md, badge.svg) again from report.json, ' +
    'judged against the baseline as it is now, and the Allure report as one file that opens from disk (allure-report/index.html). Nothing is served.',
  sections: [
    {
      title: 'Options',
      rows: [
        ['--merge <dir>', "merge the blob reports of sharded runs found in <dir> first (with the shards' target.json): one HTML, JUnit, Allure and compatibility report"],
        ['--baseline <file>', 'judge against this known-deviations file (default: conformance.baseline.json/.yaml at the project root)'],
        ['--gate', 'exit 1 when the (merged) run fails the gate'],
        ['--no-allure', 'leave the Allure report out'],
        ['--help, -h', 'this help; renders nothing'],
      ],
    },
    { title: 'Variables', rows: variableRows(CONFIG_FIELDS.filter((f) => ['REPORT_DIR', 'API_USER', 'API_PASSWORD', 'SPEC'].includes(f.env))) },
    { title: 'Exit codes', rows: ['0    rendered (and with --gate: the gate passed)', '1    no report.json to render, the Allure report failed, or with --gate: the gate failed', '2    a bad argument or baseline'] },
  ],
};

function parseArgs(argv: string[]): Args {
  if (wantsHelp(argv)) printHelpAndExit(HELP);
  const args: Args = { gate: false, allure: true };
  for (const o of readArgs(argv, fail)) {
    const a = o.text;
    if (o.is('--merge')) args.merge = path.resolve(o.value());
    else if (o.is('--baseline')) args.baseline = path.resolve(o.value());
    else if (a === '--gate') args.gate = true;
    else if (a === '--no-allure') args.allure = false;
    else fail(`unknown argument ${a}; use --merge <dir>, --baseline <file>, --gate, --no-allure (--help says more)`);
  }
  return args;
}

function fail(message: string): never {
  process.stderr.write(`npm run report: ${message}\n`);
  process.exit(2);
}

/** Files named `name` (or matching) under dir, a few levels deep: artefact downloads nest folders. */
function findFiles(dir: string, match: (f: string) => boolean, depth = 3): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const p = path.join(dir, entry);
    if (statSync(p).isDirectory()) {
      if (depth > 0) out.push(...findFiles(p, match, depth - 1));
    } else if (match(entry)) out.push(p);
  }
  return out.sort();
}

function merge(dir: string, reportDir: string, baseline: string | undefined): void {
  if (!existsSync(dir)) fail(`--merge ${dir}: no such folder`);
  const zips = findFiles(dir, (f) => f.endsWith('.zip'));
  if (!zips.length) fail(`--merge ${dir}: no blob reports (*.zip); run the shards with --shard=i/n first`);
  // The preflight of a shard wrote the target's URL and versions; the merged report shows them too.
  const targets = findFiles(dir, (f) => f === 'target.json');
  const target = targets[0];
  mkdirSync(reportDir, { recursive: true });
  if (target) copyFileSync(target, path.join(reportDir, 'target.json'));
  // The HTML report's title names every shard's run (each has its run id, and its seed unless FC_SEED pinned one).
  const labels = targets.flatMap((f) => {
    const t = readTargetFile(path.dirname(f));
    return t?.runId ? [{ runId: t.runId, baseUrl: t.embedded ? undefined : t.url, profile: t.profile ?? 'standard', depth: t.depth, seed: t.fcSeed, fcRuns: t.fcRuns }] : [];
  });
  const title = mergedTitle(labels);
  const blobs = mkdtempSync(path.join(os.tmpdir(), 'blobs-'));
  try {
    zips.forEach((z, i) => copyFileSync(z, path.join(blobs, `${String(i).padStart(3, '0')}-${path.basename(z)}`)));
    const cli = path.join(path.dirname(require.resolve('@playwright/test/package.json')), 'cli.js');
    const env = { ...process.env, ...(baseline ? { CONFORMANCE_BASELINE: baseline } : {}), ...(title ? { CONFORMANCE_HTML_TITLE: title } : {}) };
    const r = spawnSync(process.execPath, [cli, 'merge-reports', '--config', path.join(here, '../report/merge.config.ts'), blobs], { cwd: PROJECT_ROOT, stdio: 'inherit', env });
    if (r.status !== 0) fail(`merge-reports failed (exit ${r.status ?? r.signal})`);
  } finally {
    rmSync(blobs, { recursive: true, force: true });
  }
  console.log(`Merged ${zips.length} blob report(s) into ${path.relative(process.cwd(), reportDir) || '.'}`);
}

function main(): number {
  const args = parseArgs(process.argv.slice(2));
  const config = loadConfigOrExit();
  const redactor = Redactor.forConfig(config);
  if (args.merge) merge(args.merge, config.reportDir, args.baseline);

  let status = 0;
  const compatDir = path.join(config.reportDir, 'compatibility');
  let gateOk = true;
  if (existsSync(path.join(compatDir, 'report.json'))) {
    try {
      const baseline = readBaseline(args.baseline ?? findBaseline(PROJECT_ROOT));
      const report = rebaseline(readCompatibilityReport(path.join(compatDir, 'report.json')), baseline, PROJECT_ROOT);
      writeCompatibilityReport(compatDir, report, redactor);
      gateOk = report.gate.ok;
      console.log([summaryLine(report, path.relative(process.cwd(), path.join(compatDir, 'index.html'))), ...closingLines(report)].join('\n'));
    } catch (err) {
      if (!(err instanceof BaselineError)) throw err;
      process.stderr.write(`${err.message}\n`);
      status = 2;
    }
  } else {
    process.stderr.write(`No compatibility report in ${path.relative(process.cwd(), compatDir)}: run \`npm run conformance\` first.\n`);
    status = 1;
  }

  if (args.allure) {
    try {
      const index = renderAllure({
        resultsDir: path.join(config.reportDir, 'allure-results'),
        outputDir: path.join(config.reportDir, 'allure-report'),
        reportName: 'shop-api-conformance',
      });
      console.log(`Allure report (one file, opens from disk): ${path.relative(process.cwd(), index)}`);
    } catch (err) {
      process.stderr.write(`Allure report not rendered: ${redactor.text(err instanceof Error ? err.message : String(err))}\n`);
      status = status || 1;
    }
  }
  if (args.gate && !gateOk) status = status || 1;
  return status;
}

process.exit(main());
