// The schema-level building blocks on small hand-written Swagger schemas, converted in request
// mode exactly as the validators convert them: every valid value passes ajv, every invalid value
// fails with exactly the error it claims, and the generators cover what the brief demands
// (nullable, enums, int64 edges, formats, nested required, Unicode, unique run-id values).
import { test, expect } from '@playwright/test';
import fc from 'fast-check';
import type { ErrorObject, ValidateFunction } from 'ajv';
import {
  GenerationError,
  KNOWN_FORMATS,
  OMIT,
  VIOLATION_KINDS,
  classOf,
  expectedAjvError,
  invalidClasses,
  formatArb,
  invalidFormatValues,
  invalidSites,
  invalidValue,
  validValue,
  type ArbOptions,
  type InvalidSample,
} from '../../src/arbitraries/index.js';
import { convertSchema } from '../../src/spec/convert.js';
import { createAjv } from '../../src/spec/validators.js';

const SEED = 42;
const SAFE = Number.MAX_SAFE_INTEGER;
type Json = Record<string, unknown>;

/** A Swagger schema as the request validators see it, with its compiled validator. */
function compile(swagger: Json, definitions: Json = {}): { schema: unknown; validate: ValidateFunction; resolveRef: (ref: string) => unknown } {
  const defs: Json = {};
  for (const [k, v] of Object.entries(definitions)) defs[k] = convertSchema(v, { mode: 'request', resolveRef: (r) => definitions[r.split('/').pop() ?? ''] });
  const schema = convertSchema(swagger, { mode: 'request', resolveRef: (r) => definitions[r.split('/').pop() ?? ''] });
  const validate = createAjv().compile({ ...(schema as Json), definitions: defs });
  return { schema, validate, resolveRef: (ref) => defs[ref.replace('#/definitions/', '')] };
}

function reported(errors: ErrorObject[] | null | undefined) {
  const seen = new Map<string, { keyword: string; instancePath: string; property: string | undefined }>();
  for (const e of errors ?? []) {
    const params = e.params as { missingProperty?: string; additionalProperty?: string };
    const r = { keyword: e.keyword, instancePath: e.instancePath, property: params.missingProperty ?? params.additionalProperty };
    // allOf members may report the same rule twice; it is still one rule.
    seen.set(JSON.stringify(r), r);
  }
  return [...seen.values()];
}

function claimed(s: InvalidSample) {
  const { keyword, instancePath } = expectedAjvError(s.violation);
  const named = s.violation.keyword === 'required' || s.violation.keyword === 'additionalProperties';
  return { keyword, instancePath, property: named ? s.violation.property : undefined };
}

function expectAllValid(swagger: Json, opts: ArbOptions = {}, definitions: Json = {}, numRuns = 100): unknown[] {
  const { schema, validate, resolveRef } = compile(swagger, definitions);
  const seen: unknown[] = [];
  fc.assert(
    fc.property(validValue(schema, { resolveRef, ...opts }), (v) => {
      seen.push(v);
      // One expect per run: Playwright's expect records a location per call, costly in a hot loop.
      expect(validate(v) ? [] : validate.errors, JSON.stringify(v)).toEqual([]);
    }),
    { seed: SEED, numRuns },
  );
  return seen;
}

function expectAllInvalidAsClaimed(swagger: Json, opts: ArbOptions = {}, definitions: Json = {}, numRuns = 100): InvalidSample[] {
  const { schema, validate, resolveRef } = compile(swagger, definitions);
  const arb = invalidValue(schema, { resolveRef, violations: VIOLATION_KINDS, ...opts });
  if (!arb) throw new Error('no violation can be generated');
  const seen: InvalidSample[] = [];
  fc.assert(
    fc.property(arb, (s) => {
      seen.push(s);
      const accepted = validate(s.value);
      expect({ accepted, errors: reported(validate.errors) }, s.violation.description).toEqual({ accepted: false, errors: [claimed(s)] });
    }),
    { seed: SEED, numRuns },
  );
  return seen;
}

const kinds = (samples: InvalidSample[]) => new Set(samples.map((s) => s.violation.keyword));

const ADDRESS = {
  type: 'object',
  required: ['street', 'city'],
  properties: { street: { type: 'string', minLength: 1 }, city: { type: 'string' }, zoneId: { type: 'integer', format: 'int64' } },
};

const CUSTOMER = {
  type: 'object',
  required: ['gender', 'email', 'address'],
  properties: {
    id: { type: 'integer', format: 'int64', readOnly: true },
    gender: { type: 'string', enum: ['m', 'f'] },
    email: { type: 'string', format: 'email' },
    dateOfBirth: { type: 'string', format: 'date', 'x-nullable': true },
    address: ADDRESS,
    tags: { type: 'array', items: { type: 'string', maxLength: 8 }, maxItems: 3, uniqueItems: true },
    score: { type: 'number', minimum: 0, maximum: 100, exclusiveMaximum: true },
  },
};

test.describe('valid and invalid values', () => {
  test('should keep every rule of a nested schema and break exactly one when asked', () => {
    expectAllValid(CUSTOMER, {}, {}, 200);
    const samples = expectAllInvalidAsClaimed(CUSTOMER, {}, {}, 300);
    expect([...kinds(samples)].sort()).toEqual(
      expect.arrayContaining(['enum', 'exclusiveMaximum', 'format', 'maxItems', 'maxLength', 'minLength', 'minimum', 'readOnly', 'required', 'type', 'uniqueItems']),
    );
  });

  test('should break required fields of nested objects at the nested path', () => {
    const samples = expectAllInvalidAsClaimed(CUSTOMER, { violations: ['required'] });
    const paths = new Set(samples.map((s) => `${s.violation.path} ${String(s.violation.property)}`));
    expect([...paths].sort()).toEqual([' address', ' email', ' gender', '/address city', '/address street']);
  });

  test('should generate null for nullable fields and never claim null as a wrong type there', () => {
    const schema = { type: 'object', required: ['d'], properties: { d: { type: 'string', format: 'date', 'x-nullable': true } } };
    const values = expectAllValid(schema, {}, {}, 200).map((v) => (v as Json).d);
    expect(values).toContain(null);
    expect(values.some((v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v))).toBe(true);
    expect(expectAllInvalidAsClaimed(schema).filter((s) => s.violation.path === '/d' && (s.value as Json).d === null)).toEqual([]);
  });

  test('should draw enum values only, and break an enum with near misses of the same type', () => {
    const strings = expectAllValid({ type: 'string', enum: ['m', 'f'] });
    expect(new Set(strings)).toEqual(new Set(['m', 'f']));
    const bad = expectAllInvalidAsClaimed({ type: 'string', enum: ['m', 'f'] });
    expect(bad.every((s) => s.violation.keyword === 'enum' && typeof s.value === 'string')).toBe(true);
    expect(bad.map((s) => s.value)).toEqual(expect.arrayContaining(['M', 'F']));
    const ints = expectAllInvalidAsClaimed({ type: 'integer', enum: [1, 2, 3], minimum: 1, maximum: 5 });
    expect(new Set(ints.map((s) => s.value))).toEqual(new Set([4, 5]));
    expect(expectAllInvalidAsClaimed({ type: 'boolean', enum: [true] }).map((s) => s.value)).toEqual(expect.arrayContaining([false]));
    expectAllValid({ type: 'string', enum: ['a', 'b'], 'x-nullable': true });
    expectAllInvalidAsClaimed({ type: 'string', enum: ['a', 'b'], 'x-nullable': true });
  });

  test('should reach the int64 edges as safe integers and never claim the safe bound as a rule', () => {
    const values = expectAllValid({ type: 'integer', format: 'int64' }, {}, {}, 400) as number[];
    expect(values.every((v) => Number.isSafeInteger(v))).toBe(true);
    expect(values).toEqual(expect.arrayContaining([SAFE, -SAFE]));
    const bad = expectAllInvalidAsClaimed({ type: 'integer', format: 'int64' });
    expect(kinds(bad)).toEqual(new Set(['type']));
    // int32 bounds are rules of the API: breaking them is claimed.
    const int32 = expectAllInvalidAsClaimed({ type: 'integer', format: 'int32' }, { violations: ['minimum', 'maximum'] });
    expect(new Set(int32.map((s) => s.value))).toEqual(new Set([2 ** 31, -(2 ** 31) - 1]));
  });

  test('should keep numbers within (exclusive) bounds with at most four decimals', () => {
    const values = expectAllValid({ type: 'number', minimum: 0, maximum: 10, exclusiveMaximum: true }, {}, {}, 300) as number[];
    expect(values.every((v) => v >= 0 && v < 10 && Math.round(v * 1e4) / 1e4 === v)).toBe(true);
    expect(values).toContain(0);
    expect(values.some((v) => !Number.isInteger(v))).toBe(true);
    expectAllValid({ type: 'number', minimum: -1, maximum: 1 }, { numbers: 'double' });
    expect(kinds(expectAllInvalidAsClaimed({ type: 'number', minimum: 0, maximum: 10, exclusiveMaximum: true }))).toEqual(new Set(['type', 'minimum', 'exclusiveMaximum']));
  });

  test('should count lengths in code points, as ajv does', () => {
    const schema = { type: 'string', minLength: 2, maxLength: 4 };
    const values = expectAllValid(schema, {}, {}, 300) as string[];
    expect(values.some((v) => v.length > 4)).toBe(true); // astral characters: more UTF-16 units than code points
    expect(kinds(expectAllInvalidAsClaimed(schema))).toEqual(new Set(['type', 'minLength', 'maxLength']));
  });

  test('should match and break a pattern like the sort key one', () => {
    const schema = { type: 'string', pattern: '^[+-][A-Za-z0-9_.]+$' };
    expect((expectAllValid(schema) as string[]).every((v) => /^[+-][A-Za-z0-9_.]+$/.test(v))).toBe(true);
    expect(kinds(expectAllInvalidAsClaimed(schema))).toEqual(new Set(['type', 'pattern']));
  });

  test('should respect and break array bounds and uniqueness', () => {
    const schema = { type: 'array', items: { type: 'string', enum: ['a', 'b', 'c', 'd'] }, minItems: 1, maxItems: 3, uniqueItems: true };
    const values = expectAllValid(schema, {}, {}, 200) as string[][];
    expect(values.some((v) => v.length === 3)).toBe(true);
    expect(kinds(expectAllInvalidAsClaimed(schema))).toEqual(new Set(['type', 'minItems', 'maxItems', 'uniqueItems', 'enum']));
  });

  test('should break additionalProperties: false as a schema rule', () => {
    const schema = { type: 'object', additionalProperties: false, properties: { a: { type: 'string' } } };
    const bad = expectAllInvalidAsClaimed(schema, { violations: ['additionalProperties'] });
    expect(bad.every((s) => s.violation.source === 'schema')).toBe(true);
  });

  test('should never generate read-only fields and claim them only when readOnly is chosen', () => {
    const values = expectAllValid(CUSTOMER, { optional: 'all' });
    expect(values.every((v) => !('id' in (v as Json)))).toBe(true);
    const { schema } = compile(CUSTOMER);
    const arb = invalidValue(schema);
    if (!arb) throw new Error('no invalid values');
    expect(fc.sample(arb, { seed: SEED, numRuns: 300 }).some((s) => s.violation.keyword === 'readOnly')).toBe(false);
  });

  test('should keep one fixed class per rule kind and first-level field, taking the places below a field in turn', () => {
    const lang = { type: 'object', required: ['en', 'de'], properties: { en: { type: 'string' }, de: { type: 'string' } } };
    const record = { type: 'object', required: ['id', 'name', 'title'], properties: { id: { type: 'integer' }, name: lang, title: lang } };
    const { schema } = compile({ type: 'array', items: record });
    const sites = invalidSites(schema);
    const classes = invalidClasses(sites);
    // Kinds in turn; a language of each object, in turn: name loses "en", title "de".
    expect(classes.map((c) => `${classOf(c)} ${c.place}`)).toEqual([
      'type@/ ',
      'required@/*/id /*/id',
      'type@/* /*',
      'required@/*/name /*/name',
      'type@/*/id /*/id',
      'required@/*/title /*/title',
      'type@/*/name /*/name',
      'required@/*/name/… /*/name/en',
      'type@/*/name/… /*/name/en',
      'required@/*/title/… /*/title/de',
      'type@/*/title /*/title',
      'type@/*/title/… /*/title/de',
    ]);
    // Every site's class is kept.
    expect(new Set(classes.map(classOf))).toEqual(new Set(sites.map(classOf)));
  });

  test('should merge allOf members and follow $refs', () => {
    const definitions = { Address: ADDRESS };
    const schema = { allOf: [{ $ref: '#/definitions/Address' }, { type: 'object', required: ['note'], properties: { note: { type: 'string', maxLength: 3 } } }] };
    expectAllValid(schema, {}, definitions);
    expect(kinds(expectAllInvalidAsClaimed(schema, {}, definitions))).toEqual(new Set(['type', 'required', 'minLength', 'maxLength']));
  });

  test('should stop recursive schemas at the depth limit, and report ones that cannot stop', () => {
    const definitions = {
      Node: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/definitions/Node' } } } },
      Endless: { type: 'object', required: ['next'], properties: { next: { $ref: '#/definitions/Endless' } } },
    };
    const depth = (v: unknown): number => (Array.isArray((v as Json).children) ? 1 + Math.max(0, ...((v as Json).children as unknown[]).map(depth)) : 0);
    const trees = expectAllValid({ $ref: '#/definitions/Node' }, { maxDepth: 3 }, definitions, 50);
    expect(Math.max(...trees.map(depth))).toBeLessThanOrEqual(2);
    expectAllInvalidAsClaimed({ $ref: '#/definitions/Node' }, { maxDepth: 3 }, definitions, 50);
    const { schema, resolveRef } = compile({ $ref: '#/definitions/Endless' }, definitions);
    expect(() => validValue(schema, { resolveRef })).toThrow(GenerationError);
  });

  test('should leave out OMITted optional fields and use overrides, never breaking a pinned value', () => {
    const opts: ArbOptions = { overrides: { '/gender': fc.constant('f'), '/dateOfBirth': OMIT, '/address/city': fc.constant('Berlin') } };
    const off = (expectAllValid(CUSTOMER, opts) as Json[]).filter((v) => v.gender !== 'f' || 'dateOfBirth' in v || (v.address as Json).city !== 'Berlin');
    expect(off).toEqual([]);
    const bad = expectAllInvalidAsClaimed(CUSTOMER, opts, {}, 200);
    expect(bad.filter((s) => s.violation.path === '/gender' || s.violation.path === '/address/city')).toEqual([]);
  });
});

test.describe('strings and formats', () => {
  test('should produce astral, empty and long strings, and only short ones when long strings are off', () => {
    const values = expectAllValid({ type: 'string' }, {}, {}, 400) as string[];
    expect(values.some((v) => /[\u{10000}-\u{10FFFF}]/u.test(v))).toBe(true);
    expect(values).toContain('');
    expect(values.some((v) => [...v].length >= 256)).toBe(true);
    const short = expectAllValid({ type: 'string' }, { longStrings: false }, {}, 400) as string[];
    expect(Math.max(...short.map((v) => [...v].length))).toBeLessThanOrEqual(24);
  });

  test('should generate values every known format accepts and candidates it refuses', () => {
    const ajv = createAjv();
    for (const format of KNOWN_FORMATS) {
      const validate = ajv.compile({ type: 'string', format });
      const arb = formatArb(format, {});
      if (!arb) throw new Error(format);
      const refused = fc.sample(arb, { seed: SEED, numRuns: 100 }).filter((v) => !validate(v));
      const accepted = invalidFormatValues(format).filter((v) => validate(v));
      expect({ refused, accepted, candidates: invalidFormatValues(format).length > 0 }, format).toEqual({ refused: [], accepted: [], candidates: true });
    }
  });

  test('should write dates as YYYY-MM-DD, date-times as ISO-8601 and e-mails on the reserved domain', () => {
    const schema = {
      type: 'object',
      required: ['d', 't', 'e', 'b'],
      properties: { d: { type: 'string', format: 'date' }, t: { type: 'string', format: 'date-time' }, e: { type: 'string', format: 'email' }, b: { type: 'string', format: 'byte' } },
    };
    const off = (expectAllValid(schema) as Record<string, string>[]).filter(
      (v) =>
        !/^\d{4}-\d{2}-\d{2}$/.test(v.d ?? '') ||
        !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/.test(v.t ?? '') ||
        !/@example\.test$/.test(v.e ?? '') ||
        Buffer.from(v.b ?? '', 'base64').toString('base64') !== v.b,
    );
    expect(off).toEqual([]);
    expect(kinds(expectAllInvalidAsClaimed(schema))).toEqual(new Set(['type', 'required', 'format']));
  });

  test('should carry the run id in e-mails and unique fields, unique across samples and within maxLength', () => {
    const schema = {
      type: 'object',
      required: ['email', 'name', 'code', 'title'],
      properties: { email: { type: 'string' }, name: { type: 'string', maxLength: 40 }, code: { type: 'string', maxLength: 10 }, title: { type: 'string' } },
    };
    const opts: ArbOptions = { runId: 'Unit Run', uniqueFields: ['name', 'code'], uniqueScope: 'w1' };
    const values = expectAllValid(schema, opts, {}, 200) as Json[];
    const emails = values.map((v) => v.email as string);
    const names = values.map((v) => v.name as string);
    expect(emails.filter((e) => !/^qa\+unit-run-w1-\d+@example\.test$/.test(e))).toEqual([]);
    expect(names.filter((n) => !/(^| )qa-unit-run-w1-\d+$/.test(n) || [...n].length > 40)).toEqual([]);
    expect(new Set(emails).size).toBe(values.length);
    expect(new Set(names).size).toBe(values.length);
    // No room for the tag within 10 code points: plain text, still valid.
    expect(values.some((v) => String(v.code).includes('qa-unit-run'))).toBe(false);
    // Without a run id, e-mails are random but still on the reserved domain.
    expect((expectAllValid(schema, {}, {}, 50) as Json[]).filter((v) => !/^[^@\s]+@example\.test$/.test(String(v.email)))).toEqual([]);
  });

  test('should write the tag alone in unique fields of a setup body (tagOnly), whatever the seed', () => {
    // A setup create must fit a real shop's columns (GX 4.8: a city or a name over 32 characters is refused).
    const schema = { type: 'object', required: ['city'], properties: { city: { type: 'string' } } };
    const values = expectAllValid(schema, { runId: 'Unit Run', uniqueFields: ['city'], uniqueScope: 'w1', longStrings: false, tagOnly: true }, {}, 200) as Json[];
    expect(values.filter((v) => !/^qa-unit-run-w1-\d+$/.test(String(v.city)))).toEqual([]);
  });
});
