// Assembles report.json from the test records, the catalogue, the run metadata and the baseline.
// Pure apart from its inputs, so the self-tests build reports without running anything.
import type { Outcome } from '../../checks/types.js';
import type { Catalogue } from '../../spec/types.js';
import { applyBaseline, matches, type Baseline } from './baseline.js';
import { buildMatrix, CONFORMANT_DEFINITION, emptyCounts, statusOf, summariseGroups } from './matrix.js';
import type { RunMeta } from './meta.js';
import { OTHER_OPERATION, SCHEMA_VERSION, type CellReport, type CompatibilityReport, type OperationStatus, type TestRecord } from './types.js';

export interface BuildInput {
  catalogue: Pick<Catalogue, 'operations' | 'findings' | 'errataApplied'>;
  records: readonly TestRecord[];
  meta: RunMeta;
  baseline: Baseline;
  projectRoot: string;
  runStatus: string;
  /** Errors outside any test (worker crash, global setup) and other reasons not to trust the run. */
  runErrors?: string[];
  shard?: { current: number; total: number } | null;
  now?: Date;
}

const ORDER: Record<Outcome, number> = { error: 0, fail: 1, unsupported: 2, pass: 3, skip: 4, disabled: 5 };

function byOperationThenCheck(a: CellReport, b: CellReport): number {
  return ORDER[a.outcome] - ORDER[b.outcome] || a.operation.localeCompare(b.operation) || a.check.localeCompare(b.check);
}

export function buildReport(input: BuildInput): CompatibilityReport {
  const known = (operation: string, check: string): boolean => input.baseline.entries.some((e) => matches(e, operation, check));
  const matrix = buildMatrix(input.catalogue, input.records, known);
  const runErrors = [...(input.runErrors ?? [])];
  if (input.runStatus === 'interrupted' || input.runStatus === 'timedout') runErrors.push(`the run ended early (${input.runStatus})`);
  const cells = [...matrix.cells.values()];
  const gate = applyBaseline({ baseline: input.baseline, cells, runErrors, projectRoot: input.projectRoot });

  const testsByOutcome = emptyCounts();
  for (const r of input.records) testsByOutcome[r.outcome]++;
  const cellsByOutcome = emptyCounts();
  for (const c of cells) if (c.operation !== OTHER_OPERATION) cellsByOutcome[c.outcome]++;
  const operations: Record<OperationStatus, number> = { conformant: 0, failing: 0, known: 0, unsupported: 0, untested: 0 };
  for (const row of matrix.operations) if (row.declared) operations[row.status]++;
  const declared = input.catalogue.operations.length;
  const conformant = operations.conformant;

  const inMatrix = cells.filter((c) => c.operation !== OTHER_OPERATION);
  return {
    schemaVersion: SCHEMA_VERSION,
    generatedAt: (input.now ?? new Date()).toISOString(),
    ...input.meta,
    shard: input.shard ?? null,
    runStatus: input.runStatus,
    definition: CONFORMANT_DEFINITION,
    score: { conformant, declared, percent: declared ? Math.round((conformant / declared) * 1000) / 10 : 0 },
    counts: {
      tests: input.records.length,
      testsByOutcome,
      cellsByOutcome,
      operations,
      testedOperations: matrix.operations.filter((r) => r.declared && Object.keys(r.cells).length > 0).length,
    },
    checks: matrix.checks,
    groups: matrix.groups,
    operations: matrix.operations,
    failures: inMatrix.filter((c) => c.outcome === 'fail' || c.outcome === 'error').sort(byOperationThenCheck),
    unsupported: inMatrix.filter((c) => c.outcome === 'unsupported').sort(byOperationThenCheck),
    other: cells.filter((c) => c.operation === OTHER_OPERATION).sort(byOperationThenCheck),
    gate,
    specFindings: input.catalogue.findings,
    errataApplied: input.catalogue.errataApplied,
  };
}

/**
 * The same report judged against another baseline (after the baseline file was edited):
 * known/new failures, the gate, operation statuses and group counts are recomputed from the
 * cells in report.json; the outcomes themselves never change.
 */
export function rebaseline(report: CompatibilityReport, baseline: Baseline, projectRoot: string): CompatibilityReport {
  const passStubs: CellReport[] = report.operations.flatMap((row) =>
    Object.entries(row.cells)
      .filter(([, o]) => o === 'pass')
      .map(([check, outcome]) => ({ operation: row.id, check, outcome, tests: [], findings: [] })),
  );
  const failures = report.failures.map((c) => ({ ...c }));
  const other = report.other.map((c) => ({ ...c }));
  const runErrors = report.gate.runErrors.filter((e) => !e.startsWith('baseline: '));
  const gate = applyBaseline({ baseline, cells: [...failures, ...other, ...passStubs], runErrors, projectRoot });
  const operations = report.operations.map((row) => {
    const failing = Object.entries(row.cells).filter(([, o]) => o === 'fail' || o === 'error');
    const allKnown = failing.length > 0 && failing.every(([check]) => baseline.entries.some((e) => matches(e, row.id, check)));
    return { ...row, status: statusOf(Object.values(row.cells), allKnown) };
  });
  const counts = { ...report.counts, operations: { conformant: 0, failing: 0, known: 0, unsupported: 0, untested: 0 } };
  for (const row of operations) if (row.declared) counts.operations[row.status]++;
  return { ...report, operations, groups: summariseGroups(operations), counts, failures, other, gate };
}
