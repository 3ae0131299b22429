// Products: lifecycle, bulk forms (create, update by id, delete a,b), links to categories in both
// directions (link, move, unlink; a deleted product leaves no link behind), prices and graduated
// prices through /products/{id}/product_prices, declared error statuses, list parameters and the
// search endpoint. Writes touch only products and categories this test made.
import { specOperations } from '../../fixtures/spec-ops.js';
import { createCategory, createMany } from '../../fixtures/factories/categories.js';
import { createProduct, idsOf, linkProduct, linkedCategoryIds, productInput, productRecord, productRefs } from '../../fixtures/factories/products.js';
import { requireWrites, type FactoryKit, type Json } from '../../fixtures/factories/index.js';
import { expectHeld, show } from '../../fixtures/evidence.js';
import { secondValue, sortableValue, type DateSubject } from '../../fixtures/list-rules.js';
import { listParameterTests } from '../../fixtures/list-tests.js';
import type { Exchange } from '../../src/core/exchange.js';
import { expectReadsBack, listedIds, test } from './support/catalogue.js';
import { setupStep, step, wrongRequest } from '../../fixtures/requests.js';
import { skipBecause } from '../../fixtures/outcome.js';
import { eachOperation } from '../../fixtures/each-operation.js';
import { priceTests } from './support/prices.js';

const ops = await specOperations();

const G = '@products';
const sorted = (xs: readonly number[]): string => [...xs].sort((a, b) => a - b).join(', ');

/** The fields of a bulk input a single read answers (the input's `id` is a placeholder). */
function asRecord(input: Json): Json {
  const { id: _id, ...rest } = input;
  return rest;
}

function productsList(kit: FactoryKit): DateSubject {
  const base = { op: 'getProducts', sortKey: 'name', secondSortKey: 'productModel', fields: ['id', 'name'], searchField: 'name' };
  if (!kit.writable) return base;
  const token = kit.token();
  return {
    ...base,
    scope: { search: token },
    seed: async (n, from = 0) => {
      const refs = await productRefs(kit);
      const inputs = Array.from({ length: n }, (_, j) => from + j).map((i) => productInput(kit, refs, { productModel: secondValue(token, i) }, sortableValue(token, i)));
      return (await createMany(kit, 'createProducts', inputs)).records;
    },
    update: async (rec) => kit.api.call('updateProduct', { path: { product_id: Number(rec.id) }, body: { ...productRecord(kit, await productRefs(kit)), name: rec.name } }),
    remove: (rec) => kit.api.call('deleteProducts', { path: { product_id: [Number(rec.id)] } }),
  };
}

/** Product `p` is (or is not) among the products of category `c`, and `c` among the links of `p`. */
async function expectLinked(kit: FactoryKit, p: number, c: number, linked: boolean, why: string, related: Exchange[] = []): Promise<void> {
  const links = await kit.api.call('getProductLinks', { path: { product_id: p } });
  const products = await kit.api.call('getCategoryProducts', { path: { category_id: c } });
  const inLinks = linkedCategoryIds(links).includes(c);
  const inCategory = idsOf(products).includes(p);
  expectHeld(links.response.status === 200 && inLinks === linked, kit.api, {
    rule: 'product-links',
    title: `${why}: the links of product ${p} should ${linked ? '' : 'not '}include category ${c}`,
    message: `${links.response.status}: links [${linkedCategoryIds(links).join(', ')}]`,
    exchange: links,
    related,
  });
  expectHeld(products.response.status === 200 && inCategory === linked, kit.api, {
    rule: 'product-links',
    title: `${why}: the products of category ${c} should ${linked ? '' : 'not '}include product ${p}`,
    message: `${products.response.status}: products [${idsOf(products).join(', ')}]`,
    exchange: products,
    related: [links, ...related],
  });
}

if (ops.inScope('products')) test.describe('products', () => {
  test('should create a product, read it back, replace it, read it back, delete it and then answer 404', { tag: [G, '@op:createProducts', '@op:getProduct', '@op:updateProduct', '@op:deleteProducts', '@rule:lifecycle'] }, async ({ kit }) => {
    requireWrites(kit);
    const made = await createProduct(kit, {}, { rule: 'lifecycle', intent: 'positive' });
    expectReadsBack(kit, asRecord(made.input), await step(kit, 'getProduct', { path: { product_id: made.id } }), { related: [made.exchange] });
    const next = productRecord(kit, await productRefs(kit), { quantity: 3, price: 42.5 });
    const put = await step(kit, 'updateProduct', { path: { product_id: made.id }, body: next });
    expectReadsBack(kit, next, await step(kit, 'getProduct', { path: { product_id: made.id } }), { related: [put] });
    await step(kit, 'deleteProducts', { path: { product_id: [made.id] } });
    await wrongRequest(kit, 'getProduct', { path: { product_id: made.id } }, { want: 404, tag: 'lifecycle' });
  });

  test('should create every product of an array', { tag: [G, '@op:createProducts', '@rule:bulk'] }, async ({ kit }) => {
    requireWrites(kit);
    const refs = await productRefs(kit, 'bulk');
    const inputs = [productInput(kit, refs), productInput(kit, refs), productInput(kit, refs)];
    const made = await createMany(kit, 'createProducts', inputs, { rule: 'bulk', intent: 'positive' });
    for (const [i, id] of made.ids.entries()) {
      expectReadsBack(kit, asRecord(inputs[i] as Json), await step(kit, 'getProduct', { path: { product_id: id } }, { tag: 'bulk' }), { related: [made.exchange] });
    }
  });

  test('should update products by id with an array and refuse a record without an id', { tag: [G, '@op:updateProducts', '@rule:bulk'] }, async ({ kit, checks }) => {
    requireWrites(kit);
    const refs = await productRefs(kit, 'bulk');
    const a = await createProduct(kit, {}, { rule: 'bulk' });
    const b = await createProduct(kit, {}, { rule: 'bulk' });
    const nextA = productInput(kit, refs, { id: a.id, quantity: 21 });
    const nextB = productInput(kit, refs, { id: b.id, quantity: 22 });
    const put = await step(kit, 'updateProducts', { body: [nextA, nextB] }, { tag: 'bulk', conform: checks });
    const body = put.response.json as Json;
    expectHeld(Array.isArray(body.errors) && body.errors.length === 0, kit.api, { rule: 'bulk', title: 'a bulk update of existing records should report no errors', message: `errors: ${show(body.errors)}`, exchange: put });
    for (const [id, next] of [[a.id, nextA], [b.id, nextB]] as const) {
      expectReadsBack(kit, asRecord(next), await step(kit, 'getProduct', { path: { product_id: id } }, { tag: 'bulk' }), { related: [put] });
    }
    const { id: _drop, ...withoutId } = productInput(kit, refs);
    const mixed = await kit.api.call('updateProducts', { body: [productInput(kit, refs, { id: a.id }), withoutId], intent: 'negative' });
    const answer = mixed.response.json;
    const errors = answer && typeof answer === 'object' && Array.isArray((answer as Json).errors) ? ((answer as Json).errors as Json[]) : [];
    expectHeld(mixed.response.status === 400 || (mixed.response.status === 200 && errors.some((e) => e.code === 400)), kit.api, {
      rule: 'bulk',
      title: 'a bulk update should refuse a record without an id with 400 (the whole request, or that record in errors)',
      message: `got ${mixed.response.status} with errors ${show(errors)}`,
      exchange: mixed,
    });
  });

  test('should delete every product of a comma-separated id list', { tag: [G, '@op:deleteProducts', '@op:getProduct', '@rule:bulk'] }, async ({ kit, checks }) => {
    requireWrites(kit);
    const refs = await productRefs(kit, 'bulk');
    const made = await createMany(kit, 'createProducts', [productInput(kit, refs), productInput(kit, refs)], { rule: 'bulk' });
    await step(kit, 'deleteProducts', { path: { product_id: made.ids } }, { tag: 'bulk', conform: checks });
    for (const id of made.ids) await wrongRequest(kit, 'getProduct', { path: { product_id: id } }, { want: 404, tag: 'bulk', conform: checks });
  });

  test('should show a link in both directions, move it, and remove it on unlink', { tag: [G, '@op:createProductLink', '@op:updateProductLink', '@op:deleteProductLink', '@op:getProductLinks', '@op:getCategoryProducts', '@rule:product-links'] }, async ({ kit, checks }) => {
    requireWrites(kit);
    const c = await createCategory(kit, {}, { rule: 'product-links' });
    const d = await createCategory(kit, {}, { rule: 'product-links' });
    const p = await createProduct(kit, {}, { rule: 'product-links' });
    await expectLinked(kit, p.id, c.id, false, 'before linking');
    const link = await linkProduct(kit, p.id, c.id, 'product-links', 'positive');
    await expectLinked(kit, p.id, c.id, true, 'after linking', [link]);
    const move = await step(kit, 'updateProductLink', { path: { product_id: p.id }, body: { oldCategoryId: c.id, newCategoryId: d.id } }, { tag: 'product-links', conform: checks });
    await expectLinked(kit, p.id, c.id, false, 'after moving the link away', [move]);
    await expectLinked(kit, p.id, d.id, true, 'after moving the link here', [move]);
    const unlink = await step(kit, 'deleteProductLink', { path: { product_id: p.id }, body: { categoryId: d.id } }, { tag: 'product-links', conform: checks });
    await expectLinked(kit, p.id, d.id, false, 'after unlinking', [unlink]);
  });

  test('should remove the links of a deleted product', { tag: [G, '@op:deleteProducts', '@op:getCategoryProducts', '@rule:product-links'] }, async ({ kit, checks }) => {
    requireWrites(kit);
    const c = await createCategory(kit, {}, { rule: 'product-links' });
    const p = await createProduct(kit, {}, { rule: 'product-links' });
    const kept = await createProduct(kit, {}, { rule: 'product-links' });
    await linkProduct(kit, p.id, c.id, 'product-links');
    await linkProduct(kit, kept.id, c.id, 'product-links');
    const del = await step(kit, 'deleteProducts', { path: { product_id: [p.id] } }, { tag: 'product-links', conform: checks });
    const products = await step(kit, 'getCategoryProducts', { path: { category_id: c.id } }, { tag: 'product-links' });
    expectHeld(sorted(idsOf(products)) === String(kept.id), kit.api, {
      rule: 'product-links',
      title: `category ${c.id} should list only the product still linked to it after product ${p.id} was deleted`,
      message: `expected [${kept.id}], got [${sorted(idsOf(products))}]`,
      exchange: products,
      related: [del],
    });
  });

  test('should answer 404 for a product that does not exist and 400 for invalid ids and missing bodies', { tag: [G, '@op:getProduct', '@op:updateProduct', '@op:deleteProducts', '@op:createProducts', '@op:updateProducts', '@op:getProductLinks', '@rule:error-status'] }, async ({ kit, checks }) => {
    requireWrites(kit);
    const gone = await createProduct(kit, {}, { rule: 'error-status' });
    await setupStep(kit, 'deleteProducts', { path: { product_id: [gone.id] } });
    // Each operation judged apart: one the target lacks (a bulk form) leaves the others judged.
    const parts: Record<string, () => Promise<unknown>> = {
      getProduct: () => wrongRequest(kit, 'getProduct', { path: { product_id: gone.id } }, { want: 404, conform: checks }),
      updateProduct: async () => {
        await wrongRequest(kit, 'updateProduct', { path: { product_id: 'abc' }, body: productRecord(kit, await productRefs(kit)) }, { want: 400, conform: checks });
        const own = await createProduct(kit, {}, { rule: 'error-status' });
        await wrongRequest(kit, 'updateProduct', { path: { product_id: own.id }, contentType: 'application/json' }, { want: 400, conform: checks });
      },
      deleteProducts: () => wrongRequest(kit, 'deleteProducts', { path: { product_id: 'abc' } }, { want: 400, conform: checks }),
      createProducts: () => wrongRequest(kit, 'createProducts', { contentType: 'application/json' }, { want: 400, conform: checks }),
      updateProducts: () => wrongRequest(kit, 'updateProducts', { contentType: 'application/json' }, { want: 400, conform: checks }),
    };
    await eachOperation(kit.api, Object.keys(parts), async (op) => {
      await parts[op]?.();
    });
  });

  test('should find a product by a search condition and nothing else', { tag: [G, '@op:searchProducts', '@rule:search'] }, async ({ kit, checks }) => {
    requireWrites(kit);
    const made = await createProduct(kit, {}, { rule: 'search' });
    const hit = await step(kit, 'searchProducts', { body: { search: ['id', 'eq', String(made.id)] } }, { tag: 'search', conform: checks });
    expectHeld(sorted(listedIds(hit)) === String(made.id), kit.api, { rule: 'search', title: `the condition id eq ${made.id} should find exactly that product`, message: `got [${sorted(listedIds(hit))}]`, exchange: hit });
  });

  listParameterTests({ group: 'products', op: ops.get('getProducts'), what: 'products', subject: productsList, dates: productsList, single: { op: 'getProduct', param: 'product_id', fields: ['id', 'productModel'] } });

  test('should read a listed product of the target in the declared shape', { tag: [G, '@op:getProducts', '@op:getProduct', '@op:getProductLinks', '@readonly'] }, async ({ kit, checks }) => {
    const list = await step(kit, 'getProducts', { query: { page: 1, per_page: 5 } }, { conform: checks });
    const first = listedIds(list)[0];
    if (first === undefined) skipBecause('the target lists no products');
    await step(kit, 'getProduct', { path: { product_id: Number(first) } }, { conform: checks });
    await step(kit, 'getProductLinks', { path: { product_id: Number(first) } }, { tag: 'product-links', conform: checks });
  });
});

if (ops.inScope('products')) test.describe('product prices under /products', () => {
  priceTests({ group: G, get: 'getProductProductPrices', put: 'putProductProductPrices', quantity: 'getProductProductQuantityPrice' });
});
