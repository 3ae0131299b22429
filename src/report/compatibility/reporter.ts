// The compatibility reporter: collects every finished test as a record, and at the end builds the
// operations x checks matrix, applies the known-deviations baseline and writes
// reports/compatibility/{report.json, report.md, index.html, badge.svg}.
// It runs after the redacting reporter (src/report/reporters.ts), in a normal run, in each shard
// (a partial report, marked as such) and in `playwright merge-reports` (the whole run).
// A test it cannot place goes under "other"; a failure here never fails the run by itself, it
// only leaves no report.json, and the conformance CLI then keeps Playwright's exit code.
// `playwright test --list` runs no test: then it neither clears nor writes anything (listing.ts).
// The run's ONLY_GROUPS/SKIP_GROUPS come from the config metadata playwright.config.ts writes
// (kept by merge-reports, like the seed), else from the validated config (config.ts).
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestError, TestResult } from '@playwright/test/reporter';
import { loadConfig, PROJECT_ROOT } from '../../config/config.js';
import { Redactor } from '../../client/redact.js';
import { catalogueFor } from '../../spec/cache.js';
import { harnessErrorsText, harnessStopLine, readHarnessStop } from '../harness-stop.js';
import { isListing } from '../listing.js';
import { SEED_METADATA } from '../run-title.js';
import { BaselineError, findBaseline, readBaseline, type Baseline } from './baseline.js';
import { buildReport } from './build.js';
import { closingLines } from './closing.js';
import { runMeta } from './meta.js';
import { stripAnsi, toRecord } from './record.js';
import { runScope, scopedLabel, scoreText } from './scope.js';
import type { TestRecord } from './test-record.js';
import type { CompatibilityReport } from './types.js';
import { writeCompatibilityReport } from './write.js';
import { writeShapes } from '../../compare/shapes-file.js';

export interface CompatibilityReporterOptions {
  /** Output folder (default `${REPORT_DIR}/compatibility`). */
  outputDir?: string;
  /** Baseline file (default: conformance.baseline.{json,yaml,yml} at the project root, if any). */
  baseline?: string;
  /** Print the one-line summary (default true). */
  summary?: boolean;
}

export default class CompatibilityReporter implements Reporter {
  private readonly records = new Map<string, TestRecord>();
  private readonly runErrors: string[] = [];
  private readonly redactor: Redactor;
  private readonly outputDir: string;
  private shard: { current: number; total: number } | null = null;
  /** The seed playwright.config.ts drew or pinned (config metadata survives merge-reports). */
  private seed: number | undefined;
  private metadata: unknown;
  /** `playwright test --list`: nothing ran, so nothing is cleared or written (listing.ts). */
  private readonly listing = isListing();

  constructor(private readonly options: CompatibilityReporterOptions = {}) {
    const config = loadConfig();
    this.redactor = Redactor.forConfig(config);
    this.outputDir = options.outputDir ?? path.join(config.reportDir, 'compatibility');
  }

  printsToStdio(): boolean {
    return false;
  }

  onBegin(config: FullConfig, _suite: Suite): void {
    if (this.listing) return;
    this.metadata = config.metadata;
    this.shard = config.shard ? { current: config.shard.current, total: config.shard.total } : null;
    const seed = (config.metadata as Record<string, unknown> | undefined)?.[SEED_METADATA];
    if (typeof seed === 'number') this.seed = seed;
    // A report.json from an earlier run must not be mistaken for this one's if this run dies.
    rmSync(path.join(this.outputDir, 'report.json'), { force: true });
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    try {
      // Retries: the last result is the one that counts.
      this.records.set(test.id, toRecord(test, result, PROJECT_ROOT, this.redactor));
    } catch (err) {
      this.runErrors.push(`could not read the result of "${test.title}": ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  onError(error: TestError): void {
    const first = stripAnsi(error.message ?? error.value ?? 'unknown error').split('\n')[0] ?? '';
    this.runErrors.push(this.redactor.text(`error outside a test: ${first}`));
  }

  async onEnd(result: FullResult): Promise<void> {
    if (this.listing) return;
    try {
      const report = await this.build(result.status);
      writeCompatibilityReport(this.outputDir, report, this.redactor);
      // What the answers looked like, for `npm run compare` and --gate-against (issue 34).
      writeShapes(this.outputDir, [...this.records.values()].map((r) => r.traffic), report, (s) => this.redactor.text(s));
      if (this.options.summary !== false) process.stdout.write(`\n${[summaryLine(report, path.relative(process.cwd(), path.join(this.outputDir, 'index.html'))), ...closingLines(report)].join('\n')}\n`);
    } catch (err) {
      process.stderr.write(`\nThe compatibility report could not be written: ${this.redactor.text(err instanceof Error ? err.message : String(err))}\n`);
    }
  }

  private async build(runStatus: string): Promise<CompatibilityReport> {
    const config = loadConfig();
    // The runner's own load (the global setup and the suites' collection made it): no second parse.
    const catalogue = await catalogueFor(config.spec, config.errata);
    const runErrors = [...this.runErrors];
    let baseline: Baseline;
    try {
      baseline = readBaseline(this.options.baseline ?? findBaseline(PROJECT_ROOT));
    } catch (err) {
      if (!(err instanceof BaselineError)) throw err;
      runErrors.push(`baseline: ${err.message}`);
      baseline = { file: undefined, entries: [] };
    }
    return buildReport({
      catalogue,
      records: [...this.records.values()],
      meta: { ...runMeta(config, catalogue, PROJECT_ROOT), ...(this.seed !== undefined ? { seed: this.seed } : {}) },
      baseline,
      projectRoot: PROJECT_ROOT,
      runStatus,
      runErrors,
      harnessStop: readHarnessStop(config.reportDir, config.runId),
      shard: this.shard,
      scope: runScope(this.metadata, config),
      budgets: config.responseBudgets,
      ...(config.minCoverage !== undefined ? { minCoverage: config.minCoverage } : {}),
      securityGate: config.securityGate,
    });
  }
}

export function summaryLine(r: CompatibilityReport, where: string): string {
  const g = r.gate;
  // A run the harness watch stopped judged nothing of the target: no score to read as its.
  if (r.harnessStop) return `${scopedLabel('Compatibility', r.scope)}: not judged: ${harnessStopLine(r.harnessStop)}. ${where}`;
  const harness = harnessErrorsText(g.harnessErrors);
  const security = g.security && !g.security.ok ? `${g.security.failing.length} security finding(s) over SECURITY_GATE=${g.security.threshold}` : '';
  const gate = g.ok ? `CI gate passed${g.known.length ? ` (${g.known.length} known deviation(s))` : ''}` : `CI gate failed (${[g.newFailures.length ? `${g.newFailures.length} failure(s) not in the baseline` : '', security, harness, ...g.runErrors].filter(Boolean).join('; ')})`;
  const fixed = g.fixed.length ? `; ${g.fixed.length} baseline entr${g.fixed.length === 1 ? 'y' : 'ies'} now pass and can be removed` : '';
  const shard = r.shard ? ` [shard ${r.shard.current}/${r.shard.total}]` : '';
  // Advisories are counted apart: they never fail anything.
  const n = r.counts.advisories ?? 0;
  const advisories = n ? `; ${n} advisor${n === 1 ? 'y' : 'ies'} (stricter than the vendor describes, not failures)` : '';
  const c = r.coverage;
  const coverage = c ? `; coverage index ${c.index}%${c.belowMin ? ` (below MIN_COVERAGE=${c.min ?? 0}%)` : ''}` : '';
  const conc = r.counts.concurrency ?? 0;
  const flaky = r.counts.flaky ?? 0;
  const unrepro = conc + flaky ? `; ${conc} only under concurrency, ${flaky} flaky (did not fail again alone, not failures)` : '';
  const depth = r.depth && r.depth !== 'standard' ? ` at DEPTH=${r.depth}` : '';
  return `${scopedLabel(`Compatibility${shard}`, r.scope)}${depth}: ${scoreText(r)}${coverage}; ${gate}${fixed}${advisories}${unrepro}. ${where}`;
}
