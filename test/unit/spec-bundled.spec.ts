// Our own spec (spec/shop-api-v2.yaml): loads without a single finding, covers every operation of
// the vendor facts, compiles every schema and keeps every example valid.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../src/config/config.js';
import { pathShape } from '../../src/spec/catalogue.js';
import { SchemaCompiler } from '../../src/spec/validators.js';
import { expect, test } from './spec-fixtures.js';

/** [method, path, group] of the 169 operations of the vendor facts (generated once from
 * ../shared/api-facts/shop-api-v2.facts.json, which CI does not have). */
const FACTS = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'test/fixtures/facts-operations.json'), 'utf8')) as [string, string, string][];

test.describe('bundled Shop API v2 spec @spec', () => {
  test('should load with zero findings', ({ shopSpec }) => {
    expect(shopSpec.catalogue.findings).toEqual([]);
    expect(shopSpec.catalogue.errataApplied).toEqual([]);
  });

  test('should describe the shop API v2 as the facts do', ({ shopSpec }) => {
    const { info, operations } = shopSpec.catalogue;
    expect(info).toMatchObject({ dialect: 'swagger2', specVersion: '2.0', version: '3.9.0', basePath: '/shop1/api.php/v2', schemes: ['https'] });
    expect(info.title).toMatch(/shop/i);
    expect(operations.filter((op) => !op.secured).map((op) => op.id)).toEqual([]);
    expect(new Set(operations.map((op) => op.id)).size).toBe(operations.length);
  });

  test('should hold every operation of the facts, and only GET /emails besides', ({ shopSpec }) => {
    expect(FACTS).toHaveLength(169);
    const ours = new Map(shopSpec.catalogue.operations.map((op) => [`${op.method} ${pathShape(op.path)}`, op]));
    const missing: string[] = [];
    const wrongGroup: string[] = [];
    for (const [method, p, group] of FACTS) {
      const op = ours.get(`${method} ${pathShape(p)}`);
      if (!op) missing.push(`${method.toUpperCase()} ${p}`);
      else if (op.group !== group) wrongGroup.push(`${method.toUpperCase()} ${p}: ${op.group} (facts: ${group})`);
    }
    expect(missing).toEqual([]);
    expect(wrongGroup).toEqual([]);
    const facts = new Set(FACTS.map(([m, p]) => `${m} ${pathShape(p)}`));
    const extra = [...ours.keys()].filter((k) => !facts.has(k));
    expect(extra).toEqual(['get /emails']);
    expect(shopSpec.catalogue.operations).toHaveLength(170);
  });

  test('should compile every response and request schema', ({ shopSpec }) => {
    const { compiled, failures } = shopSpec.validators.compileAll();
    expect(failures).toEqual([]);
    const withSchema = shopSpec.catalogue.operations.flatMap((op) => [...op.responses.filter((r) => r.schema), ...(op.body?.schema ? [op.body] : [])]);
    // Every declared schema is reachable in the $ref form validators compile from.
    expect(withSchema.filter((r) => r.pointer === undefined)).toEqual([]);
    expect(compiled).toBe(withSchema.length);
    expect(compiled).toBeGreaterThan(300);
  });

  test('should keep every example valid against its own schema', ({ shopSpec }) => {
    // Found independently of the linter: every object that carries an `example`.
    const places: { pointer: string; schema: Record<string, unknown> }[] = [];
    const visit = (node: unknown, pointer: string): void => {
      if (typeof node !== 'object' || node === null) return;
      if (Array.isArray(node)) return node.forEach((v, i) => visit(v, `${pointer}/${i}`));
      const o = node as Record<string, unknown>;
      if ('example' in o && !pointer.endsWith('/properties')) places.push({ pointer, schema: o });
      for (const [k, v] of Object.entries(o)) if (k !== 'example') visit(v, `${pointer}/${k}`);
    };
    visit(shopSpec.catalogue.raw, '');
    expect(places.length).toBeGreaterThan(5);
    const compiler = new SchemaCompiler(shopSpec.catalogue.raw, 'swagger2');
    const invalid = places.flatMap(({ pointer, schema }) => {
      const fn = compiler.compileSchema(schema, 'example');
      return fn(schema.example) ? [] : [{ pointer, errors: fn.errors }];
    });
    expect(invalid).toEqual([]);
  });

  test('should accept a typical customer and refuse its broken forms', ({ shopSpec }) => {
    const op = shopSpec.catalogue.operations.find((o) => o.id === 'getCustomer');
    expect(op?.path).toBe('/customers/{customer_id}');
    if (!op) return;
    const customer = {
      id: 12, number: 'K-12', gender: 'f', firstname: 'Ada', lastname: 'Example', dateOfBirth: '1990-01-31', vatNumber: '', vatNumberStatus: 0,
      telephone: '+49 30 1234', fax: '', email: 'ada@example.test', statusId: 2, isGuest: false, addressId: 7, addonValues: '{}',
      _links: { address: 'https://shop.example.test/shop1/api.php/v2/addresses/7' },
    };
    expect(shopSpec.validators.validateResponse(op, 200, customer)).toEqual({ ok: true, errors: [], schemaFound: true });
    const id = shopSpec.validators.validateResponse(op, 200, { ...customer, id: 2 ** 53 });
    expect(id.errors.map((e) => e.path)).toEqual(['/id']);
    const password = shopSpec.validators.validateResponse(op, 200, { ...customer, password: 'secret-1' });
    expect(password.errors.map((e) => `${e.path} ${e.message}`)).toEqual(['/password must not be present here']);
    const gender = shopSpec.validators.validateResponse(op, 200, { ...customer, gender: 'x' });
    expect(gender.errors.map((e) => e.path)).toEqual(['/gender']);
    expect(shopSpec.validators.validateResponse(op, 404, { code: 404, status: 'error', message: 'Customer 99 not found' }).ok).toBe(true);
  });
});
