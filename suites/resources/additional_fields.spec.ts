// Additional fields and their values on a product: the field's lifecycle, declared error
// statuses and list parameters, then a value set on an own product, read, changed and deleted.
import { createAdditionalField, names } from '../../fixtures/factories/catalogue-extras.js';
import { createProduct } from '../../fixtures/factories/products.js';
import { requireWrites, sameJson, type FactoryKit } from '../../fixtures/factories/index.js';
import { isObj } from '../../src/core/json.js';
import { expectHeld, show } from '../../fixtures/evidence.js';
import { specOperations } from '../../fixtures/spec-ops.js';
import type { Exchange } from '../../src/core/exchange.js';
import { expectError, readBack, test, setupStep, stepOk } from './support/catalogue.js';
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
    const post = await stepOk(kit, 'lifecycle', 'createProductAdditionalField', { path, body: [{ id: field.id, values: first }] }, 'setting a field value on a product should succeed');
    expectValue(kit, await readBack(kit, 'getAdditionalFieldsProduct', path), field.id, first, 'the value set on the product should read back', [post]);
    const second = names(kit, 'value');
    const put = await stepOk(kit, 'lifecycle', 'updateProductAdditionalField', { path, body: [{ id: field.id, values: second }] }, 'changing the field value should succeed');
    expectValue(kit, await readBack(kit, 'getAdditionalFieldsProduct', path), field.id, second, 'the changed value should read back', [put]);
    const del = await stepOk(kit, 'lifecycle', 'deleteAdditionalProductField', { path: { ...path, field_id: field.id } }, 'deleting the field value should succeed');
    expectValue(kit, await readBack(kit, 'getAdditionalFieldsProduct', path), field.id, undefined, 'the deleted value should be gone', [del]);
  });

  test('should refuse values of missing fields and answer 404 for the values of a missing product', { tag: [G, '@op:createProductAdditionalField', '@op:getAdditionalFieldsProduct', '@op:deleteAdditionalProductField', '@rule:error-status'] }, async ({ kit, checks }) => {
    requireWrites(kit);
    const field = await createAdditionalField(kit, { rule: 'error-status' });
    const product = await createProduct(kit, {}, { rule: 'error-status' });
    await setupStep(kit, 'deleteAdditionalField', { path: { field_id: field.id } }, 'deleting an own field');
    await expectError(kit, checks, 'createProductAdditionalField', { path: { product_id: product.id }, body: [{ id: field.id, values: names(kit, 'value') }] }, 400, 'a value for a field that does not exist should be refused with 400');
    await expectError(kit, checks, 'createProductAdditionalField', { path: { product_id: product.id }, contentType: 'application/json' }, 400, 'setting values without a body should be refused with 400');
    await expectError(kit, checks, 'deleteAdditionalProductField', { path: { product_id: product.id, field_id: 'abc' } }, 400, 'deleting the value of field abc should be refused with 400');
    await setupStep(kit, 'deleteProducts', { path: { product_id: [product.id] } }, 'deleting an own product');
    await expectError(kit, checks, 'getAdditionalFieldsProduct', { path: { product_id: product.id } }, 404, 'the field values of a deleted product should answer 404');
  });
});
