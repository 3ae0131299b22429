// The updateOrderStatuses operation answers with 200 instead of its declared status.
import { onOperations } from '../support.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'order-status-put-200',
  description: 'PUT /order_statuses/{id} answers 200, not the declared 201.',
  catches: ['@check:statusCodeConformance'],
  area: 'core',
  operation: onOperations(['updateOrderStatuses'], (handler) => async (ctx) => ({ ...(await handler(ctx)), status: 200 })),
});
