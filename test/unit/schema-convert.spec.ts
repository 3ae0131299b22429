// Swagger/OpenAPI schema -> ajv conversion, one rule at a time, and query parameter round trips.
import { test, expect } from '@playwright/test';
import fc from 'fast-check';
import { convertSchema, type SchemaMode } from '../../src/spec/convert.js';
import { lintSpec } from '../../src/spec/lint.js';
import { parseQuery, parseQueryParam, serializeQuery, serializeQueryParam, type CollectionFormat } from '../../src/spec/params.js';
import { SchemaCompiler, createAjv, isIsoDateTime, type Variant } from '../../src/spec/validators.js';

const ajv = createAjv();

/** Validates `value` against `schema` converted for `mode`. */
function valid(schema: Record<string, unknown>, value: unknown, mode: SchemaMode = 'response'): boolean {
  return ajv.validate(convertSchema(schema, { mode }) as object, value);
}

/** A tiny Swagger 2.0 document, for rules that look through $refs. */
function compiler(definitions: Record<string, unknown>) {
  const c = new SchemaCompiler({ swagger: '2.0', definitions }, 'swagger2');
  return (name: string, variant: Variant) => c.compileSchema({ $ref: `#/definitions/${name}` }, variant);
}

test.describe('schema conversion @spec', () => {
  test('should allow null with x-nullable and nullable, and only then', () => {
    expect(valid({ type: 'string' }, null)).toBe(false);
    expect(valid({ type: 'string', 'x-nullable': true }, null)).toBe(true);
    expect(valid({ type: 'integer', nullable: true }, null)).toBe(true);
    expect(valid({ type: 'string', enum: ['a', 'b'], 'x-nullable': true }, null)).toBe(true);
    expect(valid({ type: 'string', enum: ['a', 'b'], 'x-nullable': true }, 'c')).toBe(false);
    expect(valid({ allOf: [{ type: 'object' }], nullable: true }, null)).toBe(true);
    expect(valid({ allOf: [{ type: 'object' }], nullable: true }, 3)).toBe(false);
  });

  test('should ignore readOnly in responses and forbid it in requests', () => {
    const s = { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' } } };
    expect(valid(s, { id: 1, name: 'a' }, 'response')).toBe(true);
    expect(valid(s, { name: 'a' }, 'response')).toBe(false); // still required in answers
    expect(valid(s, { name: 'a' }, 'request')).toBe(true); // not required from clients
    expect(valid(s, { id: 1, name: 'a' }, 'request')).toBe(false); // and not accepted from them
    // readOnly on the referenced schema counts too.
    const get = compiler({ Id: { type: 'integer', readOnly: true }, Rec: { type: 'object', properties: { id: { $ref: '#/definitions/Id' } } } });
    expect(get('Rec', 'request')({ id: 1 })).toBe(false);
    expect(get('Rec', 'response')({ id: 1 })).toBe(true);
  });

  test('should forbid write-only fields in responses and allow them in requests', () => {
    for (const flag of ['writeOnly', 'x-writeOnly']) {
      const s = { type: 'object', required: ['password'], properties: { password: { type: 'string', [flag]: true } } };
      expect(valid(s, { password: 'p' }, 'request')).toBe(true);
      expect(valid(s, { password: 'p' }, 'response')).toBe(false);
      expect(valid(s, {}, 'response')).toBe(true); // a required write-only field is not demanded from a server
    }
    // Examples show whole records: neither rule applies to them.
    const get = compiler({ U: { type: 'object', properties: { id: { type: 'integer', readOnly: true }, pw: { type: 'string', 'x-writeOnly': true } } } });
    expect(get('U', 'example')({ id: 1, pw: 'x' })).toBe(true);
  });

  test('should bound int64 to safe integers and int32 to 32 bits', () => {
    const int64 = { type: 'integer', format: 'int64' };
    expect(valid(int64, 2 ** 53 - 1)).toBe(true);
    expect(valid(int64, -(2 ** 53 - 1))).toBe(true);
    expect(valid(int64, 2 ** 53)).toBe(false);
    expect(valid(int64, -(2 ** 53))).toBe(false);
    expect(valid(int64, 1.5)).toBe(false);
    expect(valid({ ...int64, minimum: 1 }, 0)).toBe(false);
    const int32 = { type: 'integer', format: 'int32' };
    expect(valid(int32, 2 ** 31 - 1)).toBe(true);
    expect(valid(int32, -(2 ** 31))).toBe(true);
    expect(valid(int32, 2 ** 31)).toBe(false);
    expect(valid(int32, -(2 ** 31) - 1)).toBe(false);
  });

  test('should check the string formats and let the others pass', () => {
    expect(valid({ type: 'number', format: 'float' }, 1.5)).toBe(true);
    expect(valid({ type: 'number', format: 'double' }, -1e300)).toBe(true);
    expect(valid({ type: 'string', format: 'byte' }, 'aGVsbG8=')).toBe(true);
    expect(valid({ type: 'string', format: 'byte' }, 'not base64!')).toBe(false);
    expect(valid({ type: 'string', format: 'binary' }, '\u0000\u00ff')).toBe(true);
    expect(valid({ type: 'string', format: 'password' }, 'anything')).toBe(true);
    expect(valid({ type: 'string', format: 'date' }, '2024-02-29')).toBe(true);
    expect(valid({ type: 'string', format: 'date' }, '2023-02-29')).toBe(false);
    expect(valid({ type: 'string', format: 'date' }, '2024-02-29T10:00:00Z')).toBe(false);
    expect(valid({ type: 'string', format: 'email' }, 'qa@example.test')).toBe(true);
    expect(valid({ type: 'string', format: 'email' }, 'not an address')).toBe(false);
    // A format that is not a format is a spec finding, not a validation rule.
    expect(valid({ type: 'string', format: '{street} {city}' }, 'Main St 1')).toBe(true);
  });

  test('should read date-time as ISO-8601', () => {
    for (const ok of ['2024-03-01T09:30:00Z', '2024-03-01T09:30:00.123+01:00', '2024-03-01T09:30:00+0100', '2024-03-01T09:30', '2024-03-01 09:30:00', '2024-02-29T23:59:60Z']) {
      expect(isIsoDateTime(ok), ok).toBe(true);
      expect(valid({ type: 'string', format: 'date-time' }, ok), ok).toBe(true);
    }
    for (const bad of ['2024-03-01', '2023-02-29T10:00:00Z', '2024-03-01T24:00:00Z', '2024-13-01T00:00:00Z', '2024-03-01T09:30:00+25:00', 'yesterday', '1709285400']) {
      expect(valid({ type: 'string', format: 'date-time' }, bad), bad).toBe(false);
    }
  });

  test('should tolerate example, vendor x- keys and documentation keywords', () => {
    const s = { type: 'object', example: { a: 1 }, 'x-internal': true, discriminator: 'kind', xml: { name: 'a' }, externalDocs: { url: 'https://example.test' }, properties: { a: { type: 'integer', 'x-order': 2, example: 'one' } } };
    const out = convertSchema(s, { mode: 'response' }) as Record<string, unknown>;
    expect(Object.keys(out).sort()).toEqual(['properties', 'type']);
    expect(valid(s, { a: 2 })).toBe(true);
    expect(valid(s, { a: 'one' })).toBe(false);
  });

  test('should accept anything for type file and drop types that are not types', () => {
    expect(valid({ type: 'file' }, 'raw bytes')).toBe(true);
    expect(valid({ type: 'file' }, { any: 'thing' })).toBe(true);
    expect(valid({ type: 'int' }, 'x')).toBe(true);
    expect(valid({ type: ['string', 'null'] }, null)).toBe(true);
  });

  test('should turn boolean exclusive bounds into draft-07 numbers', () => {
    expect(valid({ type: 'number', minimum: 0, exclusiveMinimum: true }, 0)).toBe(false);
    expect(valid({ type: 'number', minimum: 0, exclusiveMinimum: true }, 0.1)).toBe(true);
    expect(valid({ type: 'number', maximum: 10, exclusiveMaximum: true }, 10)).toBe(false);
  });

  test('should report undeclared fields only in strict mode', () => {
    const get = compiler({
      Base: { type: 'object', properties: { id: { type: 'integer' } } },
      Rec: { allOf: [{ $ref: '#/definitions/Base' }, { type: 'object', properties: { name: { type: 'string' }, inner: { type: 'object', properties: { x: { type: 'integer' } } } } }] },
      Open: { type: 'object', additionalProperties: true, properties: { id: { type: 'integer' } } },
    });
    expect(get('Rec', 'response')({ id: 1, name: 'a', extra: 1 })).toBe(true);
    expect(get('Rec', 'response-strict')({ id: 1, name: 'a' })).toBe(true);
    expect(get('Rec', 'response-strict')({ id: 1, name: 'a', extra: 1 })).toBe(false);
    expect(get('Rec', 'response-strict')({ id: 1, inner: { x: 1, y: 2 } })).toBe(false);
    expect(get('Open', 'response-strict')({ id: 1, extra: 1 })).toBe(true); // declared open stays open
  });
});

test.describe('recursive schemas @spec', () => {
  test('should validate recursive trees and survive schemas that loop on themselves', () => {
    const definitions = {
      Node: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/definitions/Node' } } } },
      Ext: { allOf: [{ $ref: '#/definitions/Node' }, { $ref: '#/definitions/Ext' }] },
      Self: { $ref: '#/definitions/Self' },
    };
    const get = compiler(definitions);
    const tree = get('Node', 'response');
    expect(tree({ name: 'a', children: [{ name: 'b', children: [] }] })).toBe(true);
    expect(tree({ name: 'a', children: [{ name: 'b', children: [{ name: 3 }] }] })).toBe(false);
    expect(tree.errors?.map((e) => e.instancePath)).toEqual(['/children/0/children/0/name']);
    // A validator would recurse forever on these: they accept anything instead, and lint says so.
    expect(get('Ext', 'response-strict')({ whatever: 1 })).toBe(true);
    expect(get('Self', 'request')(42)).toBe(true);
    expect(lintSpec({ swagger: '2.0', info: { title: 't', version: '1' }, paths: {}, definitions }, 'swagger2').map((f) => `${f.kind} ${f.pointer}`)).toEqual([
      'schema-compile-error /definitions/Ext',
      'schema-compile-error /definitions/Self',
    ]);
  });
});

test.describe('query parameters @spec', () => {
  const FORMATS: CollectionFormat[] = ['csv', 'ssv', 'tsv', 'pipes', 'multi'];
  const SEPARATOR_CHARS = /[, \t|]/;

  test('should serialise each collectionFormat as Swagger 2.0 says', () => {
    const p = (collectionFormat: CollectionFormat) => ({ name: 'ids', schema: { type: 'array', items: { type: 'integer' } }, collectionFormat });
    expect(serializeQueryParam(p('csv'), [1, 2, 3])).toEqual([['ids', '1,2,3']]);
    expect(serializeQueryParam(p('ssv'), [1, 2, 3])).toEqual([['ids', '1 2 3']]);
    expect(serializeQueryParam(p('tsv'), [1, 2, 3])).toEqual([['ids', '1\t2\t3']]);
    expect(serializeQueryParam(p('pipes'), [1, 2, 3])).toEqual([['ids', '1|2|3']]);
    expect(serializeQueryParam(p('multi'), [1, 2, 3])).toEqual([['ids', '1'], ['ids', '2'], ['ids', '3']]);
    expect(serializeQueryParam(p('csv'), undefined)).toEqual([]);
    const flag = { name: 'recursive', schema: { type: 'boolean' }, allowEmptyValue: true };
    expect(serializeQueryParam(flag, true)).toEqual([['recursive', 'true']]);
    expect(serializeQueryParam(flag, true, { flagsWithoutValue: true })).toEqual([['recursive', '']]);
  });

  test('should round-trip arrays of integers and strings through a query string in every format', () => {
    for (const collectionFormat of FORMATS) {
      const ints = { name: 'ids', in: 'query' as const, schema: { type: 'array', items: { type: 'integer' } }, collectionFormat };
      fc.assert(
        fc.property(fc.array(fc.integer(), { maxLength: 8 }), (values) => {
          const qs = serializeQuery([ints], { ids: values }).toString();
          expect(parseQueryParam(ints, new URLSearchParams(qs).getAll('ids'))).toEqual({ ok: true, value: values.length || collectionFormat !== 'multi' ? values : undefined });
        }),
      );
      const words = { name: 'tags', in: 'query' as const, schema: { type: 'array', items: { type: 'string' } }, collectionFormat };
      fc.assert(
        fc.property(fc.array(fc.string({ minLength: 1 }).filter((s) => !SEPARATOR_CHARS.test(s)), { minLength: 1, maxLength: 6 }), (values) => {
          const qs = serializeQuery([words], { tags: values }).toString();
          expect(parseQuery([words], new URLSearchParams(qs))).toEqual({ values: { tags: values }, errors: [] });
        }),
      );
    }
  });

  test('should round-trip scalars by their declared type', () => {
    const params = [
      { name: 'page', in: 'query' as const, schema: { type: 'integer' } },
      { name: 'price', in: 'query' as const, schema: { type: 'number' } },
      { name: 'active', in: 'query' as const, schema: { type: 'boolean' } },
      { name: 'q', in: 'query' as const, schema: { type: 'string' } },
    ];
    fc.assert(
      fc.property(fc.record({ page: fc.integer(), price: fc.double({ noNaN: true, noDefaultInfinity: true }), active: fc.boolean(), q: fc.string() }), (values) => {
        const back = parseQuery(params, new URLSearchParams(serializeQuery(params, values).toString()));
        expect(back).toEqual({ values: { ...values, price: values.price === 0 ? 0 : values.price }, errors: [] });
      }),
    );
  });

  test('should refuse values that do not fit the declared type', () => {
    const page = { name: 'page', schema: { type: 'integer' } };
    expect(parseQueryParam(page, ['x'])).toEqual({ ok: false, message: '"x" is not an integer' });
    expect(parseQueryParam(page, ['1.5'])).toMatchObject({ ok: false });
    expect(parseQueryParam(page, ['3', '4'])).toEqual({ ok: true, value: 4 }); // last one wins, as in PHP
    const ids = { name: 'ids', schema: { type: 'array', items: { type: 'integer' } }, collectionFormat: 'csv' as const };
    expect(parseQueryParam(ids, ['1,x'])).toEqual({ ok: false, message: 'item 2: "x" is not an integer' });
    expect(parseQueryParam(ids, [''])).toEqual({ ok: true, value: [] });
    const flag = { name: 'recursive', schema: { type: 'boolean' }, allowEmptyValue: true };
    expect(parseQueryParam(flag, [''])).toEqual({ ok: true, value: true });
    expect(parseQueryParam({ ...flag, allowEmptyValue: false }, [''])).toMatchObject({ ok: false });
    expect(parseQueryParam(flag, [])).toEqual({ ok: true, value: undefined });
  });
});
