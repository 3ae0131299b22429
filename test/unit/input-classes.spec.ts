// The round trip's fixed examples (src/arbitraries/classes.ts), offline: the same bodies whatever
// FC_SEED says (only the run's unique tags differ, fresh each time they are built), and together
// they hold what decides the rule: only the required fields, every optional field, each boolean
// true and false, each enum value, ASCII, non-ASCII and astral text, and the long class past 255
// characters. Drawn bodies for a live shop hold no long string and keep tagged text within 32.
import fc from 'fast-check';
import { classCases, fixedClasses, largestSmallEnum, LONG_CLASS, OMIT, REAL_TEXT_MAX, requestSchema, textClassOf, validBody, type ArbOptions, type TextClass } from '../../src/arbitraries/index.js';
import { lengthOf } from '../../src/arbitraries/strings.js';
import { referenceFields } from '../../src/data/bodies.js';
import { DEFAULT_FACTS } from '../../src/spec/shop-facts.js';
import { CLIENT_OMITS, CLIENT_SENDS } from '../../src/spec/particulars.js';
import type { Catalogue, Operation } from '../../src/spec/types.js';
import { expect, test } from './spec-fixtures.js';

/** As the write properties (suites/properties/support/writable.ts UNIQUE_FIELDS). */
const UNIQUE = ['email', 'name', 'names', 'firstname', 'lastname', 'city', 'title'];
const SUBJECTS = ['createCustomers', 'createAddress', 'createManufacturers', 'createCategories', 'createOrderStatuses'];
/** The run's unique tag (runId r-unit, scope w1), not the run id in live image names and URLs. */
const TAG = /qa[-+]r-unit-w1-\d+/g;

type Json = Record<string, unknown>;

function operation(catalogue: Catalogue, id: string): Operation {
  const op = catalogue.operations.find((o) => o.id === id);
  if (!op) throw new Error(`no operation ${id}`);
  return op;
}

/** The options bodyOptions gives a live shop (references: one id per field, the shop's facts). */
function baseOptions(catalogue: Catalogue, op: Operation): ArbOptions {
  const references = Object.fromEntries(referenceFields(op.body?.schema, { all: true }).map((f, i) => [f, [7000 + i]]));
  const overrides: NonNullable<ArbOptions['overrides']> = Object.fromEntries((CLIENT_OMITS[op.id] ?? []).map((p) => [p, OMIT] as const));
  const present = CLIENT_SENDS[op.id];
  return { catalogue, runId: 'r-unit', uniqueScope: 'w1', uniqueFields: UNIQUE, overrides, live: { facts: DEFAULT_FACTS, references }, longStrings: false, ...(present ? { present } : {}) };
}

/** One record of a bulk body, as the round trip sends it. */
function oneRecord(op: Operation, opts: ArbOptions): fc.Arbitrary<unknown> {
  const arb = validBody(op, opts);
  return op.body?.schema?.type === 'array' ? arb.filter((b) => Array.isArray(b) && b.length > 0).map((b) => [(b as unknown[])[0]]) : arb;
}

function cases(catalogue: Catalogue, id: string) {
  const op = operation(catalogue, id);
  const base = baseOptions(catalogue, op);
  const { schema, resolveRef } = requestSchema(op, catalogue);
  const classes = [LONG_CLASS, ...fixedClasses(largestSmallEnum(schema, resolveRef ? { resolveRef } : {}))];
  return classCases(classes, (o) => oneRecord(op, { ...base, ...o }));
}

function record(body: unknown): Json {
  const one = Array.isArray(body) ? (body as unknown[])[0] : body;
  return typeof one === 'object' && one !== null ? (one as Json) : {};
}

/** Every leaf of a value by its pattern (array items as `*`). */
function leaves(v: unknown, at = '', out: [string, unknown][] = []): [string, unknown][] {
  if (Array.isArray(v)) v.forEach((x) => leaves(x, `${at}/*`, out));
  else if (typeof v === 'object' && v !== null) for (const [k, x] of Object.entries(v)) leaves(x, `${at}/${k}`, out);
  else out.push([at, v]);
  return out;
}

function valuesAt(bodies: readonly unknown[], pattern: string): Set<unknown> {
  return new Set(bodies.flatMap((b) => leaves(record(b)).filter(([p]) => p === pattern).map(([, v]) => v)));
}

function textClasses(bodies: readonly unknown[]): Set<TextClass | undefined> {
  return new Set(bodies.flatMap((b) => leaves(record(b)).flatMap(([, v]) => (typeof v === 'string' ? [textClassOf(v)] : []))));
}

for (const id of SUBJECTS) {
  test(`should build the same ${id} class examples whatever FC_SEED says, with fresh unique values @op:${id}`, ({ shopSpec: spec }) => {
    const saved = process.env.FC_SEED;
    try {
      process.env.FC_SEED = '11';
      const first = cases(spec.catalogue, id);
      process.env.FC_SEED = '4242';
      const second = cases(spec.catalogue, id);
      const shape = (c: unknown) => JSON.stringify(c).replace(TAG, 'TAG');
      expect(second.map(shape)).toEqual(first.map(shape));
      // Unique fields carry the run's tag with a new counter each time the examples are built.
      const tags = (c: unknown): string[] => JSON.stringify(c).match(TAG) ?? [];
      expect(tags(first).length).toBeGreaterThan(0);
      expect(tags(second).filter((t) => tags(first).includes(t))).toEqual([]);
      for (const c of [...first, ...second]) expect(spec.validators.validateRequest(operation(spec.catalogue, id), c.value).errors, c.class).toEqual([]);
    } finally {
      if (saved === undefined) delete process.env.FC_SEED;
      else process.env.FC_SEED = saved;
    }
  });
}

test('should cover the classes that decide a round trip: required only, every optional field, booleans, enums, text', ({ shopSpec: spec }) => {
  const fixed = (id: string) => cases(spec.catalogue, id).filter((c) => c.class !== LONG_CLASS.name).map((c) => c.value);
  const addresses = fixed('createAddress');
  expect(valuesAt(addresses, '/b2bStatus')).toEqual(new Set([true, false]));
  expect(valuesAt(addresses, '/gender')).toEqual(new Set(['m', 'f']));
  expect(textClasses(addresses)).toEqual(new Set(['ascii', 'non-ascii', 'astral']));

  const customers = fixed('createCustomers');
  expect(valuesAt(customers, '/isGuest')).toEqual(new Set([true, false]));
  expect(valuesAt(customers, '/address/b2bStatus')).toEqual(new Set([true, false]));
  expect(valuesAt(customers, '/gender')).toEqual(new Set(['m', 'f']));
  // Every optional field a client may write is present in the full bodies (those it omits stay out).
  const full = record(customers[1]);
  expect(Object.keys(full)).toEqual(expect.arrayContaining(['number', 'dateOfBirth', 'vatNumber', 'telephone', 'fax', 'password', 'address']));
  expect(Object.keys(full)).not.toEqual(expect.arrayContaining(['addonValues']));

  const categories = fixed('createCategories');
  expect(valuesAt(categories, '/isActive')).toEqual(new Set([true, false]));
  expect(valuesAt(categories, '/settings/sortDirection')).toEqual(new Set(['ASC', 'DSC']));
  expect(valuesAt(categories, '/settings/showAttributes')).toEqual(new Set([true, false]));

  // Only the required fields: a manufacturer with its name alone, then one with image and urls.
  const manufacturers = fixed('createManufacturers');
  expect(Object.keys(record(manufacturers[0]))).toEqual(['name']);
  expect(Object.keys(record(manufacturers[1])).sort()).toEqual(['image', 'name', 'urls']);
  for (const c of ['ascii', 'non-ascii', 'astral'] as const) expect(textClasses(manufacturers).has(c), c).toBe(true);
});

test('should send the long class past 255 characters where the schema sets no maxLength, and no long string drawn', ({ shopSpec: spec }) => {
  for (const id of SUBJECTS) {
    const long = cases(spec.catalogue, id).find((c) => c.class === LONG_CLASS.name);
    const strings = leaves(record(long?.value)).flatMap(([, v]) => (typeof v === 'string' ? [v] : []));
    expect(strings.some((s) => lengthOf(s) > 255), id).toBe(true);
    const op = operation(spec.catalogue, id);
    const drawn = fc.sample(oneRecord(op, baseOptions(spec.catalogue, op)), { seed: 7, numRuns: 60 });
    for (const body of drawn) {
      for (const [p, v] of leaves(record(body))) {
        if (typeof v !== 'string') continue;
        expect(lengthOf(v), `${id} ${p}`).toBeLessThanOrEqual(255);
        // Drawn text with the run's tag fits a VARCHAR(32) name or city column.
        if (TAG.test(v) && !p.endsWith('email')) expect(lengthOf(v), `${id} ${p}: ${v}`).toBeLessThanOrEqual(REAL_TEXT_MAX);
        TAG.lastIndex = 0;
      }
    }
  }
});
