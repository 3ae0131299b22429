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
import { expectReadsBack, listedIds, test } from './support/catalogue.js';
import { setupStep, step, wrongRequest } from '../../fixtures/requests.js';
import { skipBecause } from '../../fixtures/outcome.js';

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
    seed: async (n, from = 0) => {
      const out: Json[] = [];
      // One offer per product, as a shop keeps them (GX 4.8 refuses a second offer for a product:
      // "Duplicate entry for key products_id"). Pairs share a price so the second key (expiresAt) decides between them.
      for (let i = from; i < from + n; i++) {
        const product = await createProduct(kit);
        out.push((await createSpecialOffer(kit, product.id, { price: PRICES[Math.floor(i / 2) % PRICES.length], expiresAt: `2099-12-${String(10 + i).padStart(2, '0')} 23:59:59` }, { marker })).record);
      }
      return out;
    },
  };
}

if (ops.inScope('special_offers')) test.describe('special offers', () => {
  test('should create an offer, read it back, replace it, read it back, delete it and then answer 404', { tag: [G, '@op:createSpecialOffers', '@op:getSpecialOffers', '@op:updateSpecialOffer', '@op:deleteSpecialOffer', '@rule:lifecycle'] }, async ({ kit }) => {
    requireWrites(kit);
    const product = await createProduct(kit, {}, { rule: 'lifecycle' });
    const input = specialOfferInput(kit, product.id);
    const made = await kit.create('createSpecialOffers', { body: input, intent: 'positive' });
    expectReadsBack(kit, input, await step(kit, 'getSpecialOffers', { path: { special_offer_id: made.id } }), { related: [made.exchange] });
    const next = specialOfferInput(kit, product.id, { price: 4.75, quantity: 9, status: true, expiresAt: '2098-06-30 12:00:00' });
    const put = await step(kit, 'updateSpecialOffer', { path: { special_offer_id: made.id }, body: next });
    expectReadsBack(kit, next, await step(kit, 'getSpecialOffers', { path: { special_offer_id: made.id } }), { related: [put] });
    await step(kit, 'deleteSpecialOffer', { path: { special_offer_id: made.id } });
    await wrongRequest(kit, 'getSpecialOffers', { path: { special_offer_id: made.id } }, { want: 404, tag: 'lifecycle' });
  });

  test('should answer 404 for a missing offer and 400 for invalid ids and missing bodies', { tag: [G, '@op:getSpecialOffers', '@op:updateSpecialOffer', '@op:deleteSpecialOffer', '@rule:error-status'] }, async ({ kit, checks }) => {
    requireWrites(kit);
    const product = await createProduct(kit, {}, { rule: 'error-status' });
    const own = await createSpecialOffer(kit, product.id, {}, { rule: 'error-status' });
    await wrongRequest(kit, 'updateSpecialOffer', { path: { special_offer_id: 'abc' }, body: specialOfferInput(kit, product.id) }, { want: 400, conform: checks });
    await wrongRequest(kit, 'deleteSpecialOffer', { path: { special_offer_id: 'abc' } }, { want: 400, conform: checks });
    await wrongRequest(kit, 'updateSpecialOffer', { path: { special_offer_id: own.id }, contentType: 'application/json' }, { want: 400, conform: checks });
    await setupStep(kit, 'deleteSpecialOffer', { path: { special_offer_id: own.id } });
    await wrongRequest(kit, 'getSpecialOffers', { path: { special_offer_id: own.id } }, { want: 404, conform: checks });
  });

  test('should find an offer by a search condition and nothing else', { tag: [G, '@op:searchSpecialOffer', '@rule:search'] }, async ({ kit, checks }) => {
    requireWrites(kit);
    const product = await createProduct(kit, {}, { rule: 'search' });
    const made = await createSpecialOffer(kit, product.id, {}, { rule: 'search' });
    const hit = await step(kit, 'searchSpecialOffer', { body: { search: ['id', 'eq', String(made.id)] } }, { tag: 'search', conform: checks });
    expectHeld(listedIds(hit).join(',') === String(made.id), kit.api, { rule: 'search', title: `the condition id eq ${made.id} should find exactly that offer`, message: `got [${listedIds(hit).join(', ')}]`, exchange: hit });
  });

  test('should read a listed offer of the target in the declared shape', { tag: [G, '@op:getMultipleSpecialOffers', '@op:getSpecialOffers', '@readonly'] }, async ({ kit, checks }) => {
    const first = listedIds(await step(kit, 'getMultipleSpecialOffers', {}, { conform: checks }))[0];
    if (first === undefined) skipBecause('the target lists no special offers');
    await step(kit, 'getSpecialOffers', { path: { special_offer_id: first } }, { conform: checks });
  });

  listParameterTests({ group: 'special_offers', op: ops.get('getMultipleSpecialOffers'), what: 'special offers', subject: offersList });
});
