// Product prices under /product_prices: prices read back as set, graduated prices per customer
// group and quantity, refused quantities, missing products, and DELETE clearing the group and
// graduated prices of an own product.
import { specOperations } from '../../fixtures/spec-ops.js';
import { createProduct, groupPricesFor } from '../../fixtures/factories/products.js';
import { requireWrites } from '../../fixtures/factories/index.js';
import { isObj } from '../../src/core/json.js';
import { expectHeld, show } from '../../fixtures/evidence.js';
import { single, test } from './support/catalogue.js';
import { setupStep, step } from '../../fixtures/requests.js';
import { priceTests } from './support/prices.js';

const ops = await specOperations();

const G = '@product_prices';

if (ops.inScope('product_prices')) test.describe('product prices', () => {
  priceTests({ group: G, get: 'getProductPrices', put: 'putProductPrices', quantity: 'getProductQuantityPrices' });

  test('should clear the group and graduated prices of a product on DELETE', { tag: [G, '@op:deleteProductPrices', '@op:putProductPrices', '@op:getProductPrices', '@rule:lifecycle'] }, async ({ kit }) => {
    requireWrites(kit);
    const p = await createProduct(kit, {}, { rule: 'lifecycle' });
    await setupStep(kit, 'putProductPrices', { path: { product_id: p.id }, body: { price: 10, groupPrices: await groupPricesFor(kit, [{ groupPrice: 9, graduatedPrices: [{ threshold: 5, graduatedPrice: 8 }] }]) } });
    const del = await step(kit, 'deleteProductPrices', { path: { product_id: p.id } });
    const read = await step(kit, 'getProductPrices', { path: { product_id: p.id } });
    const groups = single(read.response.json)?.groupPrices;
    const left = Array.isArray(groups) ? groups.filter(isObj).filter((g) => (typeof g.groupPrice === 'number' && g.groupPrice !== 0) || (Array.isArray(g.graduatedPrices) && g.graduatedPrices.length > 0)) : [];
    expectHeld(Array.isArray(groups) && !left.length, kit.api, {
      rule: 'lifecycle',
      title: 'after DELETE /product_prices/{id} no group or graduated price should be left',
      message: `still there: ${show(left)}`,
      exchange: read,
      related: [del],
    });
  });
});
