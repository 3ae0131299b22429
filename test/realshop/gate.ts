// The CI gate of the conformance runs against a real shop, judged from each run's exit code and
// <REPORT_DIR>/compatibility/report.json (src/report/compatibility/types.ts): per run no failure
// the baseline lacks, no run error, no test with the Error outcome; per shop no baseline entry that
// now passes. "Now passes" is judged over all runs of the shop: one baseline serves its standard
// and readonly runs, and a cell may fail in one profile (the readonly list tests read the shop's
// own records) and pass in the other (the standard ones seed their own), which is still a known
// deviation of the shop.
import { existsSync, readFileSync } from 'node:fs';
import { applyBaseline, isFailing, matches } from '../../src/report/compatibility/baseline.js';
import type { BaselineEntry, CompatibilityReport } from '../../src/report/compatibility/types.js';

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

/**
 * One run's gate. `baseline` (the entries after --update-baselines rewrote them) judges the
 * failures again instead of the run's own gate, which judged them against the baseline it ran with,
 * and judges them as that gate does (applyBaseline): a Fail cell is known only when the entries
 * naming it name every defect it shows, so a defect the rewrite missed in a cell fails here as it
 * will fail the next run, not only there.
 */
export function judgeReport(report: Pick<CompatibilityReport, 'gate' | 'counts' | 'failures' | 'other'> & Partial<Pick<CompatibilityReport, 'defects'>>, exitCode: number, baseline?: readonly BaselineEntry[]): GateVerdict {
  const problems: string[] = [];
  const g = report.gate;
  // applyBaseline marks the cells and defects it is given: it gets copies, the report stays the run's.
  const newFailures = baseline
    ? applyBaseline({
        baseline: { file: undefined, entries: [...baseline] },
        cells: structuredClone([...report.failures, ...report.other].filter((c) => isFailing(c.outcome))),
        defects: structuredClone(report.defects ?? []),
        runErrors: [],
        projectRoot: '.',
      }).newFailures
    : g.newFailures;
  // The exit code says the same as newFailures when the baseline is the one the run used.
  if (exitCode !== 0 && !baseline) problems.push(`npm run conformance exited ${exitCode}`);
  if (newFailures.length) problems.push(`${newFailures.length} new failure(s): ${some(newFailures, (f) => `${f.operation} · ${f.check} (${f.outcome})`)}`);
  if (g.runErrors.length) problems.push(`run errors: ${some(g.runErrors, (e) => e)}`);
  const errors = report.counts.testsByOutcome.error ?? 0;
  if (errors) problems.push(`${errors} test(s) ended with the Error outcome (harness error)`);
  return { ok: problems.length === 0, problems, outcomes: { ...report.counts.testsByOutcome } };
}

export function readReport(reportFile: string): CompatibilityReport | string {
  if (!existsSync(reportFile)) return `no compatibility report (${reportFile})`;
  try {
    return JSON.parse(readFileSync(reportFile, 'utf8')) as CompatibilityReport;
  } catch (err) {
    return `unreadable ${reportFile}: ${err instanceof Error ? err.message : String(err)}`;
  }
}

export function judgeRun(reportFile: string, exitCode: number): GateVerdict {
  const report = readReport(reportFile);
  if (typeof report === 'string') return { ok: false, problems: [`${report}; npm run conformance exited ${exitCode}`], outcomes: {} };
  return judgeReport(report, exitCode);
}

/**
 * Baseline entries that now pass, over all runs of a shop: entries some run's gate found passing
 * (decided: not a drawn property or model test) whose cells no run of the shop failed.
 */
export function fixedOverRuns(reports: readonly Pick<CompatibilityReport, 'gate' | 'failures' | 'other'>[]): BaselineEntry[] {
  const failing = (e: BaselineEntry): boolean => reports.some((r) => [...r.failures, ...r.other].some((c) => isFailing(c.outcome) && matches(e, c.operation, c.check)));
  const seen = new Set<string>();
  const out: BaselineEntry[] = [];
  for (const r of reports) {
    for (const e of r.gate.fixed) {
      const key = `${e.operation}\u0000${e.check}`;
      if (seen.has(key) || failing(e)) continue;
      seen.add(key);
      out.push(e);
    }
  }
  return out;
}

/** The shop's check of its baseline: no entry now passes over its runs (of `baseline`, when rewritten since). */
export function judgeFixed(reports: readonly Pick<CompatibilityReport, 'gate' | 'failures' | 'other'>[], baseline?: readonly BaselineEntry[]): { ok: boolean; detail: string } {
  // An entry declared unstable (it fails in some runs of an unchanged shop, not in others) is not stale when a run passes it.
  const fixed = fixedOverRuns(reports).filter((e) => e.unstable === undefined && (!baseline || baseline.some((b) => b.operation === e.operation && b.check === e.check && b.unstable === undefined)));
  return fixed.length
    ? { ok: false, detail: `${fixed.length} baseline entr${fixed.length === 1 ? 'y now passes' : 'ies now pass'} in every run that judged ${fixed.length === 1 ? 'it' : 'them'}: ${some(fixed, (e) => `${e.operation} · ${e.check}`)}` }
    : { ok: true, detail: 'every entry still fails, or was not judged, in some run' };
}
