// Order statuses: create (201), read, replace, which answers 201 as the spec declares (odd, but
// the vendor's contract: spec/ERRATA.md keeps status codes exactly as declared), and delete, which
// succeeds also when the status is already gone (x-idempotent-delete; facts) and echoes the id.
// The idempotent delete is shown by deleting the test's OWN status twice, never a guessed id.
import { specOperations } from '../../fixtures/spec-ops.js';
import { test, requireWrites } from '../../fixtures/factories/index.js';
import { createOrderStatus, orderStatusInput } from '../../fixtures/factories/orders.js';
import { expectRule } from '../../fixtures/evidence.js';
import { answerOf, checkContext, expectConforms, gone, step, wrongRequest } from '../../fixtures/requests.js';
import type { FactoryKit } from '../../fixtures/factories/base.js';
import { RULE } from '../../src/checks/rules/registry.js';
import type { Exchange } from '../../src/core/exchange.js';
import { isObj } from '../../src/core/json.js';

const ops = await specOperations();

/** The answer declares orderStatusId but does not require it: absent is an advisory, another id fails. */
function expectEchoesId(kit: FactoryKit, tag: string, ex: Exchange, id: number): void {
  const body = ex.response.json;
  const echoed = isObj(body) ? body.orderStatusId : undefined;
  expectRule(kit.api, RULE.namesRecord, { field: 'orderStatusId', value: echoed, matches: Number(echoed) === id, body }, { exchange: ex, tag });
}

if (ops.inScope('order_statuses')) test.describe('order statuses', () => {
  test(
    'should create, read, replace (answering 201 as declared) and delete an order status',
    { tag: ['@order_statuses', '@op:createOrderStatuses', '@op:getOrderStatus', '@op:updateOrderStatuses', '@op:deleteOrderStatuses', '@rule:lifecycle'] },
    async ({ kit, catalogue, validators, config }) => {
      requireWrites(kit);
      const tag = 'lifecycle';
      const ctx = checkContext({ catalogue, validators, config });
      const input = orderStatusInput(kit);
      const made = await kit.create('createOrderStatuses', { body: input, intent: 'positive' });
      expectRule(kit.api, RULE.answers, { ...answerOf(made.exchange), want: [201] }, { exchange: made.exchange, tag });
      expectConforms(kit, ctx, made.exchange);
      const order_status_id = made.id;
      const read = await step(kit, 'getOrderStatus', { path: { order_status_id } }, { want: [200], conform: ctx });
      expectRule(kit.api, RULE.readsBack, { sent: input, got: read.response.json }, { exchange: read });
      const change = orderStatusInput(kit);
      // PUT answers 201, the status the spec declares for it.
      await step(kit, 'updateOrderStatuses', { path: { order_status_id }, body: change }, { want: [201], conform: ctx });
      const again = await kit.api.call('getOrderStatus', { path: { order_status_id } });
      expectRule(kit.api, RULE.readsBack, { sent: change, got: again.response.json }, { exchange: again });
      const del = await step(kit, 'deleteOrderStatuses', { path: { order_status_id } }, { want: [200], conform: ctx });
      expectEchoesId(kit, tag, del, order_status_id);
      await wrongRequest(kit, 'getOrderStatus', { path: { order_status_id }, intent: 'positive' }, gone(tag, [del]));
    },
  );

  test(
    'should answer success with the id when deleting its own order status a second time',
    { tag: ['@order_statuses', '@op:deleteOrderStatuses', '@rule:idempotent-delete'] },
    async ({ kit, catalogue, validators, config }) => {
      requireWrites(kit);
      const tag = 'idempotent-delete';
      const ctx = checkContext({ catalogue, validators, config });
      const own = await createOrderStatus(kit);
      const order_status_id = own.id;
      const first = await step(kit, 'deleteOrderStatuses', { path: { order_status_id } }, { tag, want: [200] });
      const second = await kit.api.call('deleteOrderStatuses', { path: { order_status_id }, label: 'second delete of the same own record' });
      expectRule(kit.api, RULE.deleteAgain, { ...answerOf(second), time: 2 }, { exchange: second, related: [first] });
      expectConforms(kit, ctx, second);
      expectEchoesId(kit, tag, second, order_status_id);
    },
  );
});
