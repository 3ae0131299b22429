// PUT /customers/{id} runs as usual, then the customer is put back as it was.
import { keeping, onOperations } from '../support.js';
import { idParam } from '../../engine/context.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'customer-update-lost',
  description: 'PUT /customers/{id} answers the new record but does not store it.',
  catches: ['@rule:lifecycle'],
  area: 'lifecycle',
  operation: onOperations(['updateCustomer'], (handler) => (ctx) => keeping(ctx, 'customers', [idParam(ctx, 'customer_id')], () => handler(ctx))),
});
