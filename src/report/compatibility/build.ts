// Assembles report.json from the test records, the catalogue, the run metadata and the baseline.
// Pure apart from its inputs, so the self-tests build reports without running anything.
import type { Outcome } from '../../core/finding.js';
import type { ResponseBudgets } from '../../config/budgets.js';
import type { Catalogue } from '../../spec/types.js';
import { harnessStopLine } from '../harness-stop.js';
import { buildCoverage } from './coverage.js';
import { buildLatency } from './latency.js';
import { notTested } from './not-tested.js';
import { groupDefects } from '../defects/group.js';
import { applyBaseline, type Baseline } from './baseline.js';
import { buildMatrix, cellKey, CONFORMANT_DEFINITION, emptyCounts, SCOPED_DEFINITION, statusOf, summariseGroups } from './matrix.js';
import type { RunMeta } from './meta.js';
import type { TestRecord } from './test-record.js';
import type { CellReport, OperationRow, OperationStatus, ReportScope } from './rows.js';
import { OTHER_OPERATION, SCHEMA_VERSION, type AdvisoryReport, type CompatibilityReport, type Gate, type UnreproducedReport } from './types.js';
import type { SecurityGate } from '../../core/security.js';
import { groupSecurity, securityReport } from '../security/group.js';
import type { SecurityReport } from '../security/types.js';

export interface BuildInput {
  catalogue: Pick<Catalogue, 'operations' | 'findings' | 'errataApplied'>;
  records: readonly TestRecord[];
  meta: RunMeta;
  baseline: Baseline;
  projectRoot: string;
  runStatus: string;
  /** Errors outside any test (worker crash, global setup) and other reasons not to trust the run. */
  runErrors?: string[];
  /** The harness watch stopped the run (src/report/harness-stop.ts): named instead of "ended early". */
  harnessStop?: { cause: string; tests: number } | undefined;
  shard?: { current: number; total: number } | null;
  /** ONLY_GROUPS/SKIP_GROUPS of the run (scope.ts reportScope); null or absent: the whole spec. */
  scope?: ReportScope | null;
  /** The run's response-time budgets (the latency section shows each operation's); absent: none shown. */
  budgets?: ResponseBudgets;
  /** MIN_COVERAGE: the coverage section says whether the index is below it. */
  minCoverage?: number;
  /** SECURITY_GATE of the run (default off: security findings are reported, never gated). */
  securityGate?: SecurityGate;
  now?: Date;
}

/** The conformance gate (applyBaseline's) with the security gate's verdict in it, when that is on (never when off). */
function withSecurity(gate: Gate, security: SecurityReport): Gate {
  if (security.gate.threshold === 'off') return gate;
  const ok = security.gate.ok;
  return { ...gate, ok: gate.ok && ok, security: { threshold: security.gate.threshold, ok, failing: security.gate.failing } };
}

const ORDER: Record<Outcome, number> = { error: 0, fail: 1, unsupported: 2, pass: 3, skip: 4, disabled: 5 };

function noStatuses(): Record<OperationStatus, number> {
  return { conformant: 0, failing: 0, known: 0, unsupported: 0, untested: 0, outOfScope: 0 };
}

/** The declared operations a scoped run left out; undefined for a whole-spec run. */
function outOfScopeSet(scope: ReportScope | null, rows: readonly OperationRow[]): Set<string> | undefined {
  return scope ? new Set(rows.filter((r) => r.declared && r.status === 'outOfScope').map((r) => r.id)) : undefined;
}

function byOperationThenCheck(a: CellReport, b: CellReport): number {
  return ORDER[a.outcome] - ORDER[b.outcome] || a.operation.localeCompare(b.operation) || a.check.localeCompare(b.check);
}

const ADVISORY_TESTS = 5;

/**
 * Advisories of every test, one per operation, check and title (a rule stricter than the vendor
 * meets the same answer in many tests): apart from the matrix, never an outcome, never in the gate.
 */
export function collectAdvisories(records: readonly TestRecord[]): AdvisoryReport[] {
  const byKey = new Map<string, AdvisoryReport>();
  for (const rec of records) {
    for (const f of rec.advisories ?? []) {
      const operation = f.operationId ?? rec.operations[0] ?? OTHER_OPERATION;
      const key = `${operation}\u0000${f.check}\u0000${f.title}`;
      let a = byKey.get(key);
      if (!a) {
        a = { operation, check: f.check, title: f.title, message: f.message, tests: [], seen: 0 };
        if (f.basis) a.basis = f.basis;
        if (f.evidence) a.evidence = f.evidence;
        byKey.set(key, a);
      }
      a.seen++;
      if (a.tests.length < ADVISORY_TESTS) a.tests.push({ title: rec.title, file: rec.file, line: rec.line });
    }
  }
  return [...byKey.values()].sort((a, b) => a.operation.localeCompare(b.operation) || a.check.localeCompare(b.check) || a.title.localeCompare(b.title));
}

/**
 * Failures that did not fail again alone, one per operation, kind and title (the same overlap
 * breaks the same operation in many tests): apart from the matrix, never an outcome, never in the gate.
 */
export function collectUnreproduced(records: readonly TestRecord[]): UnreproducedReport[] {
  const byKey = new Map<string, UnreproducedReport>();
  for (const rec of records) {
    for (const u of rec.unreproduced ?? []) {
      const f = u.finding;
      const operation = f.operationId && f.operationId !== '-' ? f.operationId : (rec.operations[0] ?? OTHER_OPERATION);
      const key = `${u.showing}\u0000${operation}\u0000${f.title}`;
      let a = byKey.get(key);
      if (!a) {
        a = { showing: u.showing, operation, check: f.check, title: f.title, message: f.message, replays: u.replays, tests: [], seen: 0 };
        if (f.evidence) a.evidence = f.evidence;
        byKey.set(key, a);
      }
      a.seen++;
      if (a.tests.length < ADVISORY_TESTS) a.tests.push({ title: rec.title, file: rec.file, line: rec.line });
    }
  }
  const rank = (s: UnreproducedReport['showing']): number => (s === 'concurrency' ? 0 : 1);
  return [...byKey.values()].sort((a, b) => rank(a.showing) - rank(b.showing) || a.operation.localeCompare(b.operation) || a.title.localeCompare(b.title));
}

/**
 * Operation statuses once the baseline marked the cells it knows: an operation whose failing cells
 * are all known is `known`, not `failing`. Out-of-scope rows stay out of scope.
 */
function restatus(rows: readonly OperationRow[], knownCell: (operation: string, check: string) => boolean): OperationRow[] {
  return rows.map((row) => {
    if (row.status === 'outOfScope') return { ...row };
    const failing = Object.entries(row.cells).filter(([, o]) => o === 'fail' || o === 'error');
    const allKnown = failing.length > 0 && failing.every(([check]) => knownCell(row.id, check));
    return { ...row, status: statusOf(Object.values(row.cells), allKnown) };
  });
}

function defectCounts(defects: readonly { known?: boolean }[]): { total: number; new: number; known: number } {
  const known = defects.filter((d) => d.known).length;
  return { total: defects.length, new: defects.length - known, known };
}

export function buildReport(input: BuildInput): CompatibilityReport {
  const scope = input.scope ?? null;
  const matrix = buildMatrix(input.catalogue, input.records, () => false, scope);
  const runErrors = [...(input.runErrors ?? [])];
  if (input.harnessStop) runErrors.push(harnessStopLine(input.harnessStop));
  else if (input.runStatus === 'interrupted') runErrors.push('the run was interrupted before it ended (its interrupted tests are not verdicts)');
  else if (input.runStatus === 'timedout') runErrors.push(`the run ended early (${input.runStatus})`);
  const cells = [...matrix.cells.values()];
  const defects = groupDefects(cells, input.meta.replayEnv ?? []);
  const security = securityReport(groupSecurity(input.records), input.baseline.security ?? [], input.securityGate ?? 'off');
  const gate = withSecurity(applyBaseline({ baseline: input.baseline, cells, defects, runErrors, projectRoot: input.projectRoot, outOfScope: outOfScopeSet(scope, matrix.operations), depth: input.meta.depth }), security);
  const rows = restatus(matrix.operations, (op, check) => matrix.cells.get(cellKey(op, check))?.known === true);

  const testsByOutcome = emptyCounts();
  for (const r of input.records) testsByOutcome[r.outcome]++;
  const cellsByOutcome = emptyCounts();
  for (const c of cells) if (c.operation !== OTHER_OPERATION) cellsByOutcome[c.outcome]++;
  const operations = noStatuses();
  for (const row of rows) if (row.declared) operations[row.status]++;
  const declared = input.catalogue.operations.length;
  // Out-of-scope operations have that status and no other, so they are never among the conformant.
  const inScope = declared - operations.outOfScope;
  const conformant = operations.conformant;

  const inMatrix = cells.filter((c) => c.operation !== OTHER_OPERATION);
  const advisories = collectAdvisories(input.records);
  const unreproduced = collectUnreproduced(input.records);
  const latency = buildLatency(input.records, input.catalogue.operations, input.budgets ?? { default: 0, overrides: {} }, (op) => matrix.cells.get(cellKey(op, 'responseTime'))?.outcome);
  const coverage = buildCoverage(input.records, input.catalogue.operations, rows, input.minCoverage);
  return {
    schemaVersion: SCHEMA_VERSION,
    generatedAt: (input.now ?? new Date()).toISOString(),
    ...input.meta,
    shard: input.shard ?? null,
    runStatus: input.runStatus,
    ...(input.harnessStop ? { harnessStop: { cause: input.harnessStop.cause, tests: input.harnessStop.tests } } : {}),
    scope,
    definition: scope ? SCOPED_DEFINITION : CONFORMANT_DEFINITION,
    score: { conformant, declared, inScope, percent: inScope ? Math.round((conformant / inScope) * 1000) / 10 : 0 },
    counts: {
      tests: input.records.length,
      testsByOutcome,
      cellsByOutcome,
      operations,
      testedOperations: rows.filter((r) => r.declared && Object.keys(r.cells).length > 0).length,
      advisories: advisories.length,
      concurrency: unreproduced.filter((u) => u.showing === 'concurrency').length,
      flaky: unreproduced.filter((u) => u.showing === 'flaky').length,
      defects: defectCounts(defects),
    },
    checks: matrix.checks,
    groups: summariseGroups(rows),
    operations: rows,
    failures: inMatrix.filter((c) => c.outcome === 'fail' || c.outcome === 'error').sort(byOperationThenCheck),
    unsupported: inMatrix.filter((c) => c.outcome === 'unsupported').sort(byOperationThenCheck),
    other: cells.filter((c) => c.operation === OTHER_OPERATION).sort(byOperationThenCheck),
    advisories,
    unreproduced,
    defects,
    notTested: notTested(rows, input.catalogue.operations, input.meta.profile, (op) => matrix.checks.flatMap((check) => matrix.cells.get(cellKey(op, check)) ?? [])),
    gate,
    specFindings: input.catalogue.findings,
    errataApplied: input.catalogue.errataApplied,
    latency,
    coverage,
    security,
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
  const failures = report.failures.map(({ defects: _, ...c }) => ({ ...c }));
  const other = report.other.map(({ defects: _, ...c }) => ({ ...c }));
  // Grouped again from the cells' findings: the signatures of this harness, whichever wrote report.json.
  const defects = groupDefects([...failures, ...other], report.replayEnv ?? []);
  const runErrors = report.gate.runErrors.filter((e) => !e.startsWith('baseline: '));
  const conformance = applyBaseline({ baseline, cells: [...failures, ...other, ...passStubs], defects, runErrors, projectRoot, outOfScope: outOfScopeSet(report.scope, report.operations), depth: report.depth });
  const security = report.security ? securityReport(report.security.findings, baseline.security ?? [], report.security.gate.threshold) : undefined;
  const gate = security ? withSecurity(conformance, security) : conformance;
  const known = new Set(failures.filter((c) => c.known).map((c) => cellKey(c.operation, c.check)));
  const operations = restatus(report.operations, (op, check) => known.has(cellKey(op, check)));
  const counts = { ...report.counts, operations: noStatuses(), defects: defectCounts(defects) };
  for (const row of operations) if (row.declared) counts.operations[row.status]++;
  return { ...report, operations, groups: summariseGroups(operations), counts, failures, other, defects, gate, ...(security ? { security } : {}) };
}
