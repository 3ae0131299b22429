// Withdrawals: lifecycle (create 201 with the record in an array, read as an array, replace, which
// the spec declares 201 too, delete, then the declared 404), the declared 400s and the list
// parameters. The order id inside a withdrawal is readOnly in the schema: the bodies name an own
// order there as the vendor's example does (GX 4.8 answers 500 without one), and the suite does
// not assert it.
import { specOperations } from '../../fixtures/spec-ops.js';
import { oneByOne, test, requireWrites } from '../../fixtures/factories/index.js';
import { createWithdrawal, withdrawalInput } from '../../fixtures/factories/orders.js';
import { expectErrorStatus, expectHeld, expectStatus } from '../../fixtures/evidence.js';
import { judgeFields, judgeLinkHeader, judgePaging, judgePerPage, judgeSearch, sortableValue, judgeSort, type ListSubject } from '../../fixtures/list-rules.js';
import { checkContext, expectConforms, expectGone, notCovered } from '../../fixtures/order-rules.js';
import type { FactoryKit, Json } from '../../fixtures/factories/base.js';
import type { Exchange } from '../../src/core/exchange.js';

const ops = await specOperations();

function withdrawals(kit: FactoryKit): ListSubject {
  const token = kit.token();
  return {
    op: 'getWithdrawals',
    scope: { search: token },
    sortKey: 'content',
    secondSortKey: 'withdrawalDate',
    fields: ['id', 'content'],
    seed: async (n) => {
      const made = await oneByOne(n, (i) => createWithdrawal(kit, { content: sortableValue(token, i), withdrawalDate: `2024-02-${10 + i}` }));
      return made.map((m) => m.record);
    },
  };
}

function expectHolds(kit: FactoryKit, rule: string, sent: Json, ex: Exchange, title: string): void {
  const body = ex.response.json;
  const got: unknown = Array.isArray(body) ? (body as unknown[])[0] : body;
  const problems = notCovered(sent, got, ['id', '_links', 'orderId', 'dateCreated']);
  expectHeld(!problems.length, kit.api, { rule, title, message: problems.join('\n  '), exchange: ex });
}

if (ops.inScope('withdrawal')) test.describe('withdrawals', () => {
  test(
    'should create, read, replace and delete a withdrawal',
    { tag: ['@withdrawal', '@op:postWithdrawals', '@op:getWithdrawal', '@op:updateWithdrawals', '@op:deleteWithdrawals', '@rule:lifecycle'] },
    async ({ kit, catalogue, validators, config }) => {
      requireWrites(kit);
      const rule = 'lifecycle';
      const ctx = checkContext({ catalogue, validators, config });
      const made = await createWithdrawal(kit, {}, { intent: 'positive' });
      expectStatus(kit.api, rule, made.exchange, 201, 'POST /withdrawals should answer 201 as declared');
      expectConforms(kit, ctx, made.exchange);
      const withdrawal_id = made.id;
      const read = await kit.api.call('getWithdrawal', { path: { withdrawal_id } });
      expectStatus(kit.api, rule, read, 200, 'GET /withdrawals/{id} should read the new withdrawal');
      expectConforms(kit, ctx, read);
      expectHolds(kit, rule, made.input, read, 'the new withdrawal should read back as sent');
      const change = withdrawalInput(kit, { createdByAdmin: false });
      const put = await kit.api.call('updateWithdrawals', { path: { withdrawal_id }, body: change });
      expectStatus(kit.api, rule, put, 201, 'PUT /withdrawals/{id} should answer 201, the status the spec declares for it');
      expectConforms(kit, ctx, put);
      expectHolds(kit, rule, change, await kit.api.call('getWithdrawal', { path: { withdrawal_id } }), 'the replaced withdrawal should read back as sent');
      const del = await kit.api.call('deleteWithdrawals', { path: { withdrawal_id } });
      expectStatus(kit.api, rule, del, 200, 'DELETE /withdrawals/{id} should answer 200');
      expectConforms(kit, ctx, del);
      expectGone(kit, rule, await kit.api.call('getWithdrawal', { path: { withdrawal_id } }), 'the deleted withdrawal', [del]);
    },
  );

  test(
    'should refuse a wrongly typed body and an id beyond 2^63 with 400 as declared',
    { tag: ['@withdrawal', '@op:updateWithdrawals', '@op:getWithdrawal', '@rule:error-status'] },
    async ({ kit, catalogue, validators, config }) => {
      requireWrites(kit);
      const rule = 'error-status';
      const ctx = checkContext({ catalogue, validators, config });
      const own = await createWithdrawal(kit);
      const bad = await kit.api.call('updateWithdrawals', { path: { withdrawal_id: own.id }, body: { ...withdrawalInput(kit), createdByAdmin: 'yes' }, intent: 'negative', label: 'createdByAdmin as a string' });
      expectStatus(kit.api, rule, bad, 400, 'PUT /withdrawals/{id} with a string for the boolean createdByAdmin should be refused with 400');
      expectConforms(kit, ctx, bad);
      expectHolds(kit, rule, own.input, await kit.api.call('getWithdrawal', { path: { withdrawal_id: own.id } }), 'a refused PUT should leave the withdrawal as it was');
      const huge = await kit.api.call('getWithdrawal', { path: { withdrawal_id: '99999999999999999999' }, intent: 'negative', label: 'id beyond 2^63' });
      expectErrorStatus(kit.api, rule, huge, 'invalid', 'GET /withdrawals/{id} with an id beyond 2^63 should be refused with 400', undefined, 400);
      expectConforms(kit, ctx, huge);
    },
  );

  test.describe('list parameters of GET /withdrawals', () => {
    const tags = (rule: string) => ['@withdrawal', '@op:getWithdrawals', '@op:postWithdrawals', `@rule:${rule}`];
    test('should page withdrawals from 1 without gaps or duplicates', { tag: tags('paging') }, async ({ kit }) => {
      requireWrites(kit);
      await judgePaging(kit, withdrawals(kit));
    });
    test('should answer per_page withdrawals per page and refuse per_page below 1', { tag: tags('per-page') }, async ({ kit }) => {
      requireWrites(kit);
      await judgePerPage(kit, withdrawals(kit));
    });
    test('should link the first, previous, next and last pages of withdrawals', { tag: tags('link-header') }, async ({ kit }) => {
      requireWrites(kit);
      await judgeLinkHeader(kit, withdrawals(kit));
    });
    test('should sort withdrawals by one and two keys, ascending and descending', { tag: tags('sort') }, async ({ kit }) => {
      requireWrites(kit);
      await judgeSort(kit, withdrawals(kit));
    });
    test('should keep only the named fields of withdrawals', { tag: tags('fields') }, async ({ kit }) => {
      requireWrites(kit);
      await judgeFields(kit, withdrawals(kit));
    });
    test('should find withdrawals by q and search, case-insensitively', { tag: tags('search') }, async ({ kit }) => {
      requireWrites(kit);
      await judgeSearch(kit, withdrawals(kit));
    });
  });
});
