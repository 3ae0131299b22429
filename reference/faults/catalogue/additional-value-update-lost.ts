// PUT /products/{id}/additional_fields runs as usual, then the product's field values are put back as they were.
import { keeping, onOperations, recordsOf } from '../support.js';
import { idParam } from '../../engine/context.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'additional-value-update-lost',
  description: "PUT /products/{id}/additional_fields answers the new values but keeps the product's old ones.",
  catches: ['@rule:lifecycle'],
  area: 'catalogue',
  operation: onOperations(['updateProductAdditionalField'], (handler) => (ctx) => {
    const productId = idParam(ctx, 'product_id');
    const ids = recordsOf(ctx, 'productFieldValues', (v) => v.productId === productId).map((v) => v.id as number);
    return keeping(ctx, 'productFieldValues', ids, () => handler(ctx));
  }),
});
