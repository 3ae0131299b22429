// An order part (item, item attribute, total, history entry) named by its own id is looked up
// under the order and item it belongs to, whatever order and item the path names.
import { onOperations } from '../support.js';
import { defineFault } from '../types.js';
import type { CollectionName } from '../../engine/state.js';

/** The path parameter of each kind of part, most specific first, and its collection. */
const PARTS: readonly [string, CollectionName][] = [
  ['attribute_id', 'orderItemAttributes'],
  ['item_id', 'orderItems'],
  ['total_id', 'orderTotals'],
  ['history_id', 'orderHistory'],
];

const PART_OPS = [
  'getOrderItem',
  'updateOrderItems',
  'deleteOrderItems',
  'createOrderTimeAttribute',
  'getOrdersItemsAttributesProperty',
  'getOrdersItemsAttributeProperty',
  'updateOrdersItemsAttributesProperty',
  'removeOrdersItemsAttribute',
  'getOrderTotal',
  'updateOrderTotal',
  'deleteOrderTotals',
  'getOrderHistory',
];

export default defineFault({
  name: 'order-parts-any-order',
  description: 'An order part (item, item attribute, total, history entry) is found by its own id under any order and item id.',
  catches: ['@rule:order-part-ownership'],
  area: 'orders',
  operation: onOperations(PART_OPS, (handler) => (ctx) => {
    const named = PARTS.find(([param]) => typeof ctx.params[param] === 'number');
    const rec = named ? ctx.state.col(named[1]).get(ctx.params[named[0]] as number) : undefined;
    if (!rec) return handler(ctx);
    const owner = { order_id: rec.orderId, ...(rec.itemId !== undefined && 'item_id' in ctx.params ? { item_id: rec.itemId } : {}) };
    return handler({ ...ctx, params: { ...ctx.params, ...owner } });
  }),
});
