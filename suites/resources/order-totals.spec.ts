// Order totals (`/orders/{order_id}/totals/{total_id}`; the vendor file's GET used `{totals_id}`,
// see spec/ERRATA.md): add, read, update, delete; ownership; and consistency with the order.
//
// Totals and items: what is asserted, and why. The spec ties totals to the order, not to the item
// prices: ShopOrderTotal is a stored line (title, value, valueText, class, sortOrder) that the
// client writes, and nothing declares a total as computed from items (no description, no readOnly
// value, no rule in the facts). So the suite does NOT assert sums such as "ot_total = sub-total +
// shipping" or "sub-total = Σ finalPrice": a shop that stores totals as given conforms. What the
// spec does tie together is the order and its parts: GET /orders/{id} answers `items` and
// `totals`, and the same records have their own paths. The suite asserts that both ways answer
// the same records, and that a total or item added, changed or deleted through its own path shows
// in the order (@rule:order-totals-consistent).
import { specOperations } from '../../fixtures/spec-ops.js';
import { test, requireWrites } from '../../fixtures/factories/index.js';
import { createOrder, createOrderItem, createOrderTotal, orderRefs, orderTotalInput, readOrder } from '../../fixtures/factories/orders.js';
import { expectHeld, expectStatus } from '../../fixtures/evidence.js';
import { checkContext, expectConforms, expectGone, expectSameRecords, listOf, notCovered } from '../../fixtures/order-rules.js';
import type { FactoryKit, Json } from '../../fixtures/factories/base.js';
import type { Exchange } from '../../src/core/exchange.js';

const ops = await specOperations();

function expectHolds(kit: FactoryKit, rule: string, sent: Json, got: unknown, ex: Exchange, title: string): void {
  const problems = notCovered(sent, got);
  expectHeld(!problems.length, kit.api, { rule, title, message: problems.join('\n  '), exchange: ex });
}

const single = (ex: Exchange): unknown => (Array.isArray(ex.response.json) ? ex.response.json[0] : ex.response.json);

/** The order's own items and totals and its two part lists, read now. */
async function snapshot(kit: FactoryKit, orderId: number, rule: string) {
  const full = await readOrder(kit, orderId, rule);
  const itemsEx = await kit.api.call('getOrderItems', { path: { order_id: orderId } });
  const totalsEx = await kit.api.call('getOrderTotals', { path: { order_id: orderId } });
  return {
    order: { ex: full.exchange, items: (full.order.items as Json[] | undefined) ?? [], totals: (full.order.totals as Json[] | undefined) ?? [] },
    items: { ex: itemsEx, records: listOf(kit, rule, itemsEx, 'GET /orders/{id}/items') },
    totals: { ex: totalsEx, records: listOf(kit, rule, totalsEx, 'GET /orders/{id}/totals') },
  };
}

function expectConsistent(kit: FactoryKit, rule: string, s: Awaited<ReturnType<typeof snapshot>>, when: string): void {
  expectSameRecords(kit, rule, { ex: s.order.ex, records: s.order.totals }, { ex: s.totals.ex, records: s.totals.records }, `GET /orders/{id}/totals should answer the totals the order holds (${when})`);
  expectSameRecords(kit, rule, { ex: s.order.ex, records: s.order.items }, { ex: s.items.ex, records: s.items.records }, `GET /orders/{id}/items should answer the items the order holds (${when})`);
}

if (ops.inScope('orders')) test.describe('order totals', () => {
  test(
    'should add, read, update and delete a total of its own order',
    { tag: ['@orders', '@op:createOrderTotal', '@op:getOrderTotal', '@op:getOrderTotals', '@op:updateOrderTotal', '@op:deleteOrderTotals', '@rule:lifecycle'] },
    async ({ kit, catalogue, validators, config }) => {
      requireWrites(kit);
      const rule = 'lifecycle';
      const ctx = checkContext({ catalogue, validators, config });
      const order = await createOrder(kit);
      const order_id = order.id;
      const total = await createOrderTotal(kit, order_id, {}, { intent: 'positive' });
      expectConforms(kit, ctx, total.exchange);
      const total_id = total.id;
      const read = await kit.api.call('getOrderTotal', { path: { order_id, total_id } });
      expectStatus(kit.api, rule, read, 200, 'GET /orders/{id}/totals/{total} should read the new total');
      expectConforms(kit, ctx, read);
      expectHolds(kit, rule, total.input, single(read), read, 'the new total should read back as sent');
      const change = orderTotalInput(kit, { value: 42, valueText: '42,00 EUR' });
      const put = await kit.api.call('updateOrderTotal', { path: { order_id, total_id }, body: change });
      expectStatus(kit.api, rule, put, 200, 'PUT /orders/{id}/totals/{total} should answer 200');
      expectConforms(kit, ctx, put);
      const again = await kit.api.call('getOrderTotal', { path: { order_id, total_id } });
      expectHolds(kit, rule, change, single(again), again, 'the updated total should read back as sent');
      const del = await kit.api.call('deleteOrderTotals', { path: { order_id, total_id } });
      expectStatus(kit.api, rule, del, 200, 'DELETE /orders/{id}/totals/{total} should answer 200');
      expectConforms(kit, ctx, del);
      expectGone(kit, rule, await kit.api.call('getOrderTotal', { path: { order_id, total_id } }), 'the deleted total', [del]);
      expectGone(kit, rule, await kit.api.call('deleteOrderTotals', { path: { order_id, total_id }, intent: 'negative' }), 'a second DELETE of the total', [del]);
    },
  );

  test(
    'should hold the same items and totals whether read with the order or through their own paths',
    { tag: ['@orders', '@op:getOrders', '@op:getOrderTotals', '@op:getOrderItems', '@op:createOrderTotal', '@op:createOrderItem', '@op:updateOrderTotal', '@op:deleteOrderTotals', '@rule:order-totals-consistent'] },
    async ({ kit }) => {
      requireWrites(kit);
      const rule = 'order-totals-consistent';
      const order = await createOrder(kit);
      const order_id = order.id;
      const first = await snapshot(kit, order_id, rule);
      expectHeld(first.order.totals.length === (order.input.totals as Json[]).length, kit.api, {
        rule,
        title: 'the order should hold the totals it was created with',
        message: `sent ${(order.input.totals as Json[]).length}, the order holds ${first.order.totals.length}`,
        exchange: first.order.ex,
      });
      expectConsistent(kit, rule, first, 'as created');
      const total = await createOrderTotal(kit, order_id);
      await createOrderItem(kit, order_id);
      const added = await snapshot(kit, order_id, rule);
      expectHeld(added.order.totals.some((t) => String(t.id) === String(total.id)), kit.api, { rule, title: 'a total added through /totals should show in the order', message: `total ${total.id} not among the order's totals`, exchange: added.order.ex });
      expectConsistent(kit, rule, added, 'after adding a total and an item');
      await kit.api.call('updateOrderTotal', { path: { order_id, total_id: total.id }, body: orderTotalInput(kit, { value: 7 }) });
      expectConsistent(kit, rule, await snapshot(kit, order_id, rule), 'after changing the total');
      await kit.api.call('deleteOrderTotals', { path: { order_id, total_id: total.id } });
      const removed = await snapshot(kit, order_id, rule);
      expectHeld(!removed.order.totals.some((t) => String(t.id) === String(total.id)), kit.api, { rule, title: 'a total deleted through /totals should leave the order', message: `total ${total.id} is still among the order's totals`, exchange: removed.order.ex });
      expectConsistent(kit, rule, removed, 'after deleting the total');
    },
  );

  test(
    'should not find a total under another order',
    { tag: ['@orders', '@op:getOrderTotal', '@op:updateOrderTotal', '@op:deleteOrderTotals', '@rule:order-part-ownership'] },
    async ({ kit }) => {
      requireWrites(kit);
      const rule = 'order-part-ownership';
      const refs = await orderRefs(kit);
      const a = await createOrder(kit, {}, { refs });
      const b = await createOrder(kit, {}, { refs });
      const total = await createOrderTotal(kit, a.id);
      const wrong = { order_id: b.id, total_id: total.id };
      expectGone(kit, rule, await kit.api.call('getOrderTotal', { path: wrong }), `total ${total.id} of order ${a.id} read under order ${b.id}`);
      const put = await kit.api.call('updateOrderTotal', { path: wrong, body: orderTotalInput(kit), intent: 'negative' });
      expectGone(kit, rule, put, `total ${total.id} of order ${a.id} replaced under order ${b.id}`);
      const del = await kit.api.call('deleteOrderTotals', { path: wrong, intent: 'negative' });
      expectGone(kit, rule, del, `total ${total.id} of order ${a.id} deleted under order ${b.id}`);
      const still = await kit.api.call('getOrderTotal', { path: { order_id: a.id, total_id: total.id } });
      expectStatus(kit.api, rule, still, 200, 'the total should still be there under its own order after the refused PUT and DELETE', [put, del]);
      expectHolds(kit, rule, total.input, single(still), still, 'the refused PUT under another order should not have changed the total');
    },
  );
});
