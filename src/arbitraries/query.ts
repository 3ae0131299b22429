// Query parameters of an operation. The list parameters follow the API's documented semantics
// (pages from 1, per_page 1..60, sort keys `+field`/`-field` drawn from the record's sortable
// first-level fields, fields = a subset of the first-level fields); every other query parameter
// is generated from its own schema.
import fc from 'fast-check';
import { convertSchema } from '../spec/convert.js';
import { SEPARATORS, serializeQuery, type SerializeOptions } from '../spec/params.js';
import type { Operation, ParameterInfo, SpecSchema } from '../spec/types.js';
import { isObj } from '../core/json.js';
import { flatten, seg, typesOf } from './schema.js';
import { GenerationError, OMIT, type ArbOptions } from './types.js';
import { valid } from './valid.js';

export type QueryValue = string | number | boolean | string[];
export type QueryParams = Record<string, QueryValue>;

export interface RecordFields {
  /** First-level fields of the record the operation answers with (write-only and `_links`-style fields left out). */
  all: string[];
  /** Those with a scalar type (string, number, integer, boolean): what `sort` can order by. */
  sortable: string[];
}

const SCALARS = new Set(['string', 'number', 'integer', 'boolean']);

/** The record schema of a read: the success answer, or its items when the answer is a list. */
function recordSchema(op: Operation): SpecSchema | undefined {
  const ok = op.responses.find((r) => /^2\d\d$/.test(r.status) && r.schema !== undefined);
  let s = ok?.schema;
  if (s && s.type === 'array' && isObj(s.items)) s = s.items;
  return s && isObj(s.properties) ? s : undefined;
}

export function recordFields(op: Operation): RecordFields {
  const s = recordSchema(op);
  const all: string[] = [];
  const sortable: string[] = [];
  const props = s && isObj(s.properties) ? s.properties : {};
  for (const [name, sub] of Object.entries(props)) {
    if (name.startsWith('_') || !isObj(sub) || sub.writeOnly === true || sub['x-writeOnly'] === true) continue;
    all.push(name);
    const f = flatten(convertSchema(sub, { mode: 'response' }), {});
    if (typeof f !== 'boolean' && typesOf(f).filter((t) => t !== 'null').every((t) => SCALARS.has(t)) && typesOf(f).length > 0) sortable.push(name);
  }
  return { all, sortable };
}

/** Pages count from 1; most runs stay on the first pages, where the data is. */
export const pageArb: fc.Arbitrary<number> = fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 5 }) }, { weight: 1, arbitrary: fc.integer({ min: 6, max: 1000 }) });

export function perPageArb(max = 60): fc.Arbitrary<number> {
  return fc.integer({ min: 1, max: Math.max(1, max) });
}

/** 1..maxKeys distinct fields, each with a direction: `['+lastname', '-id']`. */
export function sortArb(sortable: readonly string[], maxKeys = 5, keyPattern?: RegExp): fc.Arbitrary<string[]> {
  const usable = sortable.filter((f) => !keyPattern || keyPattern.test(`+${f}`));
  if (usable.length === 0) throw new GenerationError('no sortable field');
  return fc
    .uniqueArray(fc.constantFrom(...usable), { minLength: 1, maxLength: Math.min(maxKeys, usable.length) })
    .chain((keys) => fc.tuple(...keys.map((k) => fc.constantFrom(`+${k}`, `-${k}`))));
}

/**
 * Every sortable key, ascending, in groups of at most `maxKeys` (the sort parameter's maxItems):
 * the cases a sort property tries whatever the seed, so that a key the target cannot sort by is
 * found in every run, at one request per group.
 */
export function sortKeyGroups(sortable: readonly string[], maxKeys = 5): string[][] {
  const keys = sortable.map((f) => `+${f}`);
  const size = Math.max(1, maxKeys);
  const groups: string[][] = [];
  for (let i = 0; i < keys.length; i += size) groups.push(keys.slice(i, i + size));
  return groups;
}

/** A page walk a paging property tries whatever the seed: a page size, and whether to read the page after the last too. */
export interface PageWalk {
  perPage: number;
  pastEnd: boolean;
}

export interface PageBounds {
  /** A walk sends at most this many page requests: smaller page sizes are not tried. */
  maxPages: number;
  /** The largest page size the property draws. */
  maxPerPage: number;
  /** per_page's `maximum`, when the spec declares one. */
  declaredMax?: number;
  /**
   * Pages of one record are walked only for lists of at most this many records (default
   * `maxPages`): such a walk costs a request per record, and on a real shop requests are the run's
   * cost; larger lists still meet pages of one in the drawn cases.
   */
  onesUpTo?: number;
}

/**
 * The page boundaries a paging property walks in every run, whatever the seed, for a list of `n`
 * records (first and last pages are in every walk already): pages of one record (when the walk
 * stays within `maxPages`); a last page of exactly one record; a last page exactly full, with several pages where a divisor of `n`
 * allows (else one full page); the largest per_page the spec allows, when it gives one. Each also
 * reads the page just past the last, which must be empty (a shop that answers the last page again
 * for any page beyond it lists records twice). Small on purpose: a walk is a request per page.
 */
export function pageBoundaries(n: number, bounds: PageBounds): PageWalk[] {
  // The smallest page size the property draws (a list of over maxPages × maxPerPage records takes longer walks).
  const lo = Math.min(bounds.maxPerPage, Math.max(1, Math.ceil(n / bounds.maxPages)));
  const sizes: number[] = [];
  if (n >= 1 && lo === 1 && n <= (bounds.onesUpTo ?? bounds.maxPages)) sizes.push(1);
  // A last page of exactly one record (n is a multiple of per_page, plus one): the largest such size.
  for (let d = Math.min(bounds.maxPerPage, n - 1); d >= Math.max(lo, 2); d--) {
    if ((n - 1) % d === 0) {
      sizes.push(d);
      break;
    }
  }
  let full: number | undefined;
  for (let d = Math.min(bounds.maxPerPage, n - 1); d >= Math.max(lo, 2) && full === undefined; d--) if (n % d === 0) full = d;
  if (full === undefined && n >= 1 && n <= bounds.maxPerPage) full = n;
  if (full !== undefined) sizes.push(full);
  if (bounds.declaredMax !== undefined && bounds.declaredMax >= lo) sizes.push(bounds.declaredMax);
  // No size above fits (more than maxPerPage records, no divisor in range): the page past the end still needs a walk.
  if (!sizes.length && n >= 1) sizes.push(bounds.maxPerPage);
  return [...new Set(sizes)].map((perPage) => ({ perPage, pastEnd: true }));
}

/** A non-empty subset of the first-level fields, in the record's order. */
export function fieldsArb(all: readonly string[]): fc.Arbitrary<string[]> {
  if (all.length === 0) throw new GenerationError('no field');
  return fc.subarray([...all], { minLength: 1 });
}

function itemPattern(p: ParameterInfo): RegExp | undefined {
  const items = p.schema.items;
  if (!isObj(items) || typeof items.pattern !== 'string') return undefined;
  try {
    return new RegExp(items.pattern, 'u');
  } catch {
    return undefined;
  }
}

function asQueryValue(v: unknown): QueryValue | undefined {
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (Array.isArray(v)) return v.map((x) => (typeof x === 'string' ? x : JSON.stringify(x)));
  return undefined;
}

function paramArb(p: ParameterInfo, fields: RecordFields, opts: ArbOptions): fc.Arbitrary<QueryValue> | undefined {
  const max = typeof p.schema.maximum === 'number' ? p.schema.maximum : undefined;
  const maxItems = typeof p.schema.maxItems === 'number' ? p.schema.maxItems : 5;
  switch (p.name) {
    case 'page':
      return pageArb;
    case 'per_page':
      return perPageArb(Math.min(60, max ?? 60));
    case 'sort':
      return fields.sortable.length ? sortArb(fields.sortable, maxItems, itemPattern(p)) : undefined;
    case 'fields':
      return fields.all.length ? fieldsArb(fields.all) : undefined;
  }
  const schema = convertSchema(p.schema, { mode: 'request' });
  const f = flatten(schema, opts);
  if (typeof f === 'boolean' || typesOf(f).includes('object')) return undefined;
  // Swagger 2.0 cannot escape a separator inside an item: such arrays would not arrive as sent.
  const sep = p.collectionFormat === 'multi' ? undefined : SEPARATORS[p.collectionFormat ?? 'csv'];
  const roundTrips = (v: QueryValue): boolean => !Array.isArray(v) || sep === undefined || v.every((x) => !x.includes(sep));
  // Long strings belong in bodies; in a URL they only test the server's URL length limit.
  return valid(schema, { ...opts, longStrings: false }, { depth: 0, pattern: seg(p.name), name: p.name })
    .map(asQueryValue)
    .filter((v): v is QueryValue => v !== undefined && roundTrips(v));
}

/**
 * Query parameters the operation accepts: required ones always, optional ones in random subsets.
 * Overrides are keyed `/<name>` (OMIT leaves a parameter out).
 */
export function validQuery(op: Operation, opts: ArbOptions = {}): fc.Arbitrary<QueryParams> {
  const fields = recordFields(op);
  const model: Record<string, fc.Arbitrary<QueryValue>> = {};
  const requiredKeys: string[] = [];
  for (const p of op.parameters) {
    if (p.in !== 'query') continue;
    const override = opts.overrides?.[seg(p.name)];
    if (override === OMIT && !p.required) continue;
    const arb = override !== undefined && override !== OMIT ? (override as fc.Arbitrary<QueryValue>) : paramArb(p, fields, opts);
    if (!arb) continue;
    model[p.name] = arb;
    if (p.required) requiredKeys.push(p.name);
  }
  return fc.record(model, { requiredKeys, noNullPrototype: true });
}

/** Serialises parameters as the operation declares them (src/spec/params.ts: arrays per collectionFormat). */
export function toQueryString(op: Operation, params: QueryParams, opts: SerializeOptions = {}): string {
  return serializeQuery(op.parameters, params, opts).toString();
}
