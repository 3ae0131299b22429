// Status changes and the status history of an order: PATCH /orders/{id}/status changes the
// order's status and adds exactly one history entry (facts), visible the same way through
// /orders/{id}/history, /orders/{id}/history/{history_id} and /orders_history/{order_id}; an
// unknown status id is refused with the declared 400 and changes nothing; a history entry is
// found only under its own order.
import { specOperations } from '../../fixtures/spec-ops.js';
import { test, requireWrites } from '../../fixtures/factories/index.js';
import { createOrder, orderRefs, orderStatusIds, readOrder } from '../../fixtures/factories/orders.js';
import { expectHeld, expectStatus, show } from '../../fixtures/evidence.js';
import { checkContext, expectConforms, expectGone, expectSameRecords, listOf, skipBecause } from '../../fixtures/order-rules.js';
import type { FactoryKit, Json } from '../../fixtures/factories/base.js';

const ops = await specOperations();

async function history(kit: FactoryKit, rule: string, orderId: number) {
  const ex = await kit.api.call('getOrderHistories', { path: { order_id: orderId } });
  return { ex, records: listOf(kit, rule, ex, `GET /orders/${orderId}/history`) };
}

// Scoped per test: the history tests also touch orders_history (ONLY_GROUPS / SKIP_GROUPS, src/config/scope.ts).
test.describe('order status and history', () => {
  if (ops.inScope('orders', 'orders_history')) test(
    'should change the status and add exactly one history entry, visible under every history path',
    {
      tag: ['@orders', '@orders_history', '@op:updateOrderStatus', '@op:getOrderHistories', '@op:getOrderHistory', '@op:getOrdersHistory', '@op:getOrders', '@rule:order-status-history', '@rule:path-aliases'],
    },
    async ({ kit, catalogue, validators, config }) => {
      requireWrites(kit);
      const rule = 'order-status-history';
      const ctx = checkContext({ catalogue, validators, config });
      const [from, to] = (await orderStatusIds(kit)) as [number, number];
      const order = await createOrder(kit, { statusId: from });
      const order_id = order.id;
      const before = await history(kit, rule, order_id);
      const comment = `qa-${kit.runId}-status-${kit.n()}`;
      const patch = await kit.api.call('updateOrderStatus', { path: { order_id }, body: { statusId: to, comment, customerNotified: false } });
      expectStatus(kit.api, rule, patch, 200, 'PATCH /orders/{id}/status should answer 200');
      expectConforms(kit, ctx, patch);
      const answered = patch.response.json as Json | undefined;
      expectHeld(Number(answered?.id) === to, kit.api, { rule, title: 'the status PATCH should answer the new order status', message: `answered ${show(answered)}, asked for status ${to}`, exchange: patch });

      const { order: now, exchange: read } = await readOrder(kit, order_id, rule);
      expectHeld(now.statusId === to, kit.api, { rule, title: 'the order should have the new status after the PATCH', message: `statusId is ${show(now.statusId)}, expected ${to}`, exchange: read, related: [patch] });

      const after = await history(kit, rule, order_id);
      expectConforms(kit, ctx, after.ex);
      const known = new Set(before.records.map((h) => String(h.id)));
      const added = after.records.filter((h) => !known.has(String(h.id)));
      expectHeld(added.length === 1 && after.records.length === before.records.length + 1, kit.api, {
        rule,
        title: 'the status PATCH should add exactly one history entry',
        message: `${before.records.length} entries before, ${after.records.length} after; new: ${show(added)}`,
        exchange: after.ex,
        related: [before.ex, patch],
      });
      const entry = added[0] as Json;
      expectHeld(entry.statusId === to && entry.comment === comment && entry.customerNotified === false, kit.api, {
        rule,
        title: 'the new history entry should record the status, comment and notification sent',
        message: `entry ${show(entry)}; sent statusId ${to}, comment ${show(comment)}, customerNotified false`,
        exchange: after.ex,
      });
      const one = await kit.api.call('getOrderHistory', { path: { order_id, history_id: Number(entry.id) } });
      expectStatus(kit.api, rule, one, 200, 'GET /orders/{id}/history/{history_id} should read the new entry');
      expectConforms(kit, ctx, one);
      expectSameRecords(kit, rule, { ex: after.ex, records: [entry] }, { ex: one, records: [one.response.json as Json] }, 'the single read of the entry should equal the entry in the history list');
      const alias = await kit.api.call('getOrdersHistory', { path: { order_id } });
      expectConforms(kit, ctx, alias);
      expectSameRecords(kit, 'path-aliases', after, { ex: alias, records: listOf(kit, 'path-aliases', alias, `GET /orders_history/${order_id}`) }, 'GET /orders_history/{id} should answer the same history as GET /orders/{id}/history');
      const full = (now.statusHistory as Json[] | undefined) ?? [];
      expectSameRecords(kit, rule, after, { ex: read, records: full }, "the order's statusHistory should hold the same entries as GET /orders/{id}/history");
    },
  );

  if (ops.inScope('orders')) test(
    'should refuse an unknown status id with 400 and change nothing',
    { tag: ['@orders', '@op:updateOrderStatus', '@op:getOrderStatuses', '@rule:error-status'] },
    async ({ kit, catalogue, validators, config }) => {
      requireWrites(kit);
      const rule = 'error-status';
      const ctx = checkContext({ catalogue, validators, config });
      const statuses = await orderStatusIds(kit);
      const unknown = Math.max(...statuses) + 1000;
      const order = await createOrder(kit);
      const order_id = order.id;
      const before = await history(kit, rule, order_id);
      const patch = await kit.api.call('updateOrderStatus', { path: { order_id }, body: { statusId: unknown, comment: '', customerNotified: false }, intent: 'negative', label: `unknown statusId ${unknown}` });
      expectStatus(kit.api, rule, patch, 400, `PATCH /orders/{id}/status with status ${unknown}, which no order status has, should be refused with 400`);
      expectConforms(kit, ctx, patch);
      const { order: now, exchange: read } = await readOrder(kit, order_id, rule);
      expectHeld(now.statusId === order.input.statusId, kit.api, { rule, title: 'a refused status PATCH should leave the status as it was', message: `statusId ${show(now.statusId)}, was ${show(order.input.statusId)}`, exchange: read, related: [patch] });
      const after = await history(kit, rule, order_id);
      expectHeld(after.records.length === before.records.length, kit.api, { rule, title: 'a refused status PATCH should add no history entry', message: `${before.records.length} entries before, ${after.records.length} after`, exchange: after.ex, related: [patch] });
    },
  );

  if (ops.inScope('orders')) test(
    'should not find a history entry under another order',
    { tag: ['@orders', '@op:getOrderHistory', '@rule:order-part-ownership'] },
    async ({ kit }) => {
      requireWrites(kit);
      const rule = 'order-part-ownership';
      const refs = await orderRefs(kit);
      const a = await createOrder(kit, {}, { refs });
      const b = await createOrder(kit, {}, { refs });
      const [entry] = (await history(kit, rule, a.id)).records;
      expectHeld(entry !== undefined, kit.api, { rule, title: 'the order should have the history entry it was created with', message: 'no entry', exchange: a.exchange });
      expectGone(kit, rule, await kit.api.call('getOrderHistory', { path: { order_id: b.id, history_id: Number(entry.id) } }), `history entry ${String(entry.id)} of order ${a.id} read under order ${b.id}`);
    },
  );

  if (ops.inScope('orders', 'orders_history')) test(
    'should answer the same history under /orders/{id}/history and /orders_history/{id} for an existing order',
    { tag: ['@orders', '@orders_history', '@op:getOrderHistories', '@op:getOrdersHistory', '@rule:path-aliases', '@readonly'] },
    async ({ kit }) => {
      const rule = 'path-aliases';
      // An order with history shows more than two empty lists: take the first of a few that has some.
      const listed = listOf(kit, rule, await kit.api.call('getOrdersMultiple', { query: { page: 1, per_page: 5 } }), 'GET /orders?page=1&per_page=5');
      let found: { order_id: number; current: Awaited<ReturnType<typeof history>> } | undefined;
      for (const r of listed) {
        const current = await history(kit, rule, Number(r.id));
        if (current.records.length) {
          found = { order_id: Number(r.id), current };
          break;
        }
      }
      if (!found) skipBecause(`none of the first ${listed.length} orders has a status history to compare`);
      const { order_id, current } = found;
      const alias = await kit.api.call('getOrdersHistory', { path: { order_id } });
      expectSameRecords(kit, rule, current, { ex: alias, records: listOf(kit, rule, alias, `GET /orders_history/${order_id}`) }, 'GET /orders_history/{id} should answer the same history as GET /orders/{id}/history');
    },
  );
});
