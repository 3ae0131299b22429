// GET /products/{id} of a deleted product answers the record it had.
import { fitRecords } from '../../engine/shape.js';
import { successStatus } from '../../engine/statuses.js';
import { productView } from '../../groups/products.js';
import { onOperations } from '../support.js';
import { idParam } from '../../engine/context.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'deleted-product-readable',
  description: 'GET /products/{id} of a deleted product answers 200 with the old record instead of 404.',
  catches: ['@rule:lifecycle'],
  area: 'catalogue',
  operation: onOperations(['getProduct'], (handler) => (ctx) => {
    const id = idParam(ctx, 'product_id');
    const gone = ctx.state.col('products').deleted().find((t) => t.record.id === id);
    if (ctx.state.col('products').has(id) || !gone) return handler(ctx);
    return { body: fitRecords(ctx.op, successStatus(ctx.op), productView(gone.record, ctx)) };
  }),
});
