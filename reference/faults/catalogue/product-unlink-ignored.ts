// DELETE /products/{id}/links runs as usual, then the link is put back.
import type { Json } from '../../engine/schema-tools.js';
import { onOperations, putBack, recordsOf } from '../support.js';
import { idParam } from '../../engine/context.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'product-unlink-ignored',
  description: 'DELETE /products/{id}/links answers success but keeps the link.',
  catches: ['@rule:product-links'],
  area: 'catalogue',
  operation: onOperations(['deleteProductLink'], (handler) => async (ctx) => {
    const productId = idParam(ctx, 'product_id');
    const categoryId = (ctx.body as Json | undefined)?.categoryId;
    const links = recordsOf(ctx, 'productLinks', (l) => l.productId === productId && l.categoryId === categoryId);
    const answer = await handler(ctx);
    putBack(ctx, 'productLinks', links);
    return answer;
  }),
});
