// The reference check: PATCH /orders/{id}/status does not check that its status id exists.
import { defineFault } from '../types.js';

export default defineFault({
  name: 'order-status-unknown-accepted',
  description: 'PATCH /orders/{id}/status accepts a status id that no order status has (200 instead of 400).',
  catches: ['@rule:error-status'],
  area: 'orders',
  checks: {
    reference: (shop) => (ctx, collection, id, what) => {
      if (ctx.op.id === 'updateOrderStatus' && collection === 'orderStatuses') return;
      shop(ctx, collection, id, what);
    },
  },
});
