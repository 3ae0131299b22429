// `@rule:paging` and `@rule:per-page`: pages count from 1, a page holds at most per_page records,
// and walking the pages covers the unpaged list once. The one judge of a page walk, used by the
// list rule tests (fixtures/list-rules.ts: exact pages of the unpaged order) and the paging
// property (any page size and sort: a partition).
import { multisetDiff } from './records.js';

/** The records page `page` (from 1) of `per` should hold, of a list in its unpaged order. */
export function pageSlice<T>(all: readonly T[], page: number, per: number): T[] {
  return all.slice((page - 1) * per, page * per);
}

/** The page count of `n` records at `per` a page (at least 1: an empty list has one empty page). */
export function lastPage(n: number, per: number): number {
  return Math.max(1, Math.ceil(n / per));
}

/** Why a page of `count` records breaks per_page=`per`, or undefined. */
export function pageSizeProblem(count: number, per: number): string | undefined {
  return count > per ? `it holds ${count}` : undefined;
}

/** What the pages together miss of the unpaged list, and what they hold twice or extra (by identity). */
export function partitionProblems(all: readonly unknown[], paged: readonly unknown[]): { missing: string[]; extra: string[] } | undefined {
  const d = multisetDiff(all, paged);
  return d.missing.length || d.extra.length ? d : undefined;
}
