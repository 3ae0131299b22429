// PATCH /orders/{id}/status changes the status, then the history entry it added is removed.
import { onOperations } from '../support.js';
import { idParam } from '../../engine/context.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'order-status-no-history',
  description: 'PATCH /orders/{id}/status changes the status but adds no history entry.',
  catches: ['@rule:order-status-history'],
  area: 'orders',
  operation: onOperations(['updateOrderStatus'], (handler) => async (ctx) => {
    const history = ctx.state.col('orderHistory');
    const before = new Set(history.all().map((h) => h.id));
    const answer = await handler(ctx);
    for (const h of history.where((x) => x.orderId === idParam(ctx, 'order_id') && !before.has(x.id))) history.remove(h.id as number, ctx.now());
    return answer;
  }),
});
