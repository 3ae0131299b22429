// GET /orders and POST /orders/search answer each list item merged into the full order, unshaped
// (as a shop that answers whole orders would).
import type { Json } from '../../engine/schema-tools.js';
import { orderView } from '../../groups/orders.js';
import { onOperations } from '../support.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'order-list-full-records',
  description: 'GET /orders and POST /orders/search answer full orders (items, totals, history) instead of reduced list items.',
  catches: ['@rule:order-list-reduced'],
  area: 'orders',
  operation: onOperations(['getOrdersMultiple', 'searchOrders'], (handler) => async (ctx) => {
    const answer = await handler(ctx);
    if (!Array.isArray(answer.body)) return answer;
    const full = (r: Json): Json => ({ ...orderView(ctx.state.col('orders').get(r.id as number) ?? r, ctx), ...r });
    return { ...answer, body: (answer.body as Json[]).map(full), raw: true };
  }),
});
