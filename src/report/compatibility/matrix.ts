// The matrix: every declared operation x every check column some test filled. A cell takes the
// worst outcome of the tests that fill it (Disabled < Skip < Pass < Unsupported < Fail < Error);
// a cell only ever moves up. A test naming several operations fills a cell in each of them.
// Operations are then classified, and the classification is what the score counts.
import { OUTCOMES, worseOf, type Outcome } from '../../core/finding.js';
import type { Catalogue, Operation } from '../../spec/types.js';
import { inScope } from './scope.js';
import type { TestRecord } from './test-record.js';
import type { CellReport, GroupSummary, OperationRow, OperationStatus, ReportScope } from './rows.js';
import { OTHER_OPERATION } from './types.js';

export const CONFORMANT_DEFINITION =
  'An operation is conformant when at least one check passed on it, no check failed or errored, and the target implements it (no Unsupported). ' +
  'Skipped and disabled checks count neither for nor against it. Known deviations from the baseline still count as failures here; the baseline only decides the CI exit code. ' +
  'Score = conformant operations / operations the spec declares.';

/** The definition for a run limited to some groups: the same, over the operations in scope. */
export const SCOPED_DEFINITION = CONFORMANT_DEFINITION.replace(
  'Score = conformant operations / operations the spec declares.',
  'Score = conformant operations / operations in the run\'s scope; operations of groups ONLY_GROUPS/SKIP_GROUPS left out are out of scope: not tested by design, they count neither for nor against it.',
);

/** Enough evidence to act on; the rest is in the Playwright and Allure reports. */
const CELL_FINDINGS = 10;
const EVIDENCE_OUTCOMES = new Set<Outcome>(['fail', 'error', 'unsupported']);

/** Tags cannot hold every character an operationId may have (suites/contract/plan.ts tagSafe). */
function tagSafe(s: string): string {
  return s.replace(/[^\w:.-]+/g, '_');
}

export interface Matrix {
  operations: OperationRow[];
  checks: string[];
  /** Every cell with the tests and evidence behind its outcome, keyed `op\u0000check`. */
  cells: Map<string, CellReport>;
  groups: GroupSummary[];
}

export function cellKey(operation: string, check: string): string {
  return `${operation}\u0000${check}`;
}

export function emptyCounts(): Record<Outcome, number> {
  return Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<Outcome, number>;
}

export function statusOf(cells: readonly Outcome[], knownOnly: boolean): OperationStatus {
  if (cells.some((o) => o === 'fail' || o === 'error')) return knownOnly ? 'known' : 'failing';
  if (cells.includes('unsupported')) return 'unsupported';
  if (cells.includes('pass')) return 'conformant';
  return 'untested';
}

class OperationIndex {
  private readonly byName = new Map<string, Operation>();

  constructor(ops: readonly Operation[]) {
    for (const op of ops) {
      this.byName.set(op.id, op);
      if (!this.byName.has(tagSafe(op.id))) this.byName.set(tagSafe(op.id), op);
    }
  }

  resolve(name: string): Operation | undefined {
    return this.byName.get(name);
  }
}

function addToCell(cells: Map<string, CellReport>, operation: string, check: string, rec: TestRecord): void {
  const key = cellKey(operation, check);
  let cell = cells.get(key);
  if (!cell) {
    cell = { operation, check, outcome: rec.outcome, tests: [], findings: [] };
    cells.set(key, cell);
  }
  const before = cell.outcome;
  cell.outcome = worseOf(cell.outcome, rec.outcome);
  // The evidence shown is that of the tests with the cell's (worst) outcome.
  if (cell.outcome !== before) {
    cell.tests = [];
    cell.findings = [];
    delete cell.message;
    delete cell.note;
    delete cell.reproduction;
    delete cell.replay;
  }
  if (rec.outcome !== cell.outcome) return;
  cell.tests.push({ title: rec.title, file: rec.file, line: rec.line });
  if (EVIDENCE_OUTCOMES.has(rec.outcome)) {
    const mine = rec.findings.filter((f) => f.check === check);
    if (cell.findings.length < CELL_FINDINGS) cell.findings.push(...(mine.length ? mine : rec.findings).slice(0, CELL_FINDINGS - cell.findings.length));
    if (rec.message && !cell.message) cell.message = rec.message;
    if (rec.reproduction && !cell.reproduction) cell.reproduction = rec.reproduction;
    if (rec.property?.replay && !cell.replay) cell.replay = rec.property.replay;
  }
  if (rec.reason && !cell.note) cell.note = rec.reason;
}

/**
 * Builds the matrix: one row per declared operation, plus one per operation a test named that the
 * spec does not declare. A declared operation whose group the scope leaves out is `outOfScope`
 * whatever its cells say: a test of another group may have touched it, but its own tests did not
 * run. Its cells stay in the matrix, and a failure among them still counts for the CI gate.
 */
export function buildMatrix(catalogue: Pick<Catalogue, 'operations'>, records: readonly TestRecord[], knownCell: (operation: string, check: string) => boolean, scope: ReportScope | null = null): Matrix {
  const index = new OperationIndex(catalogue.operations);
  const cells = new Map<string, CellReport>();
  const undeclared = new Map<string, { group: string }>();
  const columns = new Set<string>();
  for (const rec of records) {
    const ops = [...new Set(rec.operations.map((name) => index.resolve(name)?.id ?? name))];
    if (!ops.length) {
      // Tests naming no operation: keyed by their check, or by their title when they name none.
      const check = rec.checks[0] === undefined || rec.checks[0] === 'other' ? rec.title : rec.checks.join(' + ');
      addToCell(cells, OTHER_OPERATION, check, rec);
      continue;
    }
    const decided = rec.cells ? new Map(rec.cells.map((c) => [cellKey(index.resolve(c.operation)?.id ?? c.operation, c.check), c])) : undefined;
    for (const op of ops) {
      if (!index.resolve(op)) undeclared.set(op, { group: rec.group ?? 'other' });
      for (const check of rec.checks) {
        columns.add(check);
        // The test's verdict record says which of its cells took another outcome (a failing test
        // is about the operation and rule a finding named; an Unsupported one about what is lacking).
        const cell = decided?.get(cellKey(op, check));
        const mine = !cell || cell.outcome === rec.outcome ? rec : { ...rec, outcome: cell.outcome, reason: cell.reason ?? rec.reason, findings: [] };
        addToCell(cells, op, check, mine);
      }
    }
  }
  const checks = [...columns].sort((a, b) => Number(a.includes(':')) - Number(b.includes(':')) || a.localeCompare(b));
  const rowOf = (id: string, method: string, p: string, group: string, deprecated: boolean, declared: boolean): OperationRow => {
    const row: OperationRow = { id, method, path: p, group, deprecated, declared, status: 'untested', cells: {} };
    let failing = 0;
    let knownFailing = 0;
    for (const check of checks) {
      const cell = cells.get(cellKey(id, check));
      if (!cell) continue;
      row.cells[check] = cell.outcome;
      if (cell.outcome === 'fail' || cell.outcome === 'error') {
        failing++;
        if (knownCell(id, check)) knownFailing++;
      }
    }
    row.status = declared && !inScope(scope, group) ? 'outOfScope' : statusOf(Object.values(row.cells), failing > 0 && knownFailing === failing);
    return row;
  };
  const operations = catalogue.operations.map((op) => rowOf(op.id, op.method.toUpperCase(), op.path, op.group, op.deprecated, true));
  for (const [id, { group }] of undeclared) operations.push(rowOf(id, '', '', group, false, false));
  return { operations, checks, cells, groups: summariseGroups(operations) };
}

export function summariseGroups(rows: readonly OperationRow[]): GroupSummary[] {
  const groups = new Map<string, GroupSummary>();
  for (const row of rows) {
    if (!row.declared) continue;
    let g = groups.get(row.group);
    if (!g) {
      g = { name: row.group, operations: 0, conformant: 0, known: 0, failing: 0, unsupported: 0, untested: 0, outOfScope: 0 };
      groups.set(row.group, g);
    }
    g.operations++;
    g[row.status]++;
  }
  return [...groups.values()].sort((a, b) => a.name.localeCompare(b.name));
}
