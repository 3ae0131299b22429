// The list parameters every collection answer honours when the operation declares them:
// search/q, sort, page/per_page with the Link header, and fields. Each is a stage of the answer
// (router.ts calls them through the answer points of points.ts); the helpers below take their
// rules (how text folds, how strings compare, how ties break) as parameters with the shop's
// defaults, so a stage can be reused with one rule changed.
import type { OpContext } from './context.js';
import { isObj } from '../../src/core/json.js';
import type { Json } from './schema-tools.js';

/** How the shop folds text for search and q: full Unicode lower case. */
export const foldCase = (s: string): string => s.toLowerCase();

function matchesKeyword(rec: unknown, keyword: string, fold: (s: string) => string): boolean {
  const needle = fold(keyword);
  if (!isObj(rec)) return typeof rec === 'string' && fold(rec).includes(needle);
  for (const v of Object.values(rec)) {
    if (typeof v !== 'string' && typeof v !== 'number') continue;
    if (fold(String(v)).includes(needle)) return true;
  }
  return false;
}

/** The keywords a list is searched for: `search` and `q`; both must match. */
export function keywordsOf(query: Record<string, unknown>): string[] {
  const keywords: string[] = [];
  if (typeof query.search === 'string' && query.search !== '') keywords.push(query.search);
  if (typeof query.q === 'string' && query.q !== '') keywords.push(query.q);
  return keywords;
}

/** Records with every keyword in one of their first-level strings or numbers, folded by `fold`. */
export function searchRecords(records: unknown[], keywords: readonly string[], fold: (s: string) => string = foldCase): unknown[] {
  if (!keywords.length) return records;
  return records.filter((r) => keywords.every((k) => matchesKeyword(r, k, fold)));
}

function at(rec: unknown, path: string[]): unknown {
  let cur = rec;
  for (const p of path) {
    if (!isObj(cur)) return undefined;
    cur = cur[p];
  }
  return cur;
}

/** Strings by UTF-8 byte order (case-sensitive). */
export function byteCompare(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

export interface SortRules {
  /** How two strings compare (default: byte order). */
  compareStrings?: (a: string, b: string) => number;
  /** How records equal on every key compare (default: they keep their order). */
  tieBreak?: (a: unknown, b: unknown) => number;
}

/** Missing < booleans < numbers < strings. */
function compareValues(a: unknown, b: unknown, compareStrings: (a: string, b: string) => number): number {
  const rank = (v: unknown) => (v === undefined || v === null ? 0 : typeof v === 'boolean' ? 1 : typeof v === 'number' ? 2 : typeof v === 'string' ? 3 : 4);
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (typeof a === 'string' && typeof b === 'string') return compareStrings(a, b);
  return 0;
}

/** Sorted by keys `+a.b` / `-c` (first key first). */
export function sortRecords(records: unknown[], keys: readonly string[], rules: SortRules = {}): unknown[] {
  if (!keys.length) return records;
  const compareStrings = rules.compareStrings ?? byteCompare;
  const spec = keys.map((k) => ({ desc: k.startsWith('-'), path: k.slice(1).split('.') }));
  // Array.prototype.sort is stable: records equal on every key keep their id order.
  return [...records].sort((a, b) => {
    for (const s of spec) {
      const c = compareValues(at(a, s.path), at(b, s.path), compareStrings);
      if (c !== 0) return s.desc ? -c : c;
    }
    return rules.tieBreak ? rules.tieBreak(a, b) : 0;
  });
}

export interface Page {
  records: unknown[];
  link?: string;
}

export const DEFAULT_PER_PAGE = 50;

/** Pages count from 1; paging applies only when `page` is given. */
export function paginate(records: unknown[], query: Record<string, unknown>, pageUrl: (page: number) => string): Page {
  if (typeof query.page !== 'number') return { records };
  const page = query.page;
  const perPage = typeof query.per_page === 'number' ? query.per_page : DEFAULT_PER_PAGE;
  // A page size below 1 that got past readParams (written `+0`) leaves nothing to show.
  if (perPage < 1) return { records: [] };
  const last = Math.max(1, Math.ceil(records.length / perPage));
  const offset = perPage * (page - 1);
  const links: string[] = [];
  if (page > 1) {
    links.push(`<${pageUrl(1)}>; rel="first"`);
    links.push(`<${pageUrl(Math.min(page - 1, last))}>; rel="previous"`);
  }
  if (page < last) {
    links.push(`<${pageUrl(page + 1)}>; rel="next"`);
    links.push(`<${pageUrl(last)}>; rel="last"`);
  }
  const out: Page = { records: records.slice(offset, offset + perPage) };
  if (links.length) out.link = links.join(', ');
  return out;
}

/** Keeps only the named first-level fields (unknown names are ignored). */
export function project(record: unknown, fields: string[]): unknown {
  if (!isObj(record) || !fields.length) return record;
  const out: Json = {};
  for (const f of fields) if (f in record) out[f] = record[f];
  return out;
}

// ---- the stages as the router calls them --------------------------------------------------------

export type ListStage = (records: unknown[], ctx: OpContext) => unknown[];
export type PageStage = (records: unknown[], ctx: OpContext, pageUrl: (page: number) => string) => Page;
/** `inList`: the record is one of a list answer (else the whole answer is this record). */
export type FieldsStage = (record: unknown, ctx: OpContext, inList: boolean) => unknown;

export const searchStage: ListStage = (records, ctx) => searchRecords(records, keywordsOf(ctx.query));
export const sortStage: ListStage = (records, ctx) => sortRecords(records, Array.isArray(ctx.query.sort) ? (ctx.query.sort as string[]) : []);
export const pageStage: PageStage = (records, ctx, pageUrl) => paginate(records, ctx.query, pageUrl);
export const fieldsStage: FieldsStage = (record, ctx) => project(record, Array.isArray(ctx.query.fields) ? (ctx.query.fields as string[]) : []);
