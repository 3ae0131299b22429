// Reviews of an own product: lifecycle (create and replace answer a list of reviews), declared
// error statuses and the list parameters (scoped by a token in the review text).
import { createReview, reviewInput } from '../../fixtures/factories/catalogue-extras.js';
import { createProduct } from '../../fixtures/factories/products.js';
import { requireWrites, type Created, type FactoryKit, type Json } from '../../fixtures/factories/index.js';
import { listParameterTests } from '../../fixtures/list-tests.js';
import { sortableValue, type ListSubject } from '../../fixtures/list-rules.js';
import { specOperations } from '../../fixtures/spec-ops.js';
import type { Exchange } from '../../src/core/exchange.js';
import { expectReadsBack, listedIds, test } from './support/catalogue.js';
import { setupStep, step, wrongRequest } from '../../fixtures/requests.js';
import { skipBecause } from '../../fixtures/outcome.js';

const G = '@reviews';
const ops = await specOperations();

function reviewsList(kit: FactoryKit): ListSubject {
  const token = kit.token();
  let product: Created | undefined;
  return {
    op: 'getReviews',
    scope: { search: token },
    sortKey: 'text',
    secondSortKey: 'rating',
    fields: ['id', 'text'],
    searchField: 'text',
    seed: async (n, from = 0) => {
      // One product for the whole seed, also when it is made in two steps.
      product ??= await createProduct(kit);
      const out: Json[] = [];
      for (let i = from; i < from + n; i++) out.push((await createReview(kit, product.id, { rating: 1 + (i % 2) }, { text: sortableValue(token, i) })).record);
      return out;
    },
  };
}

/** The review as sent reads back; of its customer object (which the server fills in) the reviewer's name. */
function expectReview(kit: FactoryKit, sent: Json, read: Exchange, related: Exchange[]): void {
  expectReadsBack(kit, { ...sent, customer: { customerName: (sent.customer as Json).customerName ?? null } }, read, { related });
}

if (ops.inScope('reviews')) test.describe('reviews', () => {
  test('should create a review, read it back, replace it, read it back, delete it and then answer 404', { tag: [G, '@op:postReviews', '@op:getReview', '@op:updateReviews', '@op:deleteReviews', '@rule:lifecycle'] }, async ({ kit }) => {
    requireWrites(kit);
    const product = await createProduct(kit, {}, { rule: 'lifecycle' });
    const input = await reviewInput(kit, product.id);
    const made = await kit.create('postReviews', { body: input, intent: 'positive' });
    expectReview(kit, input, await step(kit, 'getReview', { path: { review_id: made.id } }), [made.exchange]);
    const next = await reviewInput(kit, product.id, { rating: 2 });
    const put = await step(kit, 'updateReviews', { path: { review_id: made.id }, body: next });
    expectReview(kit, next, await step(kit, 'getReview', { path: { review_id: made.id } }), [put]);
    await step(kit, 'deleteReviews', { path: { review_id: made.id } });
    await wrongRequest(kit, 'getReview', { path: { review_id: made.id } }, { want: 404, tag: 'lifecycle' });
  });

  test('should answer 404 for a missing review and 400 for invalid ids and missing bodies', { tag: [G, '@op:getReview', '@op:updateReviews', '@op:deleteReviews', '@op:postReviews', '@rule:error-status'] }, async ({ kit, checks }) => {
    requireWrites(kit);
    const product = await createProduct(kit, {}, { rule: 'error-status' });
    const own = await createReview(kit, product.id, {}, { rule: 'error-status' });
    await wrongRequest(kit, 'getReview', { path: { review_id: 'abc' } }, { want: 400, conform: checks });
    await wrongRequest(kit, 'updateReviews', { path: { review_id: 'abc' }, body: await reviewInput(kit, product.id) }, { want: 400, conform: checks });
    await wrongRequest(kit, 'deleteReviews', { path: { review_id: 'abc' } }, { want: 400, conform: checks });
    await wrongRequest(kit, 'postReviews', { contentType: 'application/json' }, { want: 400, conform: checks });
    await wrongRequest(kit, 'updateReviews', { path: { review_id: own.id }, contentType: 'application/json' }, { want: 400, conform: checks });
    await setupStep(kit, 'deleteReviews', { path: { review_id: own.id } });
    await wrongRequest(kit, 'getReview', { path: { review_id: own.id } }, { want: 404, conform: checks });
  });

  test('should read a listed review of the target in the declared shape', { tag: [G, '@op:getReviews', '@op:getReview', '@readonly'] }, async ({ kit, checks }) => {
    const first = listedIds(await step(kit, 'getReviews', {}, { conform: checks }))[0];
    if (first === undefined) skipBecause('the target lists no reviews');
    await step(kit, 'getReview', { path: { review_id: first } }, { conform: checks });
  });

  listParameterTests({ group: 'reviews', op: ops.get('getReviews'), what: 'reviews', subject: reviewsList });
});
