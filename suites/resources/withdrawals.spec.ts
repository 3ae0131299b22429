// Withdrawals: lifecycle (create 201 with the record in an array, read as an array, replace, which
// the spec declares 201 too, delete, then the declared 404), the declared 400s and the list
// parameters. The order id inside a withdrawal is readOnly in the schema: the bodies name an own
// order there as the vendor's example does (GX 4.8 answers 500 without one), and the suite does
// not assert it.
import { specOperations } from '../../fixtures/spec-ops.js';
import { oneByOne, test, requireWrites } from '../../fixtures/factories/index.js';
import { createWithdrawal, withdrawalInput } from '../../fixtures/factories/orders.js';
import { expectRule } from '../../fixtures/evidence.js';
import { sortableValue, type ListSubject } from '../../fixtures/list-rules.js';
import { listParameterTests } from '../../fixtures/list-tests.js';
import { single } from '../../fixtures/order-rules.js';
import { answerOf, checkContext, expectConforms, expectRefused, gone, step, wrongRequest } from '../../fixtures/requests.js';
import type { FactoryKit } from '../../fixtures/factories/base.js';
import { RULE } from '../../src/checks/rules/registry.js';

const ops = await specOperations();

/** What a withdrawal answers of its own: its order (readOnly, named as the vendor's example does) and when it was made. */
const NOT_ECHOED = ['orderId', 'dateCreated'];

function withdrawals(kit: FactoryKit): ListSubject {
  const token = kit.token();
  return {
    op: 'getWithdrawals',
    scope: { search: token },
    sortKey: 'content',
    secondSortKey: 'withdrawalDate',
    fields: ['id', 'content'],
    seed: async (n, from = 0) => {
      const made = await oneByOne(n, (j) => {
        const i = from + j;
        return createWithdrawal(kit, { content: sortableValue(token, i), withdrawalDate: `2024-02-${10 + i}` });
      });
      return made.map((m) => m.record);
    },
  };
}

if (ops.inScope('withdrawal')) test.describe('withdrawals', () => {
  test(
    'should create, read, replace and delete a withdrawal',
    { tag: ['@withdrawal', '@op:postWithdrawals', '@op:getWithdrawal', '@op:updateWithdrawals', '@op:deleteWithdrawals', '@rule:lifecycle'] },
    async ({ kit, catalogue, validators, config }) => {
      requireWrites(kit);
      const tag = 'lifecycle';
      const ctx = checkContext({ catalogue, validators, config });
      const made = await createWithdrawal(kit, {}, { intent: 'positive' });
      expectRule(kit.api, RULE.answers, { ...answerOf(made.exchange), want: [201] }, { exchange: made.exchange, tag });
      expectConforms(kit, ctx, made.exchange);
      const withdrawal_id = made.id;
      const read = await step(kit, 'getWithdrawal', { path: { withdrawal_id } }, { want: [200], conform: ctx });
      expectRule(kit.api, RULE.readsBack, { sent: made.input, got: single(read), ignore: NOT_ECHOED }, { exchange: read });
      const change = withdrawalInput(kit, { createdByAdmin: false });
      // PUT answers 201, the status the spec declares for it.
      await step(kit, 'updateWithdrawals', { path: { withdrawal_id }, body: change }, { want: [201], conform: ctx });
      const again = await kit.api.call('getWithdrawal', { path: { withdrawal_id } });
      expectRule(kit.api, RULE.readsBack, { sent: change, got: single(again), ignore: NOT_ECHOED }, { exchange: again });
      const del = await step(kit, 'deleteWithdrawals', { path: { withdrawal_id } }, { want: [200], conform: ctx });
      await wrongRequest(kit, 'getWithdrawal', { path: { withdrawal_id }, intent: 'positive' }, gone(tag, [del]));
    },
  );

  test(
    'should refuse a wrongly typed body and an id beyond 2^63 with 400 as declared',
    { tag: ['@withdrawal', '@op:updateWithdrawals', '@op:getWithdrawal', '@rule:error-status'] },
    async ({ kit, catalogue, validators, config }) => {
      requireWrites(kit);
      const tag = 'error-status';
      const ctx = checkContext({ catalogue, validators, config });
      const own = await createWithdrawal(kit);
      const bad = await kit.api.call('updateWithdrawals', { path: { withdrawal_id: own.id }, body: { ...withdrawalInput(kit), createdByAdmin: 'yes' }, intent: 'negative', label: 'createdByAdmin as a string' });
      expectRule(kit.api, RULE.answers, { ...answerOf(bad), want: [400] }, { exchange: bad, tag });
      expectConforms(kit, ctx, bad);
      const after = await kit.api.call('getWithdrawal', { path: { withdrawal_id: own.id } });
      expectRule(kit.api, RULE.refusedWriteHarmless, { sent: own.input, got: single(after), ignore: NOT_ECHOED }, { exchange: after, tag });
      const huge = await kit.api.call('getWithdrawal', { path: { withdrawal_id: '99999999999999999999' }, intent: 'negative', label: 'id beyond 2^63' });
      expectRefused(kit, huge, { want: 400, wrong: 'invalid', mode: 'declared', body: false, tag });
      expectConforms(kit, ctx, huge);
    },
  );

  listParameterTests({ group: 'withdrawal', op: ops.get('getWithdrawals'), what: 'withdrawals', subject: withdrawals, writesOnly: true, tags: ['@op:postWithdrawals'] });
});
