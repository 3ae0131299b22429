// The linter on imperfect specs: a deliberately broken Swagger 2.0 file produces every kind of
// finding and still loads; OpenAPI 3 documents get their own rules; nothing throws.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadCatalogue } from '../../src/spec/load.js';
import { lintSpec } from '../../src/spec/lint.js';
import { suggest } from '../../src/spec/lint/suggest.js';
import type { FindingKind, SpecFinding } from '../../src/spec/types.js';
import { expect, test } from './spec-fixtures.js';

const at = (findings: SpecFinding[], kind: FindingKind) => findings.filter((f) => f.kind === kind).map((f) => f.pointer);

test.describe('spec linter @spec', () => {
  test('should report every kind of finding in the broken fixture', ({ brokenSpec }) => {
    const f = brokenSpec.catalogue.findings;
    expect(at(f, 'spec-invalid').length).toBeGreaterThan(0);
    expect(at(f, 'unknown-keyword')).toEqual(['/definitions/Item/requried', '/definitions/Item/properties/id/readonly']);
    expect(at(f, 'oas3-keyword-in-swagger2').sort()).toEqual(
      [
        '/components',
        '/paths/~1items/post/requestBody',
        '/definitions/Item/properties/secret/writeOnly',
        '/definitions/Item/properties/note/nullable',
        '/definitions/Item/properties/colour/oneOf',
        '/definitions/Item/properties/tag/anyOf',
      ].sort(),
    );
    expect(at(f, 'required-not-in-properties')).toEqual(['/definitions/Item/required/1', '/definitions/ItemArray/required/0']);
    expect(at(f, 'duplicate-operation-id')).toEqual(['/paths/~1items~1{id}/delete/operationId']);
    expect(at(f, 'ambiguous-path-template')).toEqual(['/paths/~1items~1{id}']);
    expect(at(f, 'example-invalid').sort()).toEqual(
      [
        '/paths/~1items/get/parameters/0/x-example',
        '/paths/~1items/get/responses/200/examples/application~1json',
        '/definitions/Item/example',
        '/definitions/Stock/properties/quantity/example',
      ].sort(),
    );
    expect(at(f, 'invalid-type')).toEqual(['/definitions/Item/properties/size/type']);
    expect(at(f, 'invalid-format').sort()).toEqual(['/definitions/Item/properties/code/format', '/definitions/Item/properties/location/format']);
    expect(at(f, 'lint-error')).toEqual([]);
  });

  test('should say what is wrong and where, with the operation when known', ({ brokenSpec }) => {
    const f = brokenSpec.catalogue.findings;
    const msg = (pointer: string) => f.find((x) => x.pointer === pointer && x.kind !== 'spec-invalid');
    expect(msg('/definitions/Item/requried')?.message).toContain('did you mean `required`?');
    expect(msg('/definitions/Item/properties/id/readonly')?.message).toContain('did you mean `readOnly`?');
    expect(msg('/definitions/Item/properties/note/nullable')?.message).toContain('x-nullable');
    expect(msg('/definitions/Item/properties/size/type')?.message).toContain('did you mean "integer"?');
    expect(msg('/definitions/Item/properties/code/format')?.message).toBe('format int64 is an integer format, but type is string');
    expect(msg('/definitions/Item/example')?.message).toContain('/weight must be number');
    expect(msg('/paths/~1items/get/parameters/0/x-example')).toMatchObject({ operationId: 'listItems' });
    expect(msg('/paths/~1items~1{id}/delete/operationId')?.message).toContain('GET /items/{item_id}');
  });

  test('should still load the broken fixture into a usable catalogue', ({ brokenSpec }) => {
    const { catalogue, validators } = brokenSpec;
    expect(catalogue.operations.map((op) => `${op.method} ${op.path}`).sort()).toEqual(
      ['delete /items/{id}', 'get /items', 'get /items/{item_id}', 'get /stock', 'post /items'].sort(),
    );
    const list = catalogue.operations.find((op) => op.path === '/items' && op.method === 'get');
    expect(list?.parameters.find((p) => p.name === 'sort')?.collectionFormat).toBe('pipes');
    expect(validators.compileAll().failures).toEqual([]);
    // The invalid `type: int` is dropped rather than crashing the validator; the rest still counts.
    const get = catalogue.operations.find((op) => op.path === '/items/{item_id}');
    if (!get) throw new Error('getItem missing');
    expect(validators.validateResponse(get, 200, { id: 1, name: 'Bolt', sku: 'B-1', size: 'anything' }).ok).toBe(true);
    expect(validators.validateResponse(get, 200, { id: 'x', name: 'Bolt', sku: 'B-1' }).errors.map((e) => e.path)).toEqual(['/id']);
  });

  test('should apply OpenAPI 3 rules to OpenAPI 3 documents', () => {
    const doc = {
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        '/a': {
          get: {
            operationId: 'getA',
            consumes: ['application/json'],
            parameters: [{ name: 'n', in: 'query', schema: { type: 'integer', format: 'int32' }, example: 'x' }],
            responses: {
              '200': {
                description: 'ok',
                content: { 'application/json': { schema: { $ref: '#/components/schemas/A' }, examples: { one: { value: { id: 'no' } } } } },
              },
            },
          },
        },
      },
      components: {
        schemas: {
          A: { type: 'object', required: ['id', 'nmae'], properties: { id: { type: 'integer' }, name: { type: 'string', nullable: true }, f: { type: 'file' }, n: { type: 'null' } } },
        },
      },
    };
    const f = lintSpec(doc, 'openapi3');
    expect(f.map((x) => `${x.kind} ${x.pointer}`).sort()).toEqual(
      [
        'unknown-keyword /paths/~1a/get/consumes',
        'example-invalid /paths/~1a/get/parameters/0/example',
        'example-invalid /paths/~1a/get/responses/200/content/application~1json/examples/one/value',
        'required-not-in-properties /components/schemas/A/required/1',
        'invalid-type /components/schemas/A/properties/f/type',
        'invalid-type /components/schemas/A/properties/n/type',
      ].sort(),
    );
    expect(f.find((x) => x.pointer.endsWith('/required/1'))?.message).toContain('did you mean "name"?');
    expect(f.find((x) => x.pointer.endsWith('/consumes'))?.message).toContain('Swagger 2.0 keyword');
  });

  test('should accept JSON Schema keywords and type lists in OpenAPI 3.1', () => {
    const doc = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {},
      components: { schemas: { A: { type: ['string', 'null'], examples: ['x', null] }, B: { type: 'string', examples: [3] }, C: { const: 'x', $comment: 'c', examples: ['x'] } } },
    };
    expect(lintSpec(doc, 'openapi3').map((x) => `${x.kind} ${x.pointer}`)).toEqual(['example-invalid /components/schemas/B/examples/0']);
  });

  test('should never throw, whatever the document holds', () => {
    const odd = [
      {},
      { swagger: '2.0', paths: null, definitions: [] },
      { swagger: '2.0', paths: { '/x': { get: { parameters: 'no', responses: [] } } }, definitions: { A: { type: 7, format: 3, required: 'yes', example: 1 } } },
      { swagger: '2.0', paths: {}, definitions: { A: { $ref: '#/definitions/Missing', example: 1 }, B: { type: 'string', pattern: '(', example: 'x' } } },
    ];
    for (const doc of odd) expect(() => lintSpec(doc, 'swagger2')).not.toThrow();
    const kinds = lintSpec(odd[2] as Record<string, unknown>, 'swagger2').map((f) => f.kind);
    expect(kinds).toEqual(expect.arrayContaining(['invalid-type', 'invalid-format', 'required-not-in-properties']));
    const broken = lintSpec(odd[3] as Record<string, unknown>, 'swagger2').map((f) => f.kind);
    expect(broken).toContain('schema-compile-error');
  });

  test('should report the semantic problems swagger-parser finds, and meta-schema problems of OpenAPI 3.1', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lint-'));
    const sw2 = path.join(dir, 'sw2.yaml');
    writeFileSync(sw2, 'swagger: "2.0"\ninfo: {title: t, version: "1"}\npaths:\n  /x/{id}:\n    get:\n      responses:\n        "200": {description: ok}\n');
    const c = await loadCatalogue(sw2);
    expect(c.findings).toEqual([{ kind: 'spec-invalid', pointer: '', message: expect.stringContaining('missing path parameter(s) for {id}') as unknown }]);
    expect(c.operations).toHaveLength(1);
    const oas31 = path.join(dir, 'oas31.yaml');
    writeFileSync(oas31, 'openapi: 3.1.0\ninfo: {title: t}\npaths: {}\n');
    const d = await loadCatalogue(oas31);
    expect(d.findings.map((f) => `${f.kind} ${f.pointer}`)).toEqual(['spec-invalid /info']);
  });

  test('should suggest the keyword a typo stands for', () => {
    expect(suggest('requried', ['required', 'properties'])).toBe('required');
    expect(suggest('readonly', ['readOnly'])).toBe('readOnly');
    expect(suggest('additionalProperty', ['additionalProperties'])).toBe('additionalProperties');
    expect(suggest('zzz', ['required'])).toBeUndefined();
  });
});
