// GET /orders_history/{order_id} answers an empty list (after the order is found).
import { onOperations } from '../support.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'orders-history-alias-empty',
  description: "GET /orders_history/{order_id} answers an empty list instead of the order's status history.",
  catches: ['@rule:path-aliases'],
  area: 'orders',
  operation: onOperations(['getOrdersHistory'], (handler) => async (ctx) => ({ ...(await handler(ctx)), body: [] })),
});
