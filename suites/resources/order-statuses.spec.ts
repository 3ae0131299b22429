// Order statuses: create (201), read, replace, which answers 201 as the spec declares (odd, but
// the vendor's contract: spec/ERRATA.md keeps status codes exactly as declared), and delete, which
// succeeds also when the status is already gone (x-idempotent-delete; facts) and echoes the id.
// The idempotent delete is shown by deleting the test's OWN status twice, never a guessed id.
import { specOperations } from '../../fixtures/spec-ops.js';
import { test, requireWrites } from '../../fixtures/factories/index.js';
import { createOrderStatus, orderStatusInput } from '../../fixtures/factories/orders.js';
import { expectNamesRecord, expectHeld, expectStatus } from '../../fixtures/evidence.js';
import { checkContext, expectConforms, expectGone, notCovered } from '../../fixtures/order-rules.js';
import { isObj } from '../../src/core/json.js';
import type { FactoryKit, Json } from '../../fixtures/factories/base.js';
import type { Exchange } from '../../src/core/exchange.js';

const ops = await specOperations();

function expectHolds(kit: FactoryKit, rule: string, sent: Json, ex: Exchange, title: string): void {
  const problems = notCovered(sent, ex.response.json);
  expectHeld(!problems.length, kit.api, { rule, title, message: problems.join('\n  '), exchange: ex });
}

/** The answer declares orderStatusId but does not require it: absent is an advisory, another id fails. */
function expectEchoesId(kit: FactoryKit, rule: string, ex: Exchange, id: number, what: string): void {
  const body = ex.response.json;
  const echoed = isObj(body) ? body.orderStatusId : undefined;
  expectNamesRecord(kit.api, rule, ex, { field: 'orderStatusId', value: echoed, matches: Number(echoed) === id, title: `${what} should answer the deleted id` });
}

if (ops.inScope('order_statuses')) test.describe('order statuses', () => {
  test(
    'should create, read, replace (answering 201 as declared) and delete an order status',
    { tag: ['@order_statuses', '@op:createOrderStatuses', '@op:getOrderStatus', '@op:updateOrderStatuses', '@op:deleteOrderStatuses', '@rule:lifecycle'] },
    async ({ kit, catalogue, validators, config }) => {
      requireWrites(kit);
      const rule = 'lifecycle';
      const ctx = checkContext({ catalogue, validators, config });
      const input = orderStatusInput(kit);
      const made = await kit.create('createOrderStatuses', { body: input, what: 'an order status', intent: 'positive' });
      expectStatus(kit.api, rule, made.exchange, 201, 'POST /order_statuses should answer 201 as declared');
      expectConforms(kit, ctx, made.exchange);
      const order_status_id = made.id;
      const read = await kit.api.call('getOrderStatus', { path: { order_status_id } });
      expectStatus(kit.api, rule, read, 200, 'GET /order_statuses/{id} should read the new status');
      expectConforms(kit, ctx, read);
      expectHolds(kit, rule, input, read, 'the new order status should read back as sent');
      const change = orderStatusInput(kit);
      const put = await kit.api.call('updateOrderStatuses', { path: { order_status_id }, body: change });
      expectStatus(kit.api, rule, put, 201, 'PUT /order_statuses/{id} should answer 201, the status the spec declares for it');
      expectConforms(kit, ctx, put);
      expectHolds(kit, rule, change, await kit.api.call('getOrderStatus', { path: { order_status_id } }), 'the replaced order status should read back as sent');
      const del = await kit.api.call('deleteOrderStatuses', { path: { order_status_id } });
      expectStatus(kit.api, rule, del, 200, 'DELETE /order_statuses/{id} should answer 200');
      expectConforms(kit, ctx, del);
      expectEchoesId(kit, rule, del, order_status_id, 'DELETE /order_statuses/{id}');
      expectGone(kit, rule, await kit.api.call('getOrderStatus', { path: { order_status_id } }), 'the deleted order status', [del]);
    },
  );

  test(
    'should answer success with the id when deleting its own order status a second time',
    { tag: ['@order_statuses', '@op:deleteOrderStatuses', '@rule:idempotent-delete'] },
    async ({ kit, catalogue, validators, config }) => {
      requireWrites(kit);
      const rule = 'idempotent-delete';
      const ctx = checkContext({ catalogue, validators, config });
      const own = await createOrderStatus(kit);
      const order_status_id = own.id;
      const first = await kit.api.call('deleteOrderStatuses', { path: { order_status_id } });
      expectStatus(kit.api, rule, first, 200, 'the first DELETE of the own order status should answer 200');
      const second = await kit.api.call('deleteOrderStatuses', { path: { order_status_id }, label: 'second delete of the same own record' });
      expectStatus(kit.api, rule, second, 200, 'a second DELETE of the same order status should succeed as well (x-idempotent-delete)', [first]);
      expectConforms(kit, ctx, second);
      expectEchoesId(kit, rule, second, order_status_id, 'the second DELETE');
    },
  );
});
