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
import { createOrder, createOrderItem, createOrderTotal, orderTotalInput, readOrder } from '../../fixtures/factories/orders.js';
import { expectRule } from '../../fixtures/evidence.js';
import { single } from '../../fixtures/order-rules.js';
import { gone, listStep, step, wrongRequest } from '../../fixtures/requests.js';
import { orderPartLifecycle, twoOrders } from './support/order-parts.js';
import type { FactoryKit, Json } from '../../fixtures/factories/base.js';
import { RULE } from '../../src/checks/rules/registry.js';

const ops = await specOperations();

/** The order's own items and totals and its two part lists, read now. */
async function snapshot(kit: FactoryKit, orderId: number, tag: string) {
  const full = await readOrder(kit, orderId, tag);
  return {
    order: { ex: full.exchange, items: (full.order.items as Json[] | undefined) ?? [], totals: (full.order.totals as Json[] | undefined) ?? [] },
    items: await listStep(kit, 'getOrderItems', { path: { order_id: orderId } }, tag),
    totals: await listStep(kit, 'getOrderTotals', { path: { order_id: orderId } }, tag),
  };
}

/** The totals and items the order holds are those its own paths answer. */
function expectConsistent(kit: FactoryKit, tag: string, s: Awaited<ReturnType<typeof snapshot>>): void {
  const other = 'GET /orders/{id}';
  expectRule(kit.api, RULE.sameRecords, { first: s.order.totals, second: s.totals.items, other }, { exchange: s.totals.exchange, related: [s.order.ex], tag });
  expectRule(kit.api, RULE.sameRecords, { first: s.order.items, second: s.items.items, other }, { exchange: s.items.exchange, related: [s.order.ex], tag });
}

if (ops.inScope('orders')) test.describe('order totals', () => {
  test(
    'should add, read, update and delete a total of its own order',
    { tag: ['@orders', '@op:createOrderTotal', '@op:getOrderTotal', '@op:getOrderTotals', '@op:updateOrderTotal', '@op:deleteOrderTotals', '@rule:lifecycle'] },
    ({ kit, catalogue, validators, config }) =>
      orderPartLifecycle(kit, { catalogue, validators, config }, (order_id) => ({
        parent: { order_id },
        idParam: 'total_id',
        ops: { read: 'getOrderTotal', update: 'updateOrderTotal', remove: 'deleteOrderTotals' },
        create: () => createOrderTotal(kit, order_id, {}, { intent: 'positive' }),
        change: () => orderTotalInput(kit, { value: 42, valueText: '42,00 EUR' }),
      })),
  );

  test(
    'should hold the same items and totals whether read with the order or through their own paths',
    { tag: ['@orders', '@op:getOrders', '@op:getOrderTotals', '@op:getOrderItems', '@op:createOrderTotal', '@op:createOrderItem', '@op:updateOrderTotal', '@op:deleteOrderTotals', '@rule:order-totals-consistent'] },
    async ({ kit }) => {
      requireWrites(kit);
      const tag = 'order-totals-consistent';
      const order = await createOrder(kit);
      const order_id = order.id;
      const first = await snapshot(kit, order_id, tag);
      expectRule(kit.api, RULE.orderParts, { part: 'totals', held: first.order.totals, count: (order.input.totals as Json[]).length }, { exchange: first.order.ex, tag });
      expectConsistent(kit, tag, first);
      const total = await createOrderTotal(kit, order_id);
      await createOrderItem(kit, order_id);
      const added = await snapshot(kit, order_id, tag);
      expectRule(kit.api, RULE.orderParts, { part: 'totals', held: added.order.totals, present: [String(total.id)] }, { exchange: added.order.ex, tag });
      expectConsistent(kit, tag, added);
      await kit.api.call('updateOrderTotal', { path: { order_id, total_id: total.id }, body: orderTotalInput(kit, { value: 7 }) });
      expectConsistent(kit, tag, await snapshot(kit, order_id, tag));
      await kit.api.call('deleteOrderTotals', { path: { order_id, total_id: total.id } });
      const removed = await snapshot(kit, order_id, tag);
      expectRule(kit.api, RULE.orderParts, { part: 'totals', held: removed.order.totals, absent: [String(total.id)] }, { exchange: removed.order.ex, tag });
      expectConsistent(kit, tag, removed);
    },
  );

  test(
    'should not find a total under another order',
    { tag: ['@orders', '@op:getOrderTotal', '@op:updateOrderTotal', '@op:deleteOrderTotals', '@rule:order-part-ownership'] },
    async ({ kit }) => {
      requireWrites(kit);
      const tag = 'order-part-ownership';
      const [a, b] = await twoOrders(kit);
      const total = await createOrderTotal(kit, a.id);
      const wrong = { order_id: b.id, total_id: total.id };
      await wrongRequest(kit, 'getOrderTotal', { path: wrong, intent: 'positive' }, gone(tag));
      const put = await wrongRequest(kit, 'updateOrderTotal', { path: wrong, body: orderTotalInput(kit) }, gone(tag));
      const del = await wrongRequest(kit, 'deleteOrderTotals', { path: wrong }, gone(tag));
      const still = await step(kit, 'getOrderTotal', { path: { order_id: a.id, total_id: total.id } }, { tag, want: [200], related: [put, del] });
      expectRule(kit.api, RULE.refusedWriteHarmless, { sent: total.input, got: single(still) }, { exchange: still, tag });
    },
  );
});
