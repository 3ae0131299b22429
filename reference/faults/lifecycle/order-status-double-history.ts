// PATCH /orders/{id}/status adds the history entry a second time.
import type { Json } from '../../engine/schema-tools.js';
import { addHistory } from '../../groups/orders.js';
import { onOperations } from '../support.js';
import { idParam } from '../../engine/context.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'order-status-double-history',
  description: 'PATCH /orders/{id}/status adds two history entries instead of one.',
  catches: ['@rule:order-status-history'],
  area: 'lifecycle',
  operation: onOperations(['updateOrderStatus'], (handler) => async (ctx) => {
    const answer = await handler(ctx);
    addHistory(ctx, idParam(ctx, 'order_id'), ctx.body as Json);
    return answer;
  }),
});
