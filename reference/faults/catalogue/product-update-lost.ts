// PUT /products/{id} runs as usual, then the product is put back as it was.
import { keeping, onOperations } from '../support.js';
import { idParam } from '../../engine/context.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'product-update-lost',
  description: 'PUT /products/{id} answers the new record but does not store it.',
  catches: ['@rule:lifecycle'],
  area: 'catalogue',
  operation: onOperations(['updateProduct'], (handler) => (ctx) => keeping(ctx, 'products', [idParam(ctx, 'product_id')], () => handler(ctx))),
});
