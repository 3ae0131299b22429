// The deprecated GET /orders/{id}/tracking_code answers an empty list (after the order is found).
import { onOperations } from '../support.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'tracking-code-deprecated-diverges',
  description: 'The deprecated GET /orders/{id}/tracking_code answers an empty list while /orders/{id}/tracking_codes lists the codes.',
  catches: ['@rule:path-aliases'],
  area: 'orders',
  operation: onOperations(['getOrderTrackingCodesDeprecated'], (handler) => async (ctx) => ({ ...(await handler(ctx)), body: [] })),
});
