// The list parameters every collection answer honours when the operation declares them:
// search/q, sort, page/per_page with the Link header, and fields.
import type { FaultSet } from '../faults/registry.js';
import { isObj, type Json } from './schema-tools.js';

/** `+` in a query string decodes to a space; a sort key written `+name` arrives as ` name`. */
export function normalizeSortRaw(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  return raw
    .split(',')
    .map((k) => (k.startsWith(' ') ? `+${k.slice(1)}` : k))
    .join(',');
}

function matchesKeyword(rec: unknown, keyword: string): boolean {
  const lower = (s: string) => s.toLowerCase();
  if (!isObj(rec)) return typeof rec === 'string' && lower(rec).includes(lower(keyword));
  const needle = lower(keyword);
  for (const v of Object.values(rec)) {
    if (typeof v !== 'string' && typeof v !== 'number') continue;
    if (lower(String(v)).includes(needle)) return true;
  }
  return false;
}

export function search(records: unknown[], query: Record<string, unknown>, _faults: FaultSet): unknown[] {
  const keywords: string[] = [];
  if (typeof query.search === 'string' && query.search !== '') keywords.push(query.search);
  if (typeof query.q === 'string' && query.q !== '') keywords.push(query.q);
  if (!keywords.length) return records;
  return records.filter((r) => keywords.every((k) => matchesKeyword(r, k)));
}

function at(rec: unknown, path: string[]): unknown {
  let cur = rec;
  for (const p of path) {
    if (!isObj(cur)) return undefined;
    cur = cur[p];
  }
  return cur;
}

function byteCompare(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/** Missing < booleans < numbers < strings; strings by UTF-8 byte order (case-sensitive). */
function compareValues(a: unknown, b: unknown): number {
  const rank = (v: unknown) => (v === undefined || v === null ? 0 : typeof v === 'boolean' ? 1 : typeof v === 'number' ? 2 : typeof v === 'string' ? 3 : 4);
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (typeof a === 'string' && typeof b === 'string') return byteCompare(a, b);
  return 0;
}

export function sort(records: unknown[], keys: string[], faults: FaultSet, page?: unknown): unknown[] {
  if (!keys.length) return records;
  const spec = keys.map((k) => ({ desc: k.startsWith('-') && !faults.has('sort-descending-ignored'), path: k.slice(1).split('.') }));
  // Array.prototype.sort is stable: records equal on every key keep their id order.
  const flipTies = faults.has('sort-ties-unstable') && typeof page === 'number' && page % 2 === 0;
  return [...records].sort((a, b) => {
    for (const s of spec) {
      const c = compareValues(at(a, s.path), at(b, s.path));
      if (c !== 0) return s.desc ? -c : c;
    }
    return flipTies ? Number(at(b, ['id'])) - Number(at(a, ['id'])) : 0;
  });
}

export interface Page {
  records: unknown[];
  link?: string;
}

/** Pages count from 1; paging applies only when `page` is given. */
export function paginate(records: unknown[], query: Record<string, unknown>, pageUrl: (page: number) => string, faults: FaultSet): Page {
  if (typeof query.page !== 'number') return { records };
  const page = query.page;
  const perPage = faults.has('per-page-ignored') || typeof query.per_page !== 'number' ? 50 : query.per_page;
  const last = Math.max(1, Math.ceil(records.length / perPage));
  const offset = perPage * (faults.has('paging-zero-based') ? page : page - 1);
  const links: string[] = [];
  if (page > 1) {
    links.push(`<${pageUrl(1)}>; rel="first"`);
    links.push(`<${pageUrl(Math.min(page - 1, last))}>; rel="previous"`);
  }
  if (page < last) {
    if (!faults.has('link-header-without-next')) links.push(`<${pageUrl(page + 1)}>; rel="next"`);
    links.push(`<${pageUrl(last)}>; rel="last"`);
  }
  const dropLast = faults.has('paging-last-page-drops-one') && page === last && records.length % perPage === 1;
  const out: Page = { records: records.slice(offset, dropLast ? offset : offset + perPage) };
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
