// Order items and their attributes (the `/attributes/{id}/Property` paths): add, read, update and
// delete on an order the test made, and ownership: a part is found only under its own order (and
// item). The spec declares 404 for PUT/DELETE of a missing item and DELETE of a missing
// attribute; there the answer must be 404. Reads declare no 404, so any 4xx counts as "not found"
// (the error-status rule's `gone` judgement).
import { specOperations } from '../../fixtures/spec-ops.js';
import { test, requireWrites } from '../../fixtures/factories/index.js';
import { createItemAttribute, createOrderItem, itemAttributeInput, orderItemInput } from '../../fixtures/factories/orders.js';
import { expectRule } from '../../fixtures/evidence.js';
import { single } from '../../fixtures/order-rules.js';
import { gone, listStep, step, wrongRequest } from '../../fixtures/requests.js';
import { orderPartLifecycle, twoOrders } from './support/order-parts.js';
import { RULE } from '../../src/checks/rules/registry.js';

const ops = await specOperations();

if (ops.inScope('orders')) test.describe('order items', () => {
  test(
    'should add, read, update and delete an item of its own order',
    { tag: ['@orders', '@op:createOrderItem', '@op:getOrderItem', '@op:getOrderItems', '@op:updateOrderItems', '@op:deleteOrderItems', '@rule:lifecycle'] },
    ({ kit, catalogue, validators, config }) =>
      orderPartLifecycle(kit, { catalogue, validators, config }, (order_id) => ({
        parent: { order_id },
        idParam: 'item_id',
        ops: { read: 'getOrderItem', list: 'getOrderItems', update: 'updateOrderItems', remove: 'deleteOrderItems' },
        create: () => createOrderItem(kit, order_id, {}, { intent: 'positive' }),
        change: () => orderItemInput(kit, { quantity: 5, price: 3, finalPrice: 15 }),
      })),
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
    ({ kit, catalogue, validators, config }) =>
      orderPartLifecycle(kit, { catalogue, validators, config }, async (order_id) => {
        // An item without attributes (an empty list, the vendor example's form): the attribute is the test's.
        const item_id = (await createOrderItem(kit, order_id, { attributes: [] })).id;
        return {
          parent: { order_id, item_id },
          idParam: 'attribute_id',
          ops: { read: 'getOrdersItemsAttributeProperty', list: 'getOrdersItemsAttributesProperty', update: 'updateOrdersItemsAttributesProperty', remove: 'removeOrdersItemsAttribute' },
          create: () => createItemAttribute(kit, order_id, item_id, {}, { intent: 'positive' }),
          change: () => itemAttributeInput(kit, { price: 4, priceType: '-' }),
          unlistedAfterDelete: true,
        };
      }),
  );

  test(
    'should not find an item or its attribute under another order or item',
    { tag: ['@orders', '@op:getOrderItem', '@op:updateOrderItems', '@op:deleteOrderItems', '@op:getOrderItems', '@op:getOrdersItemsAttributeProperty', '@rule:order-part-ownership'] },
    async ({ kit }) => {
      requireWrites(kit);
      const tag = 'order-part-ownership';
      const [a, b] = await twoOrders(kit);
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
