// Bodies for a live shop, offline: for every create and update operation of the bundled spec, the
// minimal body the harness builds (src/data/bodies.ts) and the bodies fast-check draws for the
// property suites (src/arbitraries/, ArbOptions.live) carry no id, hold in reference fields only
// the values read from the target, and write dates, currency and language codes, the keys of
// multi-language objects, e-mails, prices and quantities as the target does. Invalid bodies break
// their one rule without ever carrying a made-up reference. Fixed seeds keep the runs deterministic.
import fc from 'fast-check';
import { GenerationError, hasJsonBody, invalidBody, validBody as arbBody, type ArbOptions } from '../../src/arbitraries/index.js';
import { Uniq } from '../../src/core/uniq.js';
import { clientSentReferences, referenceFields, requiresId, validBody } from '../../src/data/bodies.js';
import { dateKind, isCurrencyField, isLanguageCodeField, isMultiLangValue, isReferenceField } from '../../src/spec/fields.js';
import { learnFacts, styleFor, type ShopFacts } from '../../src/spec/shop-facts.js';
import { isSearchOperation } from '../../src/spec/operation-kinds.js';
import { BUNDLED_SPEC } from '../../src/config/config.js';
import { loadCatalogue } from '../../src/spec/load.js';
import type { Catalogue, Operation } from '../../src/spec/types.js';
import { expect, test } from './spec-fixtures.js';

const SEED = 20_261_124;
const RUNS = 25;
const RUN_ID = 'rlive';

// How a GX 3.2 shop writes its records (GET /products/1, /customers/1 of the vendor's shop), with
// a currency, a language code and a country that are none of the harness's defaults.
const FACTS: ShopFacts = {
  ...learnFacts([
    { id: 1, dateAdded: '2008-08-08 17:19:46', dateAvailable: '1000-01-01 00:00:00', name: { en: 'test article', de: 'Testartikel' } },
    { id: 1, dateOfBirth: '1000-01-01', email: 'admin@example.com' },
  ]),
  currency: 'CHF',
  languageCode: 'de',
  country: { id: 204, iso2: 'CH', iso3: 'CHE', name: 'Switzerland' },
};

const listed = await loadCatalogue(BUNDLED_SPEC);
/** Every operation that creates or changes a record with a JSON body (searches excluded). */
const writes = listed.operations.filter((o) => ['post', 'put', 'patch'].includes(o.method) && hasJsonBody(o) && !isSearchOperation(o)).map((o) => o.id);

function operation(catalogue: Catalogue, id: string): Operation {
  const op = catalogue.operations.find((o) => o.id === id);
  if (!op) throw new Error(`no operation ${id}`);
  return op;
}

/** Distinct values "read from the target" per reference field: 7000 + the field's index, and the shop's none (0) for a few. */
function readValues(op: Operation): Record<string, (number | string)[]> {
  const out: Record<string, (number | string)[]> = {};
  referenceFields(op.body?.schema, { all: true }).forEach((f, i) => (out[f] = [7000 + i]));
  return out;
}

const STYLE: Record<string, RegExp> = {
  sql: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  iso: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/,
  'iso-ms': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/,
};

const decimals = (n: number): number => (Number.isInteger(n) ? 0 : String(n).split('.')[1]?.length ?? 0);

/**
 * What is wrong with a body for a live shop: ids, references outside `allowed`, formats.
 * `forcedId`: the one id a spec may force into a create (a bulk form's record id), allowed as 0.
 * `formats`: also judge dates, codes, keys and numbers (valid bodies; an invalid one may break one).
 */
function audit(body: unknown, allowed: Record<string, readonly (number | string)[]>, opts: { forcedId: boolean; formats: boolean }): string[] {
  const problems: string[] = [];
  const visit = (v: unknown, at: string, key: string | undefined, depth: number): void => {
    if (key !== undefined) {
      if (key === 'id' || key === 'ids') {
        const ok = (opts.forcedId && depth <= 2 && v === 0) || (allowed[key] ?? []).some((a) => String(a) === String(v));
        if (!ok) problems.push(`${at}: an id (${JSON.stringify(v)})`);
        return;
      }
      if (isReferenceField(key)) {
        const vals = Array.isArray(v) ? (v as unknown[]) : [v];
        for (const x of vals) if (!(allowed[key] ?? []).some((a) => String(a) === String(x))) problems.push(`${at}: ${JSON.stringify(x)} was not read from the target for ${key}`);
        return;
      }
      if (opts.formats && typeof v === 'string') {
        const kind = dateKind(key);
        if (kind && !STYLE[styleFor(key, kind, FACTS)]?.test(v)) problems.push(`${at}: ${JSON.stringify(v)} is not a ${styleFor(key, kind, FACTS)} date`);
        if (isCurrencyField(key) && v !== FACTS.currency) problems.push(`${at}: currency ${JSON.stringify(v)}, the shop's is ${FACTS.currency}`);
        if (isLanguageCodeField(key) && v !== FACTS.languageCode) problems.push(`${at}: language ${JSON.stringify(v)}, the shop's is ${FACTS.languageCode}`);
        if (/e-?mail(_?address)?$/i.test(key) && !(v.endsWith('@example.test') && v.includes(RUN_ID))) problems.push(`${at}: e-mail ${JSON.stringify(v)} is not qa+<runid>@example.test`);
      }
      if (opts.formats && typeof v === 'number') {
        if (/^(price|finalPrice|groupPrice|graduatedPrice|value)$/.test(key) && !(v > 0 && decimals(v) <= 4)) problems.push(`${at}: price ${v} is not > 0 with at most 4 decimals`);
        if (/^(quantity|threshold)$/.test(key) && !(v >= 0 && v <= 20)) problems.push(`${at}: quantity ${v} is not small`);
      }
    }
    if (opts.formats && isMultiLangValue(v) && JSON.stringify(Object.keys(v).sort()) !== JSON.stringify([...FACTS.languages].sort())) problems.push(`${at}: language keys ${Object.keys(v).join(',')}, the shop's are ${FACTS.languages.join(',')}`);
    if (Array.isArray(v)) v.forEach((x, i) => visit(x, `${at}/${i}`, key, depth + 1));
    else if (typeof v === 'object' && v !== null) for (const [k, x] of Object.entries(v)) visit(x, `${at}/${k}`, k, depth + 1);
  };
  visit(body, '', undefined, 0);
  return problems;
}

test('should learn the shop\'s formats from its records', () => {
  expect(FACTS.languages).toEqual(['en', 'de']);
  expect(FACTS.dateTimeStyle).toBe('sql');
  expect(FACTS.dateFields).toMatchObject({ dateAdded: 'sql', dateAvailable: 'sql', dateOfBirth: 'date' });
  const iso = learnFacts([{ purchaseDate: '2024-03-01T09:00:00Z', currencyCode: 'USD', languageCode: 'fr', title: { fr: 'x', it: 'y' } }]);
  expect(iso).toMatchObject({ dateTimeStyle: 'iso', currency: 'USD', languageCode: 'fr', languages: ['fr', 'it'] });
  // An `id` is no language; a record without dates keeps the default style.
  expect(learnFacts([{ status: { id: 2 } }])).toMatchObject({ languages: [], dateTimeStyle: 'sql', currency: 'EUR' });
});

test('should find create and update operations with JSON bodies in the bundled spec', () => {
  expect(writes.length).toBeGreaterThanOrEqual(45);
  expect(writes).toEqual(expect.arrayContaining(['createProducts', 'createCustomers', 'createAddress', 'createCategories', 'createOrder', 'queueEmail', 'postWithdrawals']));
});

for (const id of writes) {
  test(`should build a minimal ${id} body with no id, only references read from the target, and the shop's formats @op:${id}`, ({ shopSpec: spec }) => {
    const op = operation(spec.catalogue, id);
    const allowed = readValues(op);
    // The references the resolver fetches: the schema's, and those of what a client sends beyond it (a customer's new address).
    const refs = Object.fromEntries([...new Set([...referenceFields(op.body?.schema), ...clientSentReferences(op)])].map((f) => [f, allowed[f]?.[0]]));
    const body = validBody(op, { runId: RUN_ID, uniq: new Uniq(1), refs, shop: FACTS });
    expect(audit(body, allowed, { forcedId: requiresId(op.body?.schema), formats: true })).toEqual([]);
    expect(spec.validators.validateRequest(op, body).errors).toEqual([]);
    // Nothing read from the target: the references are left out (the resolver skips), never invented.
    const bare = validBody(op, { runId: RUN_ID, uniq: new Uniq(1), shop: FACTS });
    expect(audit(bare, {}, { forcedId: requiresId(op.body?.schema), formats: true })).toEqual([]);
  });

  test(`should draw ${id} bodies for a live shop with no id, only references read from it, and its formats @op:${id}`, ({ shopSpec: spec }) => {
    const op = operation(spec.catalogue, id);
    const allowed = readValues(op);
    const opts: ArbOptions = { catalogue: spec.catalogue, runId: RUN_ID, uniqueFields: ['firstname', 'lastname', 'name'], optional: 'some', live: { facts: FACTS, references: allowed } };
    const forcedId = requiresId(op.body?.schema);
    fc.assert(
      fc.property(arbBody(op, opts), (body) => {
        const problems = audit(body, allowed, { forcedId, formats: true });
        const { errors } = spec.validators.validateRequest(op, body);
        expect({ problems, errors }, JSON.stringify(body).slice(0, 400)).toEqual({ problems: [], errors: [] });
      }),
      { seed: SEED, numRuns: RUNS },
    );
    const broken = invalidBody(op, { ...opts, optional: 'some' });
    if (!broken) return;
    const validate = spec.validators.request(op);
    fc.assert(
      fc.property(broken, (sample) => {
        // Breaking one rule never puts a foreign or made-up id into the body; the rule still breaks alone.
        const problems = audit(sample.value, allowed, { forcedId, formats: false });
        const accepted = validate?.(sample.value);
        expect({ problems, accepted: sample.violation.source === 'policy' ? false : accepted }, sample.violation.description).toEqual({ problems: [], accepted: false });
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
}

test('should refuse to draw a body whose required reference nothing was read for', ({ shopSpec: spec }) => {
  const op = operation(spec.catalogue, 'createAddress');
  expect(() => fc.sample(arbBody(op, { catalogue: spec.catalogue, live: { facts: FACTS, references: {} } }), { seed: SEED, numRuns: 1 })).toThrow(GenerationError);
});
