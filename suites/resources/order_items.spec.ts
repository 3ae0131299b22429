// Order items and their attributes (the `/attributes/{id}/Property` paths): add, read, update and
// delete on an order the test made, and ownership: a part is found only under its own order (and
// item). The spec declares 404 for PUT/DELETE of a missing item and DELETE of a missing
// attribute; there the answer must be 404. Reads declare no 404, so any 4xx counts as "not found"
// (the error-status rule's `gone` judgement).
import { specOperations } from '../../fixtures/spec-ops.js';
import { test, requireWrites } from '../../fixtures/factories/index.js';
import { createItemAttribute, createOrder, createOrderItem, itemAttributeInput, orderItemInput, orderRefs } from '../../fixtures/factories/orders.js';
import { expectRule } from '../../fixtures/evidence.js';
import { single } from '../../fixtures/order-rules.js';
import { checkContext, expectConforms, gone, listedIn, listStep, step, wrongRequest } from '../../fixtures/requests.js';
import { RULE } from '../../src/checks/rules/registry.js';

const ops = await specOperations();

if (ops.inScope('orders')) test.describe('order items', () => {
  test(
    'should add, read, update and delete an item of its own order',
    { tag: ['@orders', '@op:createOrderItem', '@op:getOrderItem', '@op:getOrderItems', '@op:updateOrderItems', '@op:deleteOrderItems', '@rule:lifecycle'] },
    async ({ kit, catalogue, validators, config }) => {
      requireWrites(kit);
      const ctx = checkContext({ catalogue, validators, config });
      const order = await createOrder(kit);
      const order_id = order.id;
      const item = await createOrderItem(kit, order_id, {}, { intent: 'positive' });
      expectConforms(kit, ctx, item.exchange);
      const item_id = item.id;
      const read = await step(kit, 'getOrderItem', { path: { order_id, item_id } }, { want: [200], conform: ctx });
      expectRule(kit.api, RULE.readsBack, { sent: item.input, got: single(read) }, { exchange: read });
      const listed = await kit.api.call('getOrderItems', { path: { order_id } });
      expectConforms(kit, ctx, listed);
      const items = listedIn(kit, listed);
      expectRule(kit.api, RULE.readsBack, { sent: item.input, got: items.find((r) => String(r.id) === String(item_id)) }, { exchange: listed });

      const change = orderItemInput(kit, { quantity: 5, price: 3, finalPrice: 15 });
      await step(kit, 'updateOrderItems', { path: { order_id, item_id }, body: change }, { want: [200], conform: ctx });
      const again = await kit.api.call('getOrderItem', { path: { order_id, item_id } });
      expectRule(kit.api, RULE.readsBack, { sent: change, got: single(again) }, { exchange: again });

      const del = await step(kit, 'deleteOrderItems', { path: { order_id, item_id } }, { want: [200], conform: ctx });
      await wrongRequest(kit, 'getOrderItem', { path: { order_id, item_id }, intent: 'positive' }, gone('lifecycle', [del]));
      await wrongRequest(kit, 'deleteOrderItems', { path: { order_id, item_id } }, gone('lifecycle', [del]));
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
      const ctx = checkContext({ catalogue, validators, config });
      const order = await createOrder(kit);
      const order_id = order.id;
      // An item without attributes (an empty list, the vendor example's form): the attribute is the test's.
      const item_id = (await createOrderItem(kit, order_id, { attributes: [] })).id;
      const attr = await createItemAttribute(kit, order_id, item_id, {}, { intent: 'positive' });
      expectConforms(kit, ctx, attr.exchange);
      const attribute_id = attr.id;
      const path = { order_id, item_id, attribute_id };
      const read = await step(kit, 'getOrdersItemsAttributeProperty', { path }, { want: [200], conform: ctx });
      expectRule(kit.api, RULE.readsBack, { sent: attr.input, got: single(read) }, { exchange: read });
      const listed = await kit.api.call('getOrdersItemsAttributesProperty', { path: { order_id, item_id } });
      expectConforms(kit, ctx, listed);
      const items = listedIn(kit, listed);
      expectRule(kit.api, RULE.readsBack, { sent: attr.input, got: items.find((r) => String(r.id) === String(attribute_id)) }, { exchange: listed });

      const change = itemAttributeInput(kit, { price: 4, priceType: '-' });
      await step(kit, 'updateOrdersItemsAttributesProperty', { path, body: change }, { want: [200], conform: ctx });
      const again = await kit.api.call('getOrdersItemsAttributeProperty', { path });
      expectRule(kit.api, RULE.readsBack, { sent: change, got: single(again) }, { exchange: again });

      const del = await step(kit, 'removeOrdersItemsAttribute', { path }, { want: [200], conform: ctx });
      await wrongRequest(kit, 'getOrdersItemsAttributeProperty', { path, intent: 'positive' }, gone('lifecycle', [del]));
      const after = await listStep(kit, 'getOrdersItemsAttributesProperty', { path: { order_id, item_id } });
      expectRule(kit.api, RULE.unlistedAfterDelete, { deleted: [String(attribute_id)], listed: after.items.map((r) => String(r.id)) }, { exchange: del });
      await wrongRequest(kit, 'removeOrdersItemsAttribute', { path }, gone('lifecycle', [del]));
    },
  );

  test(
    'should not find an item or its attribute under another order or item',
    { tag: ['@orders', '@op:getOrderItem', '@op:updateOrderItems', '@op:deleteOrderItems', '@op:getOrderItems', '@op:getOrdersItemsAttributeProperty', '@rule:order-part-ownership'] },
    async ({ kit }) => {
      requireWrites(kit);
      const tag = 'order-part-ownership';
      const refs = await orderRefs(kit);
      const a = await createOrder(kit, {}, { refs });
      const b = await createOrder(kit, {}, { refs });
      const item = await createOrderItem(kit, a.id);
      const sibling = await createOrderItem(kit, a.id);
      const attr = await createItemAttribute(kit, a.id, item.id);
      // The item as it is now (with the attribute just added: a list of attributes shows it), for after the refused requests.
      const before = await kit.api.call('getOrderItem', { path: { order_id: a.id, item_id: item.id } });
      const wrong = { order_id: b.id, item_id: item.id };
      await wrongRequest(kit, 'getOrderItem', { path: wrong, intent: 'positive' }, gone(tag));
      const put = await wrongRequest(kit, 'updateOrderItems', { path: wrong, body: orderItemInput(kit) }, gone(tag));
      const del = await wrongRequest(kit, 'deleteOrderItems', { path: wrong }, gone(tag));
      const listB = await listStep(kit, 'getOrderItems', { path: { order_id: b.id } }, tag);
      expectRule(kit.api, RULE.ownPartsOnly, { part: String(item.id), listed: listB.items }, { exchange: listB.exchange, tag });
      const still = await step(kit, 'getOrderItem', { path: { order_id: a.id, item_id: item.id } }, { tag, want: [200], related: [put, del] });
      const was = before.response.status === 200 ? single(before) : undefined;
      expectRule(kit.api, RULE.refusedWriteHarmless, { sent: was ?? item.input, got: single(still) }, { exchange: still, tag });
      await wrongRequest(kit, 'getOrdersItemsAttributeProperty', { path: { order_id: a.id, item_id: sibling.id, attribute_id: attr.id }, intent: 'positive' }, gone(tag));
    },
  );
});
