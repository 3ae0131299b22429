// PUT on an order item, item attribute or total runs as usual, but its writes to the part are
// undone (an item's new attribute, made where it had none, stays).
import { unchanged } from '../support.js';
import { idParam } from '../../engine/context.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'order-part-update-lost',
  description: 'PUT on an order item, item attribute or total answers the new record but stores nothing.',
  catches: ['@rule:lifecycle'],
  area: 'orders',
  operation: (handler, op) => {
    switch (op.id) {
      case 'updateOrderItems':
        return (ctx) => {
          const itemId = idParam(ctx, 'item_id');
          const hasAttribute = ctx.state.col('orderItemAttributes').where((a) => a.itemId === itemId).length > 0;
          const items = () => unchanged(ctx, 'orderItems', () => handler(ctx));
          return hasAttribute ? unchanged(ctx, 'orderItemAttributes', items) : items();
        };
      case 'updateOrdersItemsAttributesProperty':
        return (ctx) => unchanged(ctx, 'orderItemAttributes', () => handler(ctx));
      case 'updateOrderTotal':
        return (ctx) => unchanged(ctx, 'orderTotals', () => handler(ctx));
      default:
        return handler;
    }
  },
});
