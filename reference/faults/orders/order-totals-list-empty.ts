// GET /orders/{id}/totals answers an empty list (after the order is found).
import { onOperations } from '../support.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'order-totals-list-empty',
  description: 'GET /orders/{id}/totals answers an empty list while the order itself holds totals.',
  catches: ['@rule:order-totals-consistent'],
  area: 'orders',
  operation: onOperations(['getOrderTotals'], (handler) => async (ctx) => ({ ...(await handler(ctx)), body: [] })),
});
