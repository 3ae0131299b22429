// Order items and their attributes (the `/attributes/{id}/Property` paths): add, read, update and
// delete on an order the test made, and ownership: a part is found only under its own order (and
// item). The spec declares 404 for PUT/DELETE of a missing item and DELETE of a missing
// attribute; there the answer must be 404. Reads declare no 404, so any 4xx counts as "not found"
// (fixtures/order-rules.ts expectGone).
import { specOperations } from '../../fixtures/spec-ops.js';
import { test, requireWrites } from '../../fixtures/factories/index.js';
import { createItemAttribute, createOrder, createOrderItem, itemAttributeInput, orderItemInput, orderRefs } from '../../fixtures/factories/orders.js';
import { expectHeld, expectStatus, show } from '../../fixtures/evidence.js';
import { checkContext, expectConforms, expectGone, listOf, notCovered } from '../../fixtures/order-rules.js';
import { isObj } from '../../src/core/json.js';
import type { Json } from '../../fixtures/factories/base.js';
import type { FactoryKit } from '../../fixtures/factories/base.js';
import type { Exchange } from '../../src/core/exchange.js';

const ops = await specOperations();

function expectHolds(kit: FactoryKit, rule: string, sent: Json, got: unknown, ex: Exchange, title: string): void {
  const problems = notCovered(sent, got);
  expectHeld(!problems.length, kit.api, { rule, title, message: problems.join('\n  '), exchange: ex });
}

function single(ex: Exchange): unknown {
  return Array.isArray(ex.response.json) ? ex.response.json[0] : ex.response.json;
}

if (ops.inScope('orders')) test.describe('order items', () => {
  test(
    'should add, read, update and delete an item of its own order',
    { tag: ['@orders', '@op:createOrderItem', '@op:getOrderItem', '@op:getOrderItems', '@op:updateOrderItems', '@op:deleteOrderItems', '@rule:lifecycle'] },
    async ({ kit, catalogue, validators, config }) => {
      requireWrites(kit);
      const rule = 'lifecycle';
      const ctx = checkContext({ catalogue, validators, config });
      const order = await createOrder(kit);
      const order_id = order.id;
      const item = await createOrderItem(kit, order_id, {}, { intent: 'positive' });
      expectConforms(kit, ctx, item.exchange);
      const item_id = item.id;
      const read = await kit.api.call('getOrderItem', { path: { order_id, item_id } });
      expectStatus(kit.api, rule, read, 200, 'GET /orders/{id}/items/{item} should read the new item');
      expectConforms(kit, ctx, read);
      expectHolds(kit, rule, item.input, single(read), read, 'the new item should read back as sent');
      const listed = await kit.api.call('getOrderItems', { path: { order_id } });
      expectConforms(kit, ctx, listed);
      const inList = listOf(kit, rule, listed, 'GET /orders/{id}/items').find((r) => String(r.id) === String(item_id));
      expectHolds(kit, rule, item.input, inList, listed, "the order's item list should hold the new item");

      const change = orderItemInput(kit, { quantity: 5, price: 3, finalPrice: 15 });
      const put = await kit.api.call('updateOrderItems', { path: { order_id, item_id }, body: change });
      expectStatus(kit.api, rule, put, 200, 'PUT /orders/{id}/items/{item} should answer 200');
      expectConforms(kit, ctx, put);
      const again = await kit.api.call('getOrderItem', { path: { order_id, item_id } });
      expectHolds(kit, rule, change, single(again), again, 'the updated item should read back as sent');

      const del = await kit.api.call('deleteOrderItems', { path: { order_id, item_id } });
      expectStatus(kit.api, rule, del, 200, 'DELETE /orders/{id}/items/{item} should answer 200');
      expectConforms(kit, ctx, del);
      expectGone(kit, rule, await kit.api.call('getOrderItem', { path: { order_id, item_id } }), 'the deleted item', [del]);
      const twice = await kit.api.call('deleteOrderItems', { path: { order_id, item_id }, intent: 'negative' });
      expectGone(kit, rule, twice, 'a second DELETE of the item', [del]);
    },
  );

  test(
    'should add, read, update and delete an item attribute through the Property paths',
    {
      tag: [
        '@orders',
        '@op:createOrderTimeAttribute',
        '@op:getOrdersItemsAttributesProperty',
        '@op:getOrdersItemsAttributeProperty',
        '@op:updateOrdersItemsAttributesProperty',
        '@op:removeOrdersItemsAttribute',
        '@rule:lifecycle',
      ],
    },
    async ({ kit, catalogue, validators, config }) => {
      requireWrites(kit);
      const rule = 'lifecycle';
      const ctx = checkContext({ catalogue, validators, config });
      const order = await createOrder(kit);
      const order_id = order.id;
      // An item without attributes (an empty list, the vendor example's form): the attribute is the test's.
      const item_id = (await createOrderItem(kit, order_id, { attributes: [] })).id;
      const attr = await createItemAttribute(kit, order_id, item_id, {}, { intent: 'positive' });
      expectConforms(kit, ctx, attr.exchange);
      const attribute_id = attr.id;
      const path = { order_id, item_id, attribute_id };
      const read = await kit.api.call('getOrdersItemsAttributeProperty', { path });
      expectStatus(kit.api, rule, read, 200, 'GET .../attributes/{id}/Property should read the new attribute');
      expectConforms(kit, ctx, read);
      expectHolds(kit, rule, attr.input, single(read), read, 'the new attribute should read back as sent');
      const listed = await kit.api.call('getOrdersItemsAttributesProperty', { path: { order_id, item_id } });
      expectConforms(kit, ctx, listed);
      const inList = listOf(kit, rule, listed, 'GET .../attributes/Property').find((r) => String(r.id) === String(attribute_id));
      expectHolds(kit, rule, attr.input, inList, listed, "the item's attribute list should hold the new attribute");

      const change = itemAttributeInput(kit, { price: 4, priceType: '-' });
      const put = await kit.api.call('updateOrdersItemsAttributesProperty', { path, body: change });
      expectStatus(kit.api, rule, put, 200, 'PUT .../attributes/{id}/Property should answer 200');
      expectConforms(kit, ctx, put);
      const again = await kit.api.call('getOrdersItemsAttributeProperty', { path });
      expectHolds(kit, rule, change, single(again), again, 'the updated attribute should read back as sent');

      const del = await kit.api.call('removeOrdersItemsAttribute', { path });
      expectStatus(kit.api, rule, del, 200, 'DELETE .../attributes/{id}/Property should answer 200');
      expectConforms(kit, ctx, del);
      expectGone(kit, rule, await kit.api.call('getOrdersItemsAttributeProperty', { path }), 'the deleted attribute', [del]);
      const after = listOf(kit, rule, await kit.api.call('getOrdersItemsAttributesProperty', { path: { order_id, item_id } }), 'GET .../attributes/Property');
      expectHeld(!after.some((r) => String(r.id) === String(attribute_id)), kit.api, { rule, title: 'the deleted attribute should not be listed', message: show(after), exchange: del });
      expectGone(kit, rule, await kit.api.call('removeOrdersItemsAttribute', { path, intent: 'negative' }), 'a second DELETE of the attribute', [del]);
    },
  );

  test(
    'should not find an item or its attribute under another order or item',
    { tag: ['@orders', '@op:getOrderItem', '@op:updateOrderItems', '@op:deleteOrderItems', '@op:getOrderItems', '@op:getOrdersItemsAttributeProperty', '@rule:order-part-ownership'] },
    async ({ kit }) => {
      requireWrites(kit);
      const rule = 'order-part-ownership';
      const refs = await orderRefs(kit);
      const a = await createOrder(kit, {}, { refs });
      const b = await createOrder(kit, {}, { refs });
      const item = await createOrderItem(kit, a.id);
      const sibling = await createOrderItem(kit, a.id);
      const attr = await createItemAttribute(kit, a.id, item.id);
      // The item as it is now (with the attribute just added: a list of attributes shows it), for after the refused requests.
      const before = await kit.api.call('getOrderItem', { path: { order_id: a.id, item_id: item.id } });
      const wrong = { order_id: b.id, item_id: item.id };
      expectGone(kit, rule, await kit.api.call('getOrderItem', { path: wrong }), `item ${item.id} of order ${a.id} read under order ${b.id}`);
      const put = await kit.api.call('updateOrderItems', { path: wrong, body: orderItemInput(kit), intent: 'negative' });
      expectGone(kit, rule, put, `item ${item.id} of order ${a.id} replaced under order ${b.id}`);
      const del = await kit.api.call('deleteOrderItems', { path: wrong, intent: 'negative' });
      expectGone(kit, rule, del, `item ${item.id} of order ${a.id} deleted under order ${b.id}`);
      const listB = listOf(kit, rule, await kit.api.call('getOrderItems', { path: { order_id: b.id } }), `GET /orders/${b.id}/items`);
      expectHeld(!listB.some((r) => String(r.id) === String(item.id)), kit.api, { rule, title: "another order's item list should not hold the item", message: show(listB.map((r) => r.id)), exchange: item.exchange });
      const still = await kit.api.call('getOrderItem', { path: { order_id: a.id, item_id: item.id } });
      expectStatus(kit.api, rule, still, 200, 'the item should still be there under its own order after the refused PUT and DELETE', [put, del]);
      expectHolds(kit, rule, before.response.status === 200 && isObj(single(before)) ? (single(before) as Json) : item.input, single(still), still, 'the refused PUT under another order should not have changed the item');
      const attrElsewhere = await kit.api.call('getOrdersItemsAttributeProperty', { path: { order_id: a.id, item_id: sibling.id, attribute_id: attr.id } });
      expectGone(kit, rule, attrElsewhere, `attribute ${attr.id} of item ${item.id} read under item ${sibling.id}`);
    },
  );
});
