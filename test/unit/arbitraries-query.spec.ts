// Query arbitraries against our spec: every generated parameter set of every GET passes the
// parameters' own schemas, and the list parameters keep the API's semantics (pages from 1,
// per_page 1..60, up to five distinct sort keys over sortable first-level fields, a non-empty
// subset of first-level fields). Serialisation follows collectionFormat.
import type { ValidateFunction } from 'ajv';
import fc from 'fast-check';
import { OMIT, pageBoundaries, recordFields, sortKeyGroups, toQueryString, validQuery, type ArbOptions } from '../../src/arbitraries/index.js';
import { convertSchema } from '../../src/spec/convert.js';
import { parseQuery } from '../../src/spec/params.js';
import type { Catalogue, Operation } from '../../src/spec/types.js';
import { createAjv } from '../../src/spec/validators.js';
import { expect, test } from './spec-fixtures.js';

const SEED = 7;

function op(catalogue: Catalogue, id: string): Operation {
  const found = catalogue.operations.find((o) => o.id === id);
  if (!found) throw new Error(`no operation ${id}`);
  return found;
}

test('should generate query parameters every GET accepts by its parameter schemas, and that parse back as sent', ({ shopSpec: { catalogue } }) => {
  const ajv = createAjv();
  // The same parameter schemas (page, per_page, sort, ...) recur on every list: compile each once.
  const compiled = new Map<string, ValidateFunction>();
  const compile = (schema: unknown): ValidateFunction => {
    const key = JSON.stringify(schema);
    let fn = compiled.get(key);
    if (!fn) compiled.set(key, (fn = ajv.compile(schema as object)));
    return fn;
  };
  const reads = catalogue.operations.filter((o) => o.method === 'get' && o.parameters.some((p) => p.in === 'query'));
  expect(reads.length).toBeGreaterThan(50);
  for (const [i, read] of reads.entries()) {
    const checks = new Map(read.parameters.filter((p) => p.in === 'query').map((p) => [p.name, compile(convertSchema(p.schema, { mode: 'request' }))]));
    fc.assert(
      fc.property(validQuery(read), (params) => {
        // One expect per run: Playwright's expect records a location per call, costly in a hot loop.
        const problems: unknown[] = [];
        for (const [name, value] of Object.entries(params)) {
          const check = checks.get(name);
          if (!check) problems.push(`unknown parameter ${name}`);
          else if (!check(value)) problems.push({ name, value, errors: check.errors });
        }
        // What the shop parses back (the shared parser of src/spec/params.ts) is what was generated.
        const parsed = parseQuery(read.parameters, new URLSearchParams(toQueryString(read, params)));
        if (parsed.errors.length || JSON.stringify(parsed.values) !== JSON.stringify(params)) problems.push({ sent: params, parsed });
        expect(problems, read.id).toEqual([]);
      }),
      { seed: SEED + i, numRuns: 25 },
    );
  }
});

test('should keep the list parameters within the API semantics', ({ shopSpec: { catalogue } }) => {
  const list = op(catalogue, 'getCustomers');
  const { all, sortable } = recordFields(list);
  expect(sortable).toEqual(expect.arrayContaining(['id', 'lastname', 'email']));
  expect(all).not.toContain('password');
  const seenKeys = new Set<number>();
  fc.assert(
    fc.property(validQuery(list), (q) => {
      const problems: string[] = [];
      const page = q.page as number | undefined;
      const perPage = q.per_page as number | undefined;
      if (page !== undefined && !(page >= 1)) problems.push(`page ${page}`);
      if (perPage !== undefined && !(perPage >= 1 && perPage <= 60)) problems.push(`per_page ${perPage}`);
      if (q.sort !== undefined) {
        const keys = q.sort as string[];
        seenKeys.add(keys.length);
        if (keys.length > 5) problems.push(`${keys.length} sort keys`);
        if (new Set(keys.map((k) => k.slice(1))).size !== keys.length) problems.push(`repeated sort key in ${keys.join(',')}`);
        for (const k of keys) if (!/^[+-]/.test(k) || !sortable.includes(k.slice(1))) problems.push(`sort key ${k}`);
      }
      if (q.fields !== undefined) {
        const fields = q.fields as string[];
        if (fields.length === 0) problems.push('empty fields');
        for (const f of fields) if (!all.includes(f)) problems.push(`field ${f}`);
      }
      expect(problems, JSON.stringify(q)).toEqual([]);
    }),
    { seed: SEED, numRuns: 200 },
  );
  expect([...seenKeys]).toEqual(expect.arrayContaining([1, 2]));
});

test('should serialise arrays as csv and honour overrides', ({ shopSpec: { catalogue } }) => {
  const list = op(catalogue, 'getCustomers');
  const opts: ArbOptions = { overrides: { '/page': fc.constant(2), '/search': OMIT, '/q': OMIT } };
  const off = fc.sample(validQuery(list, opts), { seed: SEED, numRuns: 50 }).filter((q) => {
    const parsed = new URLSearchParams(toQueryString(list, q));
    return (
      (q.page !== undefined && q.page !== 2) ||
      'search' in q ||
      (Array.isArray(q.sort) && parsed.get('sort') !== q.sort.join(',')) ||
      (Array.isArray(q.fields) && parsed.get('fields') !== q.fields.join(','))
    );
  });
  expect(off).toEqual([]);
});

test('should leave out sort and fields when the answer has no record fields', ({ shopSpec: { catalogue } }) => {
  const icons = op(catalogue, 'getCategoryIcons'); // a list of file names
  expect(recordFields(icons)).toEqual({ all: [], sortable: [] });
  expect(fc.sample(validQuery(icons), { seed: SEED, numRuns: 30 }).filter((q) => 'sort' in q || 'fields' in q)).toEqual([]);
});

test('should try every sortable key in groups the sort parameter takes at once', () => {
  expect(sortKeyGroups(['a', 'b', 'c', 'd', 'e', 'f', 'g'], 3)).toEqual([['+a', '+b', '+c'], ['+d', '+e', '+f'], ['+g']]);
  expect(sortKeyGroups(['a'], 0)).toEqual([['+a']]);
});

test('should walk the page boundaries of a list: pages of one, a last page of one record, a last page exactly full, the largest declared size, each with the page past the end', () => {
  const bounds = { maxPages: 20, maxPerPage: 60 };
  const sizes = (n: number, extra: { declaredMax?: number; onesUpTo?: number } = {}) => pageBoundaries(n, { ...bounds, ...extra }).map((w) => w.perPage);
  // 12 records: pages of one, 11 a page (a last page of one record), 6 a page (two full pages).
  expect(pageBoundaries(12, bounds)).toEqual([
    { perPage: 1, pastEnd: true },
    { perPage: 11, pastEnd: true },
    { perPage: 6, pastEnd: true },
  ]);
  // A prime count has no divisor between: one full page of all; 7 = 6 + 1.
  expect(sizes(7)).toEqual([1, 6, 7]);
  expect(sizes(2)).toEqual([1, 2]);
  // Over 20 records, pages of one would take over 20 requests: left out; 100 = 3 × 33 + 1 = 2 × 50.
  expect(sizes(100)).toEqual([33, 50]);
  // 127 = 3 × 42 + 1; no full last page fits under 60.
  expect(sizes(127)).toEqual([42]);
  // The spec's maximum, when it declares one (and a walk with it stays short).
  expect(sizes(12, { declaredMax: 100 })).toEqual([1, 11, 6, 100]);
  expect(sizes(12, { declaredMax: 6 })).toEqual([1, 11, 6]);
  expect(sizes(0)).toEqual([]);
  // Pages of one only up to onesUpTo records (a request per record).
  expect(sizes(12, { onesUpTo: 6 })).toEqual([11, 6]);
  expect(sizes(5, { onesUpTo: 6 })).toEqual([1, 4, 5]);
});
