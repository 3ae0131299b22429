// Status changes and the status history of an order: PATCH /orders/{id}/status changes the
// order's status and adds exactly one history entry (facts), visible the same way through
// /orders/{id}/history, /orders/{id}/history/{history_id} and /orders_history/{order_id}; an
// unknown status id is refused with the declared 400 and changes nothing; a history entry is
// found only under its own order.
import { specOperations } from '../../fixtures/spec-ops.js';
import { test, requireWrites } from '../../fixtures/factories/index.js';
import { createOrder, orderStatusIds, readOrder } from '../../fixtures/factories/orders.js';
import { twoOrders } from './support/order-parts.js';
import { expectRule } from '../../fixtures/evidence.js';
import { skipBecause } from '../../fixtures/outcome.js';
import { checkContext, expectConforms, gone, listedIn, listStep, step, wrongRequest } from '../../fixtures/requests.js';
import type { FactoryKit, Json } from '../../fixtures/factories/base.js';
import { RULE } from '../../src/checks/rules/registry.js';

const ops = await specOperations();

async function history(kit: FactoryKit, tag: string, orderId: number) {
  const { exchange: ex, items: records } = await listStep(kit, 'getOrderHistories', { path: { order_id: orderId } }, tag);
  return { ex, records };
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
      const tag = 'order-status-history';
      const ctx = checkContext({ catalogue, validators, config });
      const [from, to] = (await orderStatusIds(kit)) as [number, number];
      const order = await createOrder(kit, { statusId: from });
      const order_id = order.id;
      const before = await history(kit, tag, order_id);
      const comment = `qa-${kit.runId}-status-${kit.n()}`;
      const patch = await step(kit, 'updateOrderStatus', { path: { order_id }, body: { statusId: to, comment, customerNotified: false } }, { tag, want: [200], conform: ctx });
      expectRule(kit.api, RULE.statusChangeAnswers, { asked: to, answered: patch.response.json }, { exchange: patch });

      const { order: now, exchange: read } = await readOrder(kit, order_id, tag);
      expectRule(kit.api, RULE.statusStored, { want: to, got: now.statusId }, { exchange: read, related: [patch] });

      const after = await history(kit, tag, order_id);
      expectConforms(kit, ctx, after.ex);
      const known = new Set(before.records.map((h) => String(h.id)));
      const added = after.records.filter((h) => !known.has(String(h.id)));
      expectRule(kit.api, RULE.statusHistory, { before: before.records.length, after: after.records.length, added: added.length, changes: 1 }, { exchange: after.ex, related: [before.ex, patch] });
      const entry = added[0] as Json;
      expectRule(kit.api, RULE.readsBack, { sent: { statusId: to, comment, customerNotified: false }, got: entry }, { exchange: after.ex, tag });
      const one = await step(kit, 'getOrderHistory', { path: { order_id, history_id: Number(entry.id) } }, { tag, want: [200], conform: ctx });
      const other = 'GET /orders/{id}/history';
      expectRule(kit.api, RULE.sameRecords, { first: [entry], second: [one.response.json], other }, { exchange: one, tag });
      const alias = await kit.api.call('getOrdersHistory', { path: { order_id } });
      expectConforms(kit, ctx, alias);
      expectRule(kit.api, RULE.sameRecords, { first: after.records, second: listedIn(kit, alias, 'path-aliases'), other }, { exchange: alias, related: [after.ex] });
      const full = (now.statusHistory as Json[] | undefined) ?? [];
      expectRule(kit.api, RULE.sameRecords, { first: after.records, second: full, other }, { exchange: read, related: [after.ex], tag });
    },
  );

  if (ops.inScope('orders')) test(
    'should refuse an unknown status id with 400 and change nothing',
    { tag: ['@orders', '@op:updateOrderStatus', '@op:getOrderStatuses', '@rule:error-status'] },
    async ({ kit, catalogue, validators, config }) => {
      requireWrites(kit);
      const tag = 'error-status';
      const ctx = checkContext({ catalogue, validators, config });
      const statuses = await orderStatusIds(kit);
      const unknown = Math.max(...statuses) + 1000;
      const order = await createOrder(kit);
      const order_id = order.id;
      const before = await history(kit, tag, order_id);
      const patch = await kit.api.call('updateOrderStatus', { path: { order_id }, body: { statusId: unknown, comment: '', customerNotified: false }, intent: 'negative', label: `unknown statusId ${unknown}` });
      expectRule(kit.api, RULE.answers, { status: patch.response.status, transportError: patch.response.transportError, want: [400] }, { exchange: patch, tag });
      expectConforms(kit, ctx, patch);
      const { order: now, exchange: read } = await readOrder(kit, order_id, tag);
      expectRule(kit.api, RULE.statusStored, { want: order.input.statusId, got: now.statusId, refused: true }, { exchange: read, related: [patch], tag });
      const after = await history(kit, tag, order_id);
      expectRule(kit.api, RULE.statusHistory, { before: before.records.length, after: after.records.length, added: after.records.filter((h) => !before.records.some((b) => String(b.id) === String(h.id))).length, changes: 0 }, { exchange: after.ex, related: [patch], tag });
    },
  );

  if (ops.inScope('orders')) test(
    'should not find a history entry under another order',
    { tag: ['@orders', '@op:getOrderHistory', '@rule:order-part-ownership'] },
    async ({ kit }) => {
      requireWrites(kit);
      const tag = 'order-part-ownership';
      const [a, b] = await twoOrders(kit);
      const { ex, records } = await history(kit, tag, a.id);
      // The order made for the test is the precondition: its create answers for it.
      expectRule(kit.api, RULE.orderParts, { part: 'history entries', held: records, count: 'some' }, { exchange: a.exchange, related: [ex], tag });
      const [entry] = records as [Json];
      await wrongRequest(kit, 'getOrderHistory', { path: { order_id: b.id, history_id: Number(entry.id) }, intent: 'positive' }, gone(tag));
    },
  );

  if (ops.inScope('orders', 'orders_history')) test(
    'should answer the same history under /orders/{id}/history and /orders_history/{id} for an existing order',
    { tag: ['@orders', '@orders_history', '@op:getOrderHistories', '@op:getOrdersHistory', '@rule:path-aliases', '@readonly'] },
    async ({ kit }) => {
      const tag = 'path-aliases';
      // An order with history shows more than two empty lists: take the first of a few that has some.
      const { items: listed } = await listStep(kit, 'getOrdersMultiple', { query: { page: 1, per_page: 5 } }, tag);
      let found: { order_id: number; current: Awaited<ReturnType<typeof history>> } | undefined;
      for (const r of listed) {
        const current = await history(kit, tag, Number(r.id));
        if (current.records.length) {
          found = { order_id: Number(r.id), current };
          break;
        }
      }
      if (!found) skipBecause(`none of the first ${listed.length} orders has a status history to compare`);
      const { order_id, current } = found;
      const alias = await listStep(kit, 'getOrdersHistory', { path: { order_id } }, tag);
      expectRule(kit.api, RULE.sameRecords, { first: current.records, second: alias.items, other: 'GET /orders/{id}/history' }, { exchange: alias.exchange, related: [current.ex] });
    },
  );
});
