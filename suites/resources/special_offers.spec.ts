// Special offers of an own product: lifecycle, declared error statuses, the search endpoint and
// the list parameters. Offers have no free text, so the records of one test carry a number no
// other record holds (in `quantity`) and the list is scoped by searching for it.
import { createSpecialOffer, numericMarker, specialOfferInput } from '../../fixtures/factories/catalogue-extras.js';
import { createProduct } from '../../fixtures/factories/products.js';
import { requireWrites, type FactoryKit, type Json } from '../../fixtures/factories/index.js';
import { expectHeld } from '../../fixtures/evidence.js';
import { listParameterTests } from '../../fixtures/list-tests.js';
import type { ListSubject } from '../../fixtures/list-rules.js';
import { specOperations } from '../../fixtures/spec-ops.js';
import { callOk, expectError, expectReadsBack, listedIds, readBack, readOk, skipBecause, test, setupStep, stepOk } from './support/catalogue.js';

const G = '@special_offers';
const ops = await specOperations();
const PRICES = [30, 10, 20];

function offersList(kit: FactoryKit): ListSubject {
  const marker = numericMarker(kit);
  return {
    op: 'getMultipleSpecialOffers',
    scope: { search: String(marker) },
    sortKey: 'price',
    secondSortKey: 'expiresAt',
    fields: ['id', 'price'],
    searchField: 'expiresAt',
    seed: async (n) => {
      const out: Json[] = [];
      // One offer per product, as a shop keeps them (GX 4.8 refuses a second offer for a product:
      // "Duplicate entry for key products_id"). Pairs share a price so the second key (expiresAt) decides between them.
      for (let i = 0; i < n; i++) {
        const product = await createProduct(kit);
        out.push((await createSpecialOffer(kit, product.id, { price: PRICES[Math.floor(i / 2) % PRICES.length], expiresAt: `2099-12-${String(10 + i).padStart(2, '0')} 23:59:59` }, { marker })).record);
      }
      return out;
    },
  };
}

if (ops.inScope('special_offers')) test.describe('special offers', () => {
  test('should create an offer, read it back, replace it, read it back, delete it and then answer 404', { tag: [G, '@op:createSpecialOffers', '@op:getSpecialOffers', '@op:updateSpecialOffer', '@op:deleteSpecialOffer', '@rule:lifecycle'] }, async ({ kit, checks }) => {
    requireWrites(kit);
    const product = await createProduct(kit, {}, { rule: 'lifecycle' });
    const input = specialOfferInput(kit, product.id);
    const made = await kit.create('createSpecialOffers', { body: input, what: 'a special offer', intent: 'positive' });
    expectReadsBack(kit, input, await readBack(kit, 'getSpecialOffers', { special_offer_id: made.id }), 'a created special offer', [], [made.exchange]);
    const next = specialOfferInput(kit, product.id, { price: 4.75, quantity: 9, status: true, expiresAt: '2098-06-30 12:00:00' });
    const put = await stepOk(kit, 'lifecycle', 'updateSpecialOffer', { path: { special_offer_id: made.id }, body: next }, 'PUT /special_offers/{id} should replace the offer');
    expectReadsBack(kit, next, await readBack(kit, 'getSpecialOffers', { special_offer_id: made.id }), 'a replaced special offer', [], [put]);
    await stepOk(kit, 'lifecycle', 'deleteSpecialOffer', { path: { special_offer_id: made.id } }, 'DELETE /special_offers/{id} should delete the offer');
    await expectError(kit, checks, 'getSpecialOffers', { path: { special_offer_id: made.id } }, 404, 'a deleted offer should read 404', false, 'lifecycle');
  });

  test('should answer 404 for a missing offer and 400 for invalid ids and missing bodies', { tag: [G, '@op:getSpecialOffers', '@op:updateSpecialOffer', '@op:deleteSpecialOffer', '@rule:error-status'] }, async ({ kit, checks }) => {
    requireWrites(kit);
    const product = await createProduct(kit, {}, { rule: 'error-status' });
    const own = await createSpecialOffer(kit, product.id, {}, { rule: 'error-status' });
    await expectError(kit, checks, 'updateSpecialOffer', { path: { special_offer_id: 'abc' }, body: specialOfferInput(kit, product.id) }, 400, 'PUT /special_offers/abc should be refused with 400');
    await expectError(kit, checks, 'deleteSpecialOffer', { path: { special_offer_id: 'abc' } }, 400, 'DELETE /special_offers/abc should be refused with 400');
    await expectError(kit, checks, 'updateSpecialOffer', { path: { special_offer_id: own.id }, contentType: 'application/json' }, 400, 'PUT /special_offers/{id} without a body should be refused with 400');
    await setupStep(kit, 'deleteSpecialOffer', { path: { special_offer_id: own.id } }, 'deleting an own offer');
    await expectError(kit, checks, 'getSpecialOffers', { path: { special_offer_id: own.id } }, 404, 'GET of a deleted offer should answer 404');
  });

  test('should find an offer by a search condition and nothing else', { tag: [G, '@op:searchSpecialOffer', '@rule:search'] }, async ({ kit, checks }) => {
    requireWrites(kit);
    const product = await createProduct(kit, {}, { rule: 'search' });
    const made = await createSpecialOffer(kit, product.id, {}, { rule: 'search' });
    const hit = await callOk(kit, checks, 'search', 'searchSpecialOffer', { body: { search: ['id', 'eq', String(made.id)] } }, 'POST /special_offers/search should answer 200');
    expectHeld(listedIds(hit).join(',') === String(made.id), kit.api, { rule: 'search', title: `the condition id eq ${made.id} should find exactly that offer`, message: `got [${listedIds(hit).join(', ')}]`, exchange: hit });
  });

  test('should read a listed offer of the target in the declared shape', { tag: [G, '@op:getMultipleSpecialOffers', '@op:getSpecialOffers', '@readonly'] }, async ({ kit, checks }) => {
    const first = listedIds(await readOk(kit, checks, 'getMultipleSpecialOffers', undefined, 'lifecycle'))[0];
    if (first === undefined) skipBecause('the target lists no special offers');
    await readOk(kit, checks, 'getSpecialOffers', { special_offer_id: first });
  });

  listParameterTests({ group: 'special_offers', op: ops.get('getMultipleSpecialOffers'), what: 'special offers', subject: offersList });
});
