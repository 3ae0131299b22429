// Reviews of an own product: lifecycle (create and replace answer a list of reviews), declared
// error statuses and the list parameters (scoped by a token in the review text).
import { createReview, reviewInput } from '../../fixtures/factories/catalogue-extras.js';
import { createProduct } from '../../fixtures/factories/products.js';
import { requireWrites, type FactoryKit, type Json } from '../../fixtures/factories/index.js';
import { isObj } from '../../src/core/json.js';
import { expectHeld, show } from '../../fixtures/evidence.js';
import { listParameterTests } from '../../fixtures/list-tests.js';
import { sortableValue, type ListSubject } from '../../fixtures/list-rules.js';
import { specOperations } from '../../fixtures/spec-ops.js';
import type { Exchange } from '../../src/core/exchange.js';
import { expectError, expectReadsBack, listedIds, readBack, readOk, single, skipBecause, test, setupStep, stepOk } from './support/catalogue.js';

const G = '@reviews';
const ops = await specOperations();

function reviewsList(kit: FactoryKit): ListSubject {
  const token = kit.token();
  return {
    op: 'getReviews',
    scope: { search: token },
    sortKey: 'text',
    secondSortKey: 'rating',
    fields: ['id', 'text'],
    searchField: 'text',
    seed: async (n) => {
      const product = await createProduct(kit);
      const out: Json[] = [];
      for (let i = 0; i < n; i++) out.push((await createReview(kit, product.id, { rating: 1 + (i % 2) }, { text: sortableValue(token, i) })).record);
      return out;
    },
  };
}

/** The review as sent, and the reviewer's name, read back equal (the customer object gets server fields). */
function expectReview(kit: FactoryKit, sent: Json, read: Exchange, what: string, related: Exchange[]): void {
  expectReadsBack(kit, sent, read, what, ['customer'], related);
  const got = single(read.response.json)?.customer;
  const want = (sent.customer as Json).customerName;
  expectHeld(isObj(got) && got.customerName === want, kit.api, { rule: 'lifecycle', title: `${what}: the reviewer's name should read back as written`, message: `sent ${show(want)}, read ${show(got)}`, exchange: read, related });
}

if (ops.inScope('reviews')) test.describe('reviews', () => {
  test('should create a review, read it back, replace it, read it back, delete it and then answer 404', { tag: [G, '@op:postReviews', '@op:getReview', '@op:updateReviews', '@op:deleteReviews', '@rule:lifecycle'] }, async ({ kit, checks }) => {
    requireWrites(kit);
    const product = await createProduct(kit, {}, { rule: 'lifecycle' });
    const input = await reviewInput(kit, product.id);
    const made = await kit.create('postReviews', { body: input, what: 'a review', intent: 'positive' });
    expectReview(kit, input, await readBack(kit, 'getReview', { review_id: made.id }), 'a created review', [made.exchange]);
    const next = await reviewInput(kit, product.id, { rating: 2 });
    const put = await stepOk(kit, 'lifecycle', 'updateReviews', { path: { review_id: made.id }, body: next }, 'PUT /reviews/{id} should replace the review');
    expectReview(kit, next, await readBack(kit, 'getReview', { review_id: made.id }), 'a replaced review', [put]);
    await stepOk(kit, 'lifecycle', 'deleteReviews', { path: { review_id: made.id } }, 'DELETE /reviews/{id} should delete the review');
    await expectError(kit, checks, 'getReview', { path: { review_id: made.id } }, 404, 'a deleted review should read 404', false, 'lifecycle');
  });

  test('should answer 404 for a missing review and 400 for invalid ids and missing bodies', { tag: [G, '@op:getReview', '@op:updateReviews', '@op:deleteReviews', '@op:postReviews', '@rule:error-status'] }, async ({ kit, checks }) => {
    requireWrites(kit);
    const product = await createProduct(kit, {}, { rule: 'error-status' });
    const own = await createReview(kit, product.id, {}, { rule: 'error-status' });
    await expectError(kit, checks, 'getReview', { path: { review_id: 'abc' } }, 400, 'GET /reviews/abc should be refused with 400');
    await expectError(kit, checks, 'updateReviews', { path: { review_id: 'abc' }, body: await reviewInput(kit, product.id) }, 400, 'PUT /reviews/abc should be refused with 400');
    await expectError(kit, checks, 'deleteReviews', { path: { review_id: 'abc' } }, 400, 'DELETE /reviews/abc should be refused with 400');
    await expectError(kit, checks, 'postReviews', { contentType: 'application/json' }, 400, 'POST /reviews without a body should be refused with 400');
    await expectError(kit, checks, 'updateReviews', { path: { review_id: own.id }, contentType: 'application/json' }, 400, 'PUT /reviews/{id} without a body should be refused with 400');
    await setupStep(kit, 'deleteReviews', { path: { review_id: own.id } }, 'deleting an own review');
    await expectError(kit, checks, 'getReview', { path: { review_id: own.id } }, 404, 'GET of a deleted review should answer 404');
  });

  test('should read a listed review of the target in the declared shape', { tag: [G, '@op:getReviews', '@op:getReview', '@readonly'] }, async ({ kit, checks }) => {
    const first = listedIds(await readOk(kit, checks, 'getReviews', undefined, 'lifecycle'))[0];
    if (first === undefined) skipBecause('the target lists no reviews');
    await readOk(kit, checks, 'getReview', { review_id: first });
  });

  listParameterTests({ group: 'reviews', op: ops.get('getReviews'), what: 'reviews', subject: reviewsList });
});
