// The CI gate of one conformance run against the real shop, judged from its exit code and
// <REPORT_DIR>/compatibility/report.json (src/report/compatibility/types.ts): no failure the
// baseline lacks, no baseline entry that now passes, no run error, no test with the Error outcome.
import { existsSync, readFileSync } from 'node:fs';
import type { CompatibilityReport } from '../../src/report/compatibility/types.js';

export interface GateVerdict {
  ok: boolean;
  /** Why not, one short item each (empty when ok). */
  problems: string[];
  /** tests by outcome, for the summary */
  outcomes: Record<string, number>;
}

const LIMIT = 10;

function some<T>(items: readonly T[], line: (t: T) => string): string {
  const shown = items.slice(0, LIMIT).map(line).join('; ');
  return items.length > LIMIT ? `${shown}; … ${items.length - LIMIT} more` : shown;
}

export function judgeReport(report: Pick<CompatibilityReport, 'gate' | 'counts'>, exitCode: number): GateVerdict {
  const problems: string[] = [];
  const g = report.gate;
  if (exitCode !== 0) problems.push(`npm run conformance exited ${exitCode}`);
  if (g.newFailures.length) problems.push(`${g.newFailures.length} new failure(s): ${some(g.newFailures, (f) => `${f.operation} · ${f.check} (${f.outcome})`)}`);
  if (g.fixed.length) problems.push(`${g.fixed.length} baseline entr${g.fixed.length === 1 ? 'y now passes' : 'ies now pass'}: ${some(g.fixed, (e) => `${e.operation} · ${e.check}`)}`);
  if (g.runErrors.length) problems.push(`run errors: ${some(g.runErrors, (e) => e)}`);
  const errors = report.counts.testsByOutcome.error ?? 0;
  if (errors) problems.push(`${errors} test(s) ended with the Error outcome (harness error)`);
  return { ok: problems.length === 0, problems, outcomes: { ...report.counts.testsByOutcome } };
}

export function judgeRun(reportFile: string, exitCode: number): GateVerdict {
  if (!existsSync(reportFile)) return { ok: false, problems: [`no compatibility report (${reportFile}); npm run conformance exited ${exitCode}`], outcomes: {} };
  let report: CompatibilityReport;
  try {
    report = JSON.parse(readFileSync(reportFile, 'utf8')) as CompatibilityReport;
  } catch (err) {
    return { ok: false, problems: [`unreadable ${reportFile}: ${err instanceof Error ? err.message : String(err)}`], outcomes: {} };
  }
  return judgeReport(report, exitCode);
}
