// Paging partition, over every list of the loaded spec that declares page and per_page: for any
// per_page in [1, 60] (and any sort, which must break ties the same way on every page), walking
// the pages from 1 returns every record of the unpaged list exactly once, no page holds more than
// per_page records, each page's Link header points where the facts say, and the page after the
// last (read in some walks) holds none. per_page leans towards the sizes where paging bugs live
// for THIS collection: divisors of n-1 (a last page of one record), n-1, n, n+1. Every run walks
// the boundaries first, whatever the seed (pageBoundaries): pages of one record, a last page
// exactly full, the largest per_page the spec allows, each with the page past the end.
import fc from 'fast-check';
import { pageBoundaries, sortArb } from '../../src/arbitraries/index.js';
import { loadConfig } from '../../src/config/config.js';
import { collectionsWith, listCollections, type ListCollection } from '../../src/properties/collections.js';
import { lastPage, type PageRead } from '../../src/checks/rules/paging.js';
import { identity } from '../../src/checks/rules/records.js';
import { RULE } from '../../src/checks/rules/registry.js';
import { catalogueFor } from '../../src/spec/cache.js';
import { expectRule } from '../../fixtures/evidence.js';
import { ConformanceError } from '../../src/checks/runner.js';
import type { Exchange } from '../../src/core/exchange.js';
import { tagSafe } from '../contract/plan.js';
import { test, RUNS } from './support/fixtures.js';
import { skipBecause } from '../../fixtures/outcome.js';
import { judgeStable, readList, tryList, type Listing } from './support/lists.js';

const config = loadConfig();
const catalogue = await catalogueFor(config.spec, config.errata);
const LISTS = collectionsWith(listCollections(catalogue, config), 'page', 'per_page');

/** Pages of one record are a fixed example only for lists this short (a request per record). */
const ONES_UP_TO = 6;

/** A walk never sends more than this many page requests: big collections get bigger pages (10: each page is a request against a real shop). */
const MAX_PAGES = 10;
/** The largest page size drawn. */
const MAX_PER_PAGE = 60;

/** per_page values that leave exactly one record for the last page of n records: divisors of n-1. */
function lastOfOne(n: number, lo: number): number[] {
  const out: number[] = [];
  for (let d = Math.max(2, lo); d <= Math.min(MAX_PER_PAGE, n - 1); d++) if ((n - 1) % d === 0) out.push(d);
  return out;
}

/**
 * per_page for a list of n records, leaning to where paging bugs live: a last page of one record
 * (twice as likely as the rest), the edges 1, n-1, n, n+1, 60, sizes that make several pages, any.
 */
function perPageArb(n: number): fc.Arbitrary<number> {
  const lo = Math.min(MAX_PER_PAGE, Math.max(1, Math.ceil(n / MAX_PAGES)));
  const parts: fc.WeightedArbitrary<number>[] = [{ weight: 1, arbitrary: fc.integer({ min: lo, max: MAX_PER_PAGE }) }];
  const ones = lastOfOne(n, lo);
  if (ones.length) parts.push({ weight: 2, arbitrary: fc.constantFrom(...ones) });
  const edges = [...new Set([1, n - 1, n, n + 1, MAX_PER_PAGE])].filter((v) => v >= lo && v <= MAX_PER_PAGE);
  if (edges.length) parts.push({ weight: 1, arbitrary: fc.constantFrom(...edges) });
  if (n - 1 >= lo) parts.push({ weight: 1, arbitrary: fc.integer({ min: lo, max: Math.min(MAX_PER_PAGE, n - 1) }) });
  return fc.oneof(...parts);
}

/** First-level fields in which some value repeats: ties, which a sort must break alike on every page. */
function tiedFields(items: readonly unknown[], sortable: readonly string[]): string[] {
  return sortable.filter((f) => {
    const seen = new Set<string>();
    return items.some((r) => {
      const v = JSON.stringify(typeof r === 'object' && r !== null ? ((r as Record<string, unknown>)[f] ?? null) : null);
      if (seen.has(v)) return true;
      seen.add(v);
      return false;
    });
  });
}

/** Any one or two sort keys, half the time led by a field with ties. */
function pagingSortArb(sortable: readonly string[], tied: readonly string[]): fc.Arbitrary<string[]> {
  const any = sortArb(sortable, 2);
  if (!tied.length) return any;
  const led = fc.tuple(fc.constantFrom(...tied), fc.constantFrom('+', '-')).map(([f, d]) => [`${d}${f}`]);
  return fc.oneof(any, led);
}

/**
 * One page. A page read with a sort that is not answered with a list is the sort's failure when
 * the unpaged list refuses that sort too (one more request, only then): GX 4.8 answers 500 to
 * some sortable keys, which the sort property finds with every key in every run; blamed on
 * paging, the cell would fail only in runs that happened to draw such a key.
 */
async function readPage(api: Parameters<typeof readList>[0], c: ListCollection, query: Record<string, unknown>, label: string, sort: string[] | undefined): Promise<Listing> {
  try {
    return await readList(api, c.list, query, 'paging', label);
  } catch (err) {
    if (!sort || !(err instanceof ConformanceError)) throw err;
    await readList(api, c.list, { sort }, 'sort', `the unpaged list with sort=${sort.join(',')}, to see whether the sort or the paging fails`);
    throw err;
  }
}

/**
 * One walk: every page holds at most per_page records and a right Link header, and the pages
 * together (with the page after the last, in some walks) hold the unpaged list once: the rules the
 * list rule tests judge (src/checks/rules/paging.ts, links.ts), asked here with any page size.
 */
async function walk(api: Parameters<typeof readList>[0], c: ListCollection, all: Listing, perPage: number, sort: string[] | undefined, pastEnd: boolean): Promise<void> {
  const n = all.items.length;
  const last = lastPage(n, perPage);
  const extra = sort ? { sort } : {};
  const exchanges: Exchange[] = [];
  const pages: PageRead[] = [];
  for (let page = 1; page <= last; page++) {
    const got = await readPage(api, c, { page, per_page: perPage, ...extra }, `page ${page} of ${last}, per_page=${perPage}`, sort);
    exchanges.push(got.exchange);
    pages.push({ page, per: perPage, ids: got.items.map(identity) });
    expectRule(api, RULE.pageSize, { page, per: perPage, count: got.items.length }, { exchange: got.exchange });
    expectRule(api, RULE.linkHeader, { url: got.exchange.request.url, link: got.exchange.response.headers.link, page, last }, { exchange: got.exchange });
  }
  // The page after the last holds no record: a shop that answers the last page again for any page
  // beyond it (or counts the pages one too few) lists records twice to a client that reads on
  // until a page comes back empty.
  if (pastEnd) {
    const beyond = await readList(api, c.list, { page: last + 1, per_page: perPage, ...extra }, 'paging', `page ${last + 1}, after the last (${last}), per_page=${perPage}`);
    exchanges.push(beyond.exchange);
    pages.push({ page: last + 1, per: perPage, ids: beyond.items.map(identity) });
  }
  expectRule(api, RULE.pages, { all: all.items.map(identity), pages, complete: true, ...(sort ? { with: `sort=${sort.join(',')}` } : {}) }, { exchange: exchanges[exchanges.length - 1], related: [all.exchange, ...exchanges] });
}

test.describe('paging partition @properties', () => {
  for (const c of LISTS) {
    // A sort drawn with the pages must break ties alike on every page: the paging walk is where an unstable sort shows.
    const tags = ['@properties', `@${tagSafe(c.group)}`, `@op:${tagSafe(c.list.id)}`, '@rule:paging', '@rule:per-page', '@rule:link-header', ...(c.declares.has('sort') ? ['@rule:sort'] : []), '@readonly'];
    test(`should split ${c.list.id} (GET ${c.path}) into pages that hold every record once, with Link headers`, { tag: tags }, async ({ prop, api }) => {
      const all = await tryList(api, c.list);
      if (typeof all === 'string') skipBecause(all);
      if (all.items.length < 2) skipBecause(`GET ${c.path} lists ${all.items.length} record(s); paging needs at least 2`);
      const sortable = c.declares.has('sort') ? c.fields.sortable : [];
      const tied = tiedFields(all.items, sortable);
      const arb = fc.record({
        per_page: perPageArb(all.items.length),
        sort: sortable.length ? fc.option(pagingSortArb(sortable, tied), { nil: undefined }) : fc.constant(undefined),
        pastEnd: fc.boolean(),
      });
      // The boundaries, whatever the seed; the drawn walks follow them.
      const declaredMax = c.list.parameters.find((p) => p.in === 'query' && p.name === 'per_page')?.schema.maximum;
      const boundaries = pageBoundaries(all.items.length, { maxPages: MAX_PAGES, maxPerPage: MAX_PER_PAGE, onesUpTo: ONES_UP_TO, ...(typeof declaredMax === 'number' ? { declaredMax } : {}) });
      const examples: { per_page: number; sort: string[] | undefined; pastEnd: boolean }[][] = boundaries.map((b) => [{ per_page: b.perPage, sort: undefined, pastEnd: b.pastEnd }]);
      // A sort led by a field with ties, over about three pages: where a sort that breaks ties
      // differently on each page shows (a class, not a draw).
      const tiePage = Math.ceil(all.items.length / 3);
      const tiedField = tied[0];
      if (tiedField !== undefined && all.items.length >= 3 && tiePage <= MAX_PER_PAGE) examples.push([{ per_page: tiePage, sort: [`+${tiedField}`], pastEnd: false }]);
      // Each walk starts from the unpaged list the previous one agreed with (the first from the read
      // above): a walk that disagrees with it reads the list again before any verdict (judgeStable).
      let snapshot: Listing = all;
      await prop.check(
        `the pages of GET ${c.path} partition its ${all.items.length} records`,
        fc.asyncProperty(arb, async ({ per_page: perPage, sort, pastEnd }) => {
          snapshot = await judgeStable(api, c.list, {}, snapshot, (s) => walk(api, c, s, perPage, sort, pastEnd));
        }),
        { ...RUNS.perList, examples },
      );
    });
  }
});

