// GET /payment_details/{order_id} answers the payment details with an empty module.
import { mapRecords, onOperations } from '../support.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'payment-details-alias-differs',
  description: 'GET /payment_details/{order_id} answers an empty module, unlike GET /orders/{id}/payment_details.',
  catches: ['@rule:path-aliases'],
  area: 'orders',
  operation: onOperations(['getPaymentDetails'], (handler) => async (ctx) => {
    const answer = await handler(ctx);
    return { ...answer, body: mapRecords(answer.body, (r) => ({ ...r, module: '' })) };
  }),
});
