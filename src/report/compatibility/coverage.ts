// How much of the description a run could judge on its target, from what the tests'
// requests showed of each operation (src/core/traffic.ts, in each test's verdict record):
// which declared statuses were answered and which were never provoked, which declared parameters
// and body fields at least one request carried.
//
// The coverage index. An operation's items are its declared statuses (`default` aside; `4XX`
// is met by any 4xx), its declared parameters (path, query, header, form) and the fields of its
// JSON body schema (top level and nested, `[]` for the items of a list; readOnly fields, which a
// request may not send, aside). Its coverage is the share of its items the run met: a status
// answered, a parameter or field sent at least once. An operation the target does not implement
// (Unsupported) counts 0, whatever it answered; one the run left out (ONLY_GROUPS/SKIP_GROUPS)
// counts in no mean. A group's index and the run's are the plain means over their operations,
// so an operation with a large body weighs as much as one without. Requests the harness sent
// for itself (the support gate's and the record keeper's looks, cleanup, plain http) count for
// nothing.
import type { OperationTraffic } from '../../core/traffic.js';
import type { Operation, SpecSchema } from '../../spec/types.js';
import type { TestRecord } from './test-record.js';
import type { OperationRow } from './rows.js';
import { isObj } from '../../core/json.js';

export const COVERAGE_DEFINITION =
  'An operation\'s coverage is the share of its declared items the run met: statuses answered (default aside), parameters (path, query, header, form) and JSON body fields (nested too; readOnly aside) sent at least once. ' +
  'Unsupported operations count 0; operations left out of the run\'s scope count in no mean. The index of a group and of the run is the mean over their operations.';

export interface OperationCoverage {
  operation: string;
  group: string;
  /** Declared statuses answered, and those never provoked. */
  statuses: { observed: string[]; never: string[] };
  /** Statuses answered that the operation does not declare. */
  undeclared: number[];
  params: { exercised: string[]; never: string[] };
  fields: { exercised: string[]; never: string[] };
  /** Met / declared items, and the share in percent (0 for an Unsupported operation). */
  met: number;
  items: number;
  percent: number;
  unsupported?: boolean;
}

export interface GroupCoverage {
  name: string;
  operations: number;
  /** Mean of its operations' coverage, percent. */
  index: number;
  /** Conformant operations / operations of the group, percent (the score beside it). */
  score: number;
}

export interface CoverageReport {
  definition: string;
  /** The run's coverage index: mean over the operations in scope, percent. */
  index: number;
  /** The run's score (conformant operations in scope), beside it. */
  score: number;
  /** MIN_COVERAGE, when set, and whether the index is below it. */
  min?: number;
  belowMin?: boolean;
  groups: GroupCoverage[];
  operations: OperationCoverage[];
}

/** One decimal place. */
function pct(part: number, whole: number): number {
  return whole ? Math.round((part / whole) * 1000) / 10 : 0;
}

function mean(values: readonly number[]): number {
  return values.length ? Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10 : 0;
}

const MAX_DEPTH = 6;

/**
 * The field paths a JSON body schema declares, prefixes included (`address`, `address.city`,
 * `items[].qty`, `[].email` for a list body), as src/core/traffic.ts names what a request sent.
 * allOf/oneOf/anyOf are merged (any of them may be sent); a schema met again below itself (a
 * category's children) is not followed twice.
 */
export function declaredFieldPaths(schema: SpecSchema | undefined): string[] {
  const out = new Set<string>();
  const walk = (s: unknown, at: string, depth: number, seen: Set<unknown>): void => {
    if (!isObj(s) || depth > MAX_DEPTH || seen.has(s)) return;
    const inner = new Set(seen).add(s);
    for (const k of ['allOf', 'oneOf', 'anyOf'] as const) {
      const parts = s[k];
      if (Array.isArray(parts)) for (const p of parts) walk(p, at, depth, inner);
    }
    if (s.type === 'array' || s.items !== undefined) {
      walk(s.items, `${at}[]`, depth + 1, inner);
      return;
    }
    const props = s.properties;
    if (!isObj(props)) return;
    for (const [name, p] of Object.entries(props)) {
      if (isObj(p) && p.readOnly === true) continue;
      const path = at ? `${at}.${name}` : name;
      out.add(path);
      walk(p, path, depth + 1, inner);
    }
  };
  walk(schema, '', 0, new Set());
  return [...out].sort();
}

/** Declared statuses (as written) met by the answered ones: `4XX` by any 4xx; `default` is no item. */
function statusItems(op: Operation, answered: ReadonlySet<number>): { observed: string[]; never: string[] } {
  const observed: string[] = [];
  const never: string[] = [];
  for (const r of op.responses) {
    if (r.status === 'default') continue;
    const range = /^([1-5])XX$/i.exec(r.status);
    const met = range ? [...answered].some((s) => Math.floor(s / 100) === Number(range[1])) : answered.has(Number(r.status));
    (met ? observed : never).push(r.status);
  }
  return { observed, never };
}

function paramItems(op: Operation, sent: ReadonlySet<string>, reached: boolean): { exercised: string[]; never: string[] } {
  const exercised: string[] = [];
  const never: string[] = [];
  for (const p of [...op.parameters, ...op.formFields]) {
    const label = `${p.in}:${p.name}`;
    // A path parameter is in every request of the operation.
    const met =
      p.in === 'path' ? reached : p.in === 'header' ? sent.has(`header:${p.name.toLowerCase()}`) : p.in === 'formData' ? sent.has(`form:${p.name}`) || sent.has(`query:${p.name}`) : sent.has(`${p.in}:${p.name}`);
    (met ? exercised : never).push(label);
  }
  return { exercised, never };
}

function merged(records: readonly TestRecord[]): Map<string, { statuses: Set<number>; params: Set<string>; fields: Set<string> }> {
  const out = new Map<string, { statuses: Set<number>; params: Set<string>; fields: Set<string> }>();
  for (const rec of records) {
    for (const [op, t] of Object.entries<OperationTraffic>(rec.traffic ?? {})) {
      let acc = out.get(op);
      if (!acc) out.set(op, (acc = { statuses: new Set(), params: new Set(), fields: new Set() }));
      for (const s of t.statuses) acc.statuses.add(s);
      for (const p of t.params) acc.params.add(p);
      for (const f of t.fields) acc.fields.add(f);
    }
  }
  return out;
}

export function buildCoverage(
  records: readonly TestRecord[],
  operations: readonly Operation[],
  rows: readonly Pick<OperationRow, 'id' | 'group' | 'status' | 'declared'>[],
  minCoverage?: number,
): CoverageReport {
  const seen = merged(records);
  const statusOf = new Map(rows.map((r) => [r.id, r.status]));
  const perOp: OperationCoverage[] = [];
  for (const op of operations) {
    const status = statusOf.get(op.id);
    if (status === 'outOfScope') continue;
    const acc = seen.get(op.id);
    const statuses = statusItems(op, acc?.statuses ?? new Set());
    const reached = (acc?.statuses.size ?? 0) > 0;
    const params = paramItems(op, acc?.params ?? new Set(), reached);
    const declared = declaredFieldPaths(op.body?.schema);
    const exercisedFields = declared.filter((f) => acc?.fields.has(f));
    const fields = { exercised: exercisedFields, never: declared.filter((f) => !acc?.fields.has(f)) };
    const items = statuses.observed.length + statuses.never.length + params.exercised.length + params.never.length + declared.length;
    const unsupported = status === 'unsupported';
    const met = unsupported ? 0 : statuses.observed.length + params.exercised.length + fields.exercised.length;
    const declaredNumbers = new Set(op.responses.map((r) => Number(r.status)));
    const ranges = new Set(op.responses.map((r) => /^([1-5])XX$/i.exec(r.status)?.[1]).filter(Boolean).map(Number));
    const undeclared = [...(acc?.statuses ?? [])].filter((s) => !declaredNumbers.has(s) && !ranges.has(Math.floor(s / 100))).sort((a, b) => a - b);
    const row: OperationCoverage = { operation: op.id, group: op.group, statuses, undeclared, params, fields, met, items, percent: pct(met, items) };
    if (unsupported) row.unsupported = true;
    perOp.push(row);
  }
  const groups = new Map<string, OperationCoverage[]>();
  for (const c of perOp) groups.set(c.group, [...(groups.get(c.group) ?? []), c]);
  const conformant = (ids: readonly string[]): number => ids.filter((id) => statusOf.get(id) === 'conformant').length;
  const groupRows: GroupCoverage[] = [...groups]
    .map(([name, ops]) => ({ name, operations: ops.length, index: mean(ops.map((o) => o.percent)), score: pct(conformant(ops.map((o) => o.operation)), ops.length) }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const index = mean(perOp.map((o) => o.percent));
  const report: CoverageReport = {
    definition: COVERAGE_DEFINITION,
    index,
    score: pct(conformant(perOp.map((o) => o.operation)), perOp.length),
    groups: groupRows,
    operations: perOp,
  };
  if (minCoverage !== undefined) {
    report.min = minCoverage;
    report.belowMin = index < minCoverage;
  }
  return report;
}

/** The one line a run below MIN_COVERAGE ends with. */
export function belowMinLine(c: Pick<CoverageReport, 'index' | 'min'>): string {
  return `Coverage index ${c.index}% is below MIN_COVERAGE=${c.min ?? 0}%: this run judged too little of the description on this target (see the Coverage section of the compatibility report).`;
}
