// A product rule: a delete leaves the product's category links behind, and GET
// /categories/{id}/products still lists the deleted products those links point to.
import { categoryScope } from '../../groups/categories.js';
import { productListView } from '../../groups/products.js';
import { onOperations, onResource, putBack, recordsOf } from '../support.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'product-delete-keeps-links',
  description: 'Deleting a product leaves its category links behind: the category still lists it.',
  catches: ['@rule:product-links'],
  area: 'catalogue',
  resource: onResource('products', (def) => ({
    onDelete: (rec, ctx) => {
      const links = recordsOf(ctx, 'productLinks', (l) => l.productId === rec.id);
      def.onDelete?.(rec, ctx);
      putBack(ctx, 'productLinks', links);
    },
  })),
  operation: onOperations(['getCategoryProducts'], (handler) => async (ctx) => {
    const answer = await handler(ctx);
    const ids = categoryScope(ctx);
    const linked = new Set(ctx.state.col('productLinks').where((l) => ids.has(l.categoryId as number)).map((l) => l.productId as number));
    const gone = ctx.state.col('products').deleted().map((t) => t.record).filter((p) => linked.has(p.id as number) && !ctx.state.col('products').has(p.id as number));
    return { ...answer, body: [...(answer.body as unknown[]), ...gone.map((p) => productListView(p, ctx))] };
  }),
});
