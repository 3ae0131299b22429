// Additional fields and their values on a product: the field's lifecycle, declared error
// statuses and list parameters, then a value set on an own product, read, changed and deleted.
import { createAdditionalField, names } from '../../fixtures/factories/catalogue-extras.js';
import { createProduct } from '../../fixtures/factories/products.js';
import { requireWrites, type FactoryKit, type Json } from '../../fixtures/factories/index.js';
import { isObj } from '../../src/core/json.js';
import { RULE } from '../../src/checks/rules/registry.js';
import { expectRule } from '../../fixtures/evidence.js';
import { specOperations } from '../../fixtures/spec-ops.js';
import type { Exchange } from '../../src/core/exchange.js';
import { test } from './support/catalogue.js';
import { setupStep, step, wrongRequest } from '../../fixtures/requests.js';
import { namedResourceTests } from './support/named.js';

const G = '@additional_fields';
const spec = await specOperations();

/** The entries of a product's additional-field list that hold a value. */
function valuesIn(ex: Exchange): Json[] {
  const body = ex.response.json;
  return Array.isArray(body) ? body.filter(isObj).filter((v) => v.values !== undefined) : [];
}

/** The value written for field `fieldId` reads back as written (`reads-back`: the one comparison of the lifecycle rule). */
function expectValue(kit: FactoryKit, read: Exchange, fieldId: number, values: Json, related: Exchange[]): void {
  const got = valuesIn(read).find((v) => Number(v.id) === fieldId);
  expectRule(kit.api, RULE.readsBack, { sent: { values }, got }, { exchange: read, related });
}

/** The value deleted for field `fieldId` is no longer listed on the product (`unlisted-after-delete`). */
function expectNoValue(kit: FactoryKit, read: Exchange, fieldId: number, related: Exchange[]): void {
  const listed = valuesIn(read).map((v) => String(v.id));
  expectRule(kit.api, RULE.unlistedAfterDelete, { deleted: [String(fieldId)], listed }, { exchange: read, related });
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
    expectValue(kit, await step(kit, 'getAdditionalFieldsProduct', { path: path }), field.id, first, [post]);
    const second = names(kit, 'value');
    const put = await step(kit, 'updateProductAdditionalField', { path, body: [{ id: field.id, values: second }] });
    expectValue(kit, await step(kit, 'getAdditionalFieldsProduct', { path: path }), field.id, second, [put]);
    const del = await step(kit, 'deleteAdditionalProductField', { path: { ...path, field_id: field.id } });
    expectNoValue(kit, await step(kit, 'getAdditionalFieldsProduct', { path: path }), field.id, [del]);
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
