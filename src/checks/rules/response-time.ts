// Response times: which answers count, their percentiles, and whether an operation's
// p95 is over its budget. The one home of this arithmetic: the responseTime check judges with it
// (src/checks/responseTime.ts) and the compatibility report shows the run's figures with it
// (src/report/compatibility/latency.ts), so the page and the check never count differently.
//
// What p95 means on few answers. The nearest-rank p95 (the value at rank ceil(0.95 n)) is the
// maximum for any n < 20, and an operation's contract probes give it 3 to 15 answers: one hiccup
// of a loaded machine (a GC pause in the worker, another helper's build) would fail the operation
// in one run and not in the next, against "same shop, same verdicts". We take the
// "lower" percentile instead (numpy's method='lower'): the sorted duration at index
// floor(q (n - 1)). With 3 answers p95 is the middle one, with 4 to 20 the slowest but one, with
// 40 the slowest but two: one slow answer never fails an operation, two of three do, and an
// operation that answers every request slowly fails whatever n is. With a single answer it is that
// answer. The maximum is shown beside it, so a lone slow answer is still seen.
// Which answers count (isTimed: no 429, no retry after one, no transport error, not the support
// gate's looks) is decided where the worker sums a test's traffic, src/core/traffic.ts.

/** The "lower" q-quantile of ascending values: the value at index floor(q (n - 1)); undefined when empty. */
export function percentile(ascending: readonly number[], q: number): number | undefined {
  if (!ascending.length) return undefined;
  const i = Math.floor(q * (ascending.length - 1) + 1e-9);
  return ascending[Math.min(ascending.length - 1, Math.max(0, i))];
}

export interface Latency {
  /** Answers timed. */
  count: number;
  p50: number;
  p95: number;
  max: number;
}

/** p50, p95 and max of some durations (ms); undefined when there are none. */
export function latencyOf(durations: readonly number[]): Latency | undefined {
  if (!durations.length) return undefined;
  const sorted = [...durations].sort((a, b) => a - b);
  return { count: sorted.length, p50: percentile(sorted, 0.5) ?? 0, p95: percentile(sorted, 0.95) ?? 0, max: sorted[sorted.length - 1] ?? 0 };
}

/** The slowest `n` of some items, slowest first (ties: the earlier first). */
export function slowestOf<T>(items: readonly T[], durationOf: (t: T) => number, n: number): T[] {
  return items
    .map((t, i) => ({ t, i, d: durationOf(t) }))
    .sort((a, b) => b.d - a.d || a.i - b.i)
    .slice(0, n)
    .map((x) => x.t);
}

export interface ResponseTimeProblem {
  latency: Latency;
  budgetMs: number;
  /** Answers slower than the budget. */
  over: number;
}

/**
 * The judge: an operation whose p95 is over its budget (ms; 0 means no budget) has a problem.
 * Undefined when it keeps its budget, has none, or no answer was timed.
 */
export function responseTimeProblem(durations: readonly number[], budgetMs: number): ResponseTimeProblem | undefined {
  if (budgetMs <= 0) return undefined;
  const latency = latencyOf(durations);
  if (!latency || latency.p95 <= budgetMs) return undefined;
  return { latency, budgetMs, over: durations.filter((d) => d > budgetMs).length };
}
