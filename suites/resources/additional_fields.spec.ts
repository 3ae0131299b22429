// Additional fields and their values on a product: the field's lifecycle, declared error
// statuses and list parameters, then a value set on an own product, read, changed and deleted.
import { createAdditionalField, names } from '../../fixtures/factories/catalogue-extras.js';
import { createProduct } from '../../fixtures/factories/products.js';
import { requireWrites, type FactoryKit } from '../../fixtures/factories/index.js';
import { sameJson } from '../../src/checks/rules/lifecycle.js';
import { isObj } from '../../src/core/json.js';
import { expectHeld, show } from '../../fixtures/evidence.js';
import { specOperations } from '../../fixtures/spec-ops.js';
import type { Exchange } from '../../src/core/exchange.js';
import { test } from './support/catalogue.js';
import { setupStep, step, wrongRequest } from '../../fixtures/requests.js';
import { namedResourceTests } from './support/named.js';

const G = '@additional_fields';
const spec = await specOperations();

/** The value of field `fieldId` in a product's additional-field list, or undefined. */
function valueIn(ex: Exchange, fieldId: number): unknown {
  const body = ex.response.json;
  const hit = Array.isArray(body) ? body.filter(isObj).find((v) => Number(v.id) === fieldId) : undefined;
  return hit?.values;
}

function expectValue(kit: FactoryKit, read: Exchange, fieldId: number, want: unknown, what: string, related: Exchange[]): void {
  const got = valueIn(read, fieldId);
  expectHeld(want === undefined ? got === undefined : sameJson(got, want), kit.api, {
    rule: 'lifecycle',
    title: what,
    message: `expected ${show(want)}, read ${show(got)}`,
    exchange: read,
    related,
  });
}

if (spec.inScope('additional_fields')) test.describe('additional fields', () => {
  // One worker, one test at a time: the list rules judge the whole collection, which these tests write to.
  test.describe.configure({ mode: 'default' });
  namedResourceTests(
    {
      group: 'additional_fields',
      one: 'additional field',
      many: 'additional fields',
      idParam: 'field_id',
      ops: { list: 'getAdditionalFieldsMultiple', create: 'createAdditionalField', read: 'getAdditionalFieldsSingle', update: 'updateAdditionalField', remove: 'deleteAdditionalField' },
      make: (kit, opts) => createAdditionalField(kit, opts),
    },
    spec,
  );

  test('should set, read, change and delete the value of an additional field on a product', { tag: [G, '@op:createProductAdditionalField', '@op:getAdditionalFieldsProduct', '@op:updateProductAdditionalField', '@op:deleteAdditionalProductField', '@rule:lifecycle'] }, async ({ kit }) => {
    requireWrites(kit);
    const field = await createAdditionalField(kit, { rule: 'lifecycle' });
    const product = await createProduct(kit, {}, { rule: 'lifecycle' });
    const path = { product_id: product.id };
    const first = names(kit, 'value');
    const post = await step(kit, 'createProductAdditionalField', { path, body: [{ id: field.id, values: first }] });
    expectValue(kit, await step(kit, 'getAdditionalFieldsProduct', { path: path }), field.id, first, 'the value set on the product should read back', [post]);
    const second = names(kit, 'value');
    const put = await step(kit, 'updateProductAdditionalField', { path, body: [{ id: field.id, values: second }] });
    expectValue(kit, await step(kit, 'getAdditionalFieldsProduct', { path: path }), field.id, second, 'the changed value should read back', [put]);
    const del = await step(kit, 'deleteAdditionalProductField', { path: { ...path, field_id: field.id } });
    expectValue(kit, await step(kit, 'getAdditionalFieldsProduct', { path: path }), field.id, undefined, 'the deleted value should be gone', [del]);
  });

  test('should refuse values of missing fields and answer 404 for the values of a missing product', { tag: [G, '@op:createProductAdditionalField', '@op:getAdditionalFieldsProduct', '@op:deleteAdditionalProductField', '@rule:error-status'] }, async ({ kit, checks }) => {
    requireWrites(kit);
    const field = await createAdditionalField(kit, { rule: 'error-status' });
    const product = await createProduct(kit, {}, { rule: 'error-status' });
    await setupStep(kit, 'deleteAdditionalField', { path: { field_id: field.id } });
    await wrongRequest(kit, 'createProductAdditionalField', { path: { product_id: product.id }, body: [{ id: field.id, values: names(kit, 'value') }] }, { want: 400, conform: checks });
    await wrongRequest(kit, 'createProductAdditionalField', { path: { product_id: product.id }, contentType: 'application/json' }, { want: 400, conform: checks });
    await wrongRequest(kit, 'deleteAdditionalProductField', { path: { product_id: product.id, field_id: 'abc' } }, { want: 400, conform: checks });
    await setupStep(kit, 'deleteProducts', { path: { product_id: [product.id] } });
    await wrongRequest(kit, 'getAdditionalFieldsProduct', { path: { product_id: product.id } }, { want: 404, conform: checks });
  });
});
