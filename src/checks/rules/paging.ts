// `@rule:paging` and `@rule:per-page`: pages count from 1, a page holds at most per_page records,
// and walking the pages covers the unpaged list once. The one judge of a page walk, used by the
// list rule tests (fixtures/list-rules.ts: exact pages of the unpaged order) and the paging
// property (any page size and sort: a partition).
import { described, project } from '../basis.js';
import { multisetDiff } from './records.js';
import { defineRule } from './rule.js';

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

/** The pages rule rests on the description and the guide (facts "List parameters": page from 1, per_page). */
const PAGES = described('description and v2 guide: page counts from 1, per_page sets the page size (default 50)');

/** One page read: its number, its size and the identities it held. */
export interface PageRead {
  page: number;
  per: number;
  ids: readonly string[];
}

export interface PagesInput {
  /** Identities of the unpaged list (or of what it should hold: the model's), in its order. */
  all: readonly string[];
  pages: readonly PageRead[];
  /** The pages were read in the unpaged list's own order (no sort of their own): each is judged as its slice too. */
  inOrder?: boolean;
  /** The walk read every page: what no page holds is missing. Otherwise only repeats count. */
  complete?: boolean;
  /** What the pages were read with besides page and per_page (`sort=+gender`), for the message. */
  with?: string;
}

const list = (ids: readonly string[]): string => `[${ids.join(', ')}]`;

/**
 * `pages`: walking the pages from 1 holds every record of the unpaged list once (a partition; the
 * page after the last holds none), and pages read in the list's own order hold their slice of it.
 * Judged alike by the list rule tests, the paging property, the sort rule's walk through ties and
 * the model, so a shop that pages from 0, or drops a last page's record, shows one defect.
 */
export const pagesRule = defineRule<PagesInput>({
  name: 'pages',
  tag: 'paging',
  basis: PAGES,
  title: 'the pages from page 1 should hold every record of the unpaged list once, each page its slice of it',
  judge: (i) => {
    const problems: string[] = [];
    const how = (p: PageRead): string => `page=${p.page}&per_page=${p.per}${i.with ? `&${i.with}` : ''}`;
    const paged = i.pages.flatMap((p) => p.ids);
    const d = multisetDiff(i.all, paged);
    const missing = i.complete ? d.missing : [];
    const twice = paged.filter((id, k) => paged.indexOf(id) !== k);
    const extra = i.complete ? d.extra : [...new Set(twice)];
    if (missing.length || extra.length) {
      const walk = i.pages.map((p) => `${p.page}: ${list(p.ids)}`).join('  ');
      problems.push(`${i.complete ? `pages 1..${i.pages.length}` : 'the pages read'}${i.with ? ` with ${i.with}` : ''}: missing ${list(missing)}, twice or extra ${list(extra)}; pages ${walk}; the unpaged list has ${i.all.length} records ${list(i.all)}`);
    }
    if (i.inOrder && !problems.length) {
      for (const p of i.pages) {
        const want = pageSlice(i.all, p.page, p.per);
        if (want.join(',') !== p.ids.join(',')) problems.push(`${how(p)} should hold records ${(p.page - 1) * p.per + 1}..${Math.min(p.page * p.per, i.all.length)} of the unpaged list: expected ids ${list(want)}, got ${list(p.ids)}; the unpaged list has ${i.all.length} records ${list(i.all)}`);
      }
    }
    return problems;
  },
});

export interface PageSizeInput {
  page: number;
  /** per_page sent; undefined: none (the default, 50). */
  per: number | undefined;
  /** Records the page held. */
  count: number;
  /** Records in the whole list, when known: the page must then hold exactly its share, else at most per_page. */
  total?: number;
}

/** per_page's default (facts "List parameters"). */
export const DEFAULT_PER_PAGE = 50;

/**
 * `page-size`: a page holds per_page records (50 without it); the last one what is left. The list
 * rule tests know the whole list and want the exact share, the paging property's walks at most
 * per_page (what a page lacks, its partition finds).
 */
export const pageSizeRule = defineRule<PageSizeInput>({
  name: 'page-size',
  tag: 'per-page',
  basis: PAGES,
  title: 'a page should hold per_page records (50 without it), the last page what is left',
  judge: (i) => {
    const per = i.per ?? DEFAULT_PER_PAGE;
    const sent = i.per === undefined ? 'page=' + String(i.page) + ' without per_page' : `page=${i.page}&per_page=${per}`;
    if (i.total === undefined) return i.count > per ? `${sent} holds ${i.count} records, more than ${per}` : undefined;
    const want = Math.max(0, Math.min(per, i.total - (i.page - 1) * per));
    return i.count === want ? undefined : `${sent} holds ${i.count} of the ${i.total} records, should hold ${want}`;
  },
});

/** What the demand on per_page below 1 rests on: not described, our own reading. */
const BELOW_ONE = project('per_page below 1 is not described (facts "List parameters"); 400 or the default page is our reading');

export interface BelowOneInput {
  per: number;
  status: number;
  /** Records a 200 answer held (undefined: no list). */
  count: number | undefined;
  /** Records the default page holds. */
  defaultCount: number;
}

/** `per-page-below-one`: per_page below 1 is refused with 400, or ignored (an advisory: not described). */
export const perPageBelowOneRule = defineRule<BelowOneInput>({
  name: 'per-page-below-one',
  tag: 'per-page',
  basis: BELOW_ONE,
  title: 'per_page below 1 should be refused with 400, or ignored (the default page)',
  judge: (i) => (i.status === 400 || (i.status === 200 && i.count === i.defaultCount) ? undefined : `per_page=${i.per} answered ${i.status === 200 ? `200 with ${i.count ?? 'no list of'} records; the default page holds ${i.defaultCount}` : i.status || 'nothing'}`),
});
