// An order rule: a delete's cascade leaves the order's items, item attributes and totals behind.
import { ORDER_CHILDREN } from '../../groups/orders.js';
import { onResource, putBack, recordsOf } from '../support.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'order-delete-keeps-children',
  description: 'Deleting an order leaves its items, item attributes and totals behind.',
  catches: ['@rule:order-cascade-delete'],
  area: 'lifecycle',
  resource: onResource('orders', (def) => ({
    onDelete: (rec, ctx) => {
      const children = ORDER_CHILDREN.map((name) => [name, recordsOf(ctx, name, (r) => r.orderId === rec.id)] as const);
      def.onDelete?.(rec, ctx);
      for (const [name, records] of children) putBack(ctx, name, records);
    },
  })),
});
