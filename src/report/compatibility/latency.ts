// Response times of the run, per operation: every answer the tests' requests timed
// (src/core/traffic.ts, summed in each test's verdict record), as p50, p95 and max, with the
// operation's budget and the slowest answers as evidence. The percentiles and which answers count
// are src/checks/rules/response-time.ts's, the same the responseTime check judges with; the check
// decides its cell on the operation's contract probes (the same requests every run), these figures
// cover every request the run sent, so an operation can be over its budget here and pass its check
// (its probes kept the budget, other requests did not) or the reverse. The page says so.
import { budgetFor, budgetSource, type ResponseBudgets } from '../../config/budgets.js';
import type { Outcome } from '../../core/finding.js';
import type { SlowExchange } from '../../core/traffic.js';
import { latencyOf, responseTimeProblem, slowestOf } from '../../checks/rules/response-time.js';
import type { Operation } from '../../spec/types.js';
import type { TestRecord } from './test-record.js';

/** Slowest answers kept per operation, and for the whole run. */
const SLOWEST_PER_OPERATION = 3;
const SLOWEST_OF_RUN = 10;

export const LATENCY_DEFINITION =
  'Over every answer the run timed (no 429, no answer after a 429 retry, no transport error, not the harness\'s own looks at made-up paths or plain http). ' +
  'p95 is the "lower" percentile (the sorted duration at index floor(0.95 (n - 1))): with up to 20 answers the slowest but one, so one hiccup never decides it; max is beside it. ' +
  'The responseTime check judges the same p95 on the operation\'s contract probes (its valid request, without and with wrong credentials, invalid input): the same requests every run.';

export interface OperationLatency {
  operation: string;
  group: string;
  count: number;
  p50: number;
  p95: number;
  max: number;
  /** Its budget in ms (0: none) and where it comes from (MAX_RESPONSE_MS, RESPONSE_BUDGETS <name>). */
  budgetMs: number;
  budgetSource: string;
  /** The run's p95 is over the budget. */
  overBudget: boolean;
  /** The responseTime cell of the matrix (decided on the contract probes), when a test filled it. */
  check?: Outcome;
  /** The slowest answers, slowest first. */
  slowest: SlowExchange[];
}

export interface LatencyReport {
  definition: string;
  budgets: ResponseBudgets;
  /** Answers timed in the run. */
  answers: number;
  /** p50, p95 and max over every answer of the run (absent in older reports, and when none was timed). */
  run?: { p50: number; p95: number; max: number };
  /** Operations with at least one timed answer, slowest p95 first. */
  operations: OperationLatency[];
  /** The slowest answers of the run, slowest first. */
  slowest: (SlowExchange & { operation: string })[];
}

export function buildLatency(
  records: readonly TestRecord[],
  operations: readonly Pick<Operation, 'id' | 'group'>[],
  budgets: ResponseBudgets,
  cellOf: (operation: string) => Outcome | undefined,
): LatencyReport {
  const byOp = new Map<string, { durations: number[]; slowest: SlowExchange[] }>();
  for (const rec of records) {
    for (const [op, t] of Object.entries(rec.traffic ?? {})) {
      let acc = byOp.get(op);
      if (!acc) byOp.set(op, (acc = { durations: [], slowest: [] }));
      acc.durations.push(...t.durations);
      acc.slowest.push(...t.slowest);
    }
  }
  const groupOf = new Map(operations.map((o) => [o.id, o.group]));
  const rows: OperationLatency[] = [];
  const every: number[] = [];
  let answers = 0;
  for (const [operation, acc] of byOp) {
    const l = latencyOf(acc.durations);
    if (!l) continue;
    answers += l.count;
    every.push(...acc.durations);
    const op = { id: operation, group: groupOf.get(operation) ?? 'other' };
    const budgetMs = budgetFor(budgets, op);
    const row: OperationLatency = {
      operation,
      group: op.group,
      ...l,
      budgetMs,
      budgetSource: budgetSource(budgets, op),
      overBudget: responseTimeProblem(acc.durations, budgetMs) !== undefined,
      slowest: slowestOf(acc.slowest, (s) => s.durationMs, SLOWEST_PER_OPERATION),
    };
    const cell = cellOf(operation);
    if (cell) row.check = cell;
    rows.push(row);
  }
  rows.sort((a, b) => b.p95 - a.p95 || b.max - a.max || a.operation.localeCompare(b.operation));
  const all = rows.flatMap((r) => r.slowest.map((s) => ({ ...s, operation: r.operation })));
  const run = latencyOf(every);
  return { definition: LATENCY_DEFINITION, budgets, answers, ...(run ? { run: { p50: run.p50, p95: run.p95, max: run.max } } : {}), operations: rows, slowest: slowestOf(all, (s) => s.durationMs, SLOWEST_OF_RUN) };
}
