// Orders: lifecycle, reduced list items, the delete cascade, search conditions and the list
// parameters of GET /orders.
//
// What is asserted, and why:
// - Lifecycle (@rule:lifecycle): an order created for a registree the test made reads back with
//   everything sent (items with their attributes, totals, history entries, addresses), and a PUT
//   (the whole order, with other items and totals) reads back as sent: PUT replaces the parts.
// - Reduced lists (@rule:order-list-reduced): facts: "A list of orders returns reduced records
//   (ShopOrderListItem); the full order comes from a single GET". List records match the list-item
//   schema, carry none of the fields only a full order has (taken from the two declared schemas),
//   and the fields both schemas share hold the full order's values.
// - Delete cascade (@rule:order-cascade-delete): facts: "Deleting an order removes its items,
//   attributes and totals". After the delete every part is gone, asked directly by its own path
//   and through the order's lists (a 404 for the missing order or an empty list).
// - Search (@rule:search): POST /orders/search with a condition on the comment finds the test's
//   own order and not its other one.
// - List parameters: the list rules (fixtures/list-tests.ts) on orders this test made, scoped by a
//   token in their comment so parallel tests do not disturb them.
// Missing records: where an operation declares no 404 the suites accept any 4xx (error-status, `gone`).
import { specOperations } from '../../fixtures/spec-ops.js';
import { oneByOne, test, requireWrites } from '../../fixtures/factories/index.js';
import type { FactoryKit } from '../../fixtures/factories/base.js';
import { createOrder, orderInput, orderItemInput, orderRefs, orderStatusIds, readOrder, tokenAddresses, type OrderRefs } from '../../fixtures/factories/orders.js';
import { totalsFor } from '../../src/spec/record-defaults.js';
import { expectRule } from '../../fixtures/evidence.js';
import { sortableValue, type DateSubject } from '../../fixtures/list-rules.js';
import { listParameterTests } from '../../fixtures/list-tests.js';
import { fullOrderOnlyFields, sharedOrderFields } from '../../fixtures/order-rules.js';
import { checkContext, expectConforms, gone, listedIn, listStep, shopsOwnRecords, step, wrongRequest } from '../../fixtures/requests.js';
import { skipBecause } from '../../fixtures/outcome.js';
import { RULE } from '../../src/checks/rules/registry.js';
import type { Exchange } from '../../src/core/exchange.js';
import type { Json } from '../../src/core/json.js';
import type { Catalogue } from '../../src/spec/types.js';

const ops = await specOperations();

/** Orders of this test only (their comments carry a token), for the list rules. */
function ordersList(kit: FactoryKit): DateSubject {
  const token = kit.token();
  let refs: Promise<OrderRefs> | undefined;
  const own = () => (refs ??= orderRefs(kit));
  return {
    op: 'getOrdersMultiple',
    scope: { search: token },
    sortKey: 'comment',
    secondSortKey: 'purchaseDate',
    fields: ['id', 'comment'],
    seed: async (n, from = 0) => {
      const r = await own();
      const made = await oneByOne(n, (j) => {
        const i = from + j;
        return createOrder(kit, { comment: sortableValue(token, i), purchaseDate: `2024-01-${10 + i} 10:00:00`, addresses: tokenAddresses(kit, r, token) }, { refs: r });
      });
      return made.map((m) => m.record);
    },
    update: async (rec) => {
      const r = await own();
      return kit.api.call('updateOrder', { path: { order_id: Number(rec.id) }, body: orderInput(kit, r, { comment: rec.comment, addresses: tokenAddresses(kit, r, token) }) });
    },
    remove: (rec) => kit.api.call('deleteOrders', { path: { order_id: Number(rec.id) } }),
  };
}

/** No list record carries a field only a full order has. */
function expectReduced(kit: FactoryKit, catalogue: Catalogue, records: readonly Json[], ex: Exchange): void {
  expectRule(kit.api, RULE.listItemsReduced, { records, fullOnly: fullOrderOnlyFields(catalogue) }, { exchange: ex });
}

if (ops.inScope('orders')) test.describe('orders', () => {
  test(
    'should create an order for its own customer, read it back complete, update it and read the update back',
    { tag: ['@orders', '@op:createOrder', '@op:getOrders', '@op:updateOrder', '@rule:lifecycle'] },
    async ({ kit, catalogue, validators, config }) => {
      requireWrites(kit);
      const ctx = checkContext({ catalogue, validators, config });
      const made = await createOrder(kit, {}, { intent: 'positive' });
      expectConforms(kit, ctx, made.exchange);
      const created = await readOrder(kit, made.id, 'lifecycle');
      expectConforms(kit, ctx, created.exchange);
      expectRule(kit.api, RULE.readsBack, { sent: made.input, got: created.order }, { exchange: created.exchange });

      const statuses = await orderStatusIds(kit);
      const items = [orderItemInput(kit)];
      // PUT replaces the whole order, its items and totals too.
      const update: Json = { ...made.input, comment: `${String(made.input.comment)}-updated`, statusId: statuses[1], items, totals: totalsFor(items, 7) };
      await step(kit, 'updateOrder', { path: { order_id: made.id }, body: update }, { want: [200], conform: ctx });
      const updated = await readOrder(kit, made.id, 'lifecycle');
      expectRule(kit.api, RULE.readsBack, { sent: update, got: updated.order }, { exchange: updated.exchange });
    },
  );

  test(
    'should list orders as reduced list items without the parts of a full order',
    { tag: ['@orders', '@op:getOrdersMultiple', '@op:getOrders', '@rule:order-list-reduced'] },
    async ({ kit, catalogue, validators, config }) => {
      requireWrites(kit);
      const rule = 'order-list-reduced';
      const ctx = checkContext({ catalogue, validators, config });
      const token = kit.token();
      const refs = await orderRefs(kit);
      const made = await createOrder(kit, { comment: `${token}-listed`, addresses: tokenAddresses(kit, refs, token) }, { refs });
      const ex = await kit.api.call('getOrdersMultiple', { query: { search: token } });
      expectConforms(kit, ctx, ex);
      const records = listedIn(kit, ex, rule);
      expectRule(kit.api, RULE.listsCreated, { made: [String(made.id)], listed: records.map((r) => String(r.id)) }, { exchange: ex, tag: rule });
      const mine = records.find((r) => String(r.id) === String(made.id)) as Json;
      expectReduced(kit, catalogue, records, ex);
      const full = await readOrder(kit, made.id, rule);
      expectRule(kit.api, RULE.listItemMatches, { item: mine, full: full.order, shared: sharedOrderFields(catalogue) }, { exchange: ex, related: [full.exchange] });
    },
  );

  test(
    'should answer existing orders as reduced list items',
    { tag: ['@orders', '@op:getOrdersMultiple', '@rule:order-list-reduced', '@readonly'] },
    async ({ kit, catalogue, validators, config }) => {
      const ctx = checkContext({ catalogue, validators, config });
      const { exchange: ex, items: records } = await listStep(kit, 'getOrdersMultiple', { query: { page: 1, per_page: 5 } }, 'order-list-reduced');
      // Existing orders are the target's own: this run's come and go while the list is read.
      if (!shopsOwnRecords(kit, records).length) skipBecause(`GET /orders lists no order of the target's own${records.length ? ` (only ${records.length} of this run, which other tests change)` : ''}`);
      expectConforms(kit, ctx, ex);
      expectReduced(kit, catalogue, records, ex);
    },
  );

  test(
    'should delete an order together with its items, item attributes and totals',
    { tag: ['@orders', '@op:deleteOrders', '@op:getOrders', '@op:getOrderItems', '@op:getOrderItem', '@op:getOrdersItemsAttributeProperty', '@op:getOrderTotals', '@op:getOrderTotal', '@rule:order-cascade-delete'] },
    async ({ kit, catalogue, validators, config }) => {
      requireWrites(kit);
      const tag = 'order-cascade-delete';
      const ctx = checkContext({ catalogue, validators, config });
      const made = await createOrder(kit);
      const { order, exchange: read } = await readOrder(kit, made.id, tag);
      const items = (order.items as Json[] | undefined) ?? [];
      const totals = (order.totals as Json[] | undefined) ?? [];
      for (const [part, held] of [['items', items], ['totals', totals]] as const) expectRule(kit.api, RULE.orderParts, { part, held, count: 'some' }, { exchange: read, tag });
      const del = await step(kit, 'deleteOrders', { path: { order_id: made.id } }, { tag, want: [200], conform: ctx });
      const order_id = made.id;
      await wrongRequest(kit, 'getOrders', { path: { order_id }, intent: 'positive' }, gone(tag, [del]));
      for (const [op, part] of [['getOrderItems', 'items'], ['getOrderTotals', 'totals']] as const) {
        const ex = await kit.api.call(op, { path: { order_id } });
        if (ex.response.status === 200) {
          const { items: left } = await listStep(kit, op, { path: { order_id } }, tag);
          expectRule(kit.api, RULE.partsGone, { part, listed: left }, { exchange: ex, tag, related: [del] });
        } else await wrongRequest(kit, op, { path: { order_id }, intent: 'positive' }, gone(tag, [del]));
      }
      for (const item of items) {
        const item_id = Number(item.id);
        await wrongRequest(kit, 'getOrderItem', { path: { order_id, item_id }, intent: 'positive' }, gone(tag, [del]));
        const attr = item.attributes as Json | undefined;
        const attribute_id = Number(attr?.id);
        if (Number.isSafeInteger(attribute_id) && attribute_id > 0) await wrongRequest(kit, 'getOrdersItemsAttributeProperty', { path: { order_id, item_id, attribute_id }, intent: 'positive' }, gone(tag, [del]));
      }
      for (const total of totals) await wrongRequest(kit, 'getOrderTotal', { path: { order_id, total_id: Number(total.id) }, intent: 'positive' }, gone(tag, [del]));
    },
  );

  test(
    'should find its own order by a search condition and not its other order',
    { tag: ['@orders', '@op:searchOrders', '@rule:search', '@rule:order-list-reduced'] },
    async ({ kit, catalogue, validators, config }) => {
      requireWrites(kit);
      const ctx = checkContext({ catalogue, validators, config });
      const token = kit.token();
      const refs = await orderRefs(kit);
      const wanted = await createOrder(kit, { comment: `${token}-wanted` }, { refs });
      const other = await createOrder(kit, { comment: `${token}-other` }, { refs });
      const ex = await kit.api.call('searchOrders', { body: { search: ['comment', 'eq', `${token}-wanted`] } });
      expectConforms(kit, ctx, ex);
      const records = listedIn(kit, ex, 'search');
      const stray = records.find((r) => String(r.comment).toLowerCase() !== `${token}-wanted`);
      expectRule(kit.api, RULE.searchCondition, { found: records.map((r) => String(r.id)), wanted: [String(wanted.id)], unwanted: [String(other.id)], stray }, { exchange: ex });
      expectReduced(kit, catalogue, records, ex);
    },
  );

  listParameterTests({
    group: 'orders',
    op: ops.get('getOrdersMultiple'),
    what: 'orders',
    subject: ordersList,
    writesOnly: true,
    tags: ['@op:createOrder'],
    dates: ordersList,
    datesTags: ['@op:updateOrder', '@op:deleteOrders'],
    single: { op: 'getOrders', param: 'order_id', fields: ['id', 'comment'] },
  });
});
