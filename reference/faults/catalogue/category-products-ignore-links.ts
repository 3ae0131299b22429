// GET /categories/{id}/products answers the products whose main category is in scope, whatever
// they are linked to.
import { categoryScope } from '../../groups/categories.js';
import { productListView } from '../../groups/products.js';
import { onOperations } from '../support.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'category-products-ignore-links',
  description: 'GET /categories/{id}/products lists only products whose main category it is; links made through /products/{id}/links do not show.',
  catches: ['@rule:product-links'],
  area: 'catalogue',
  operation: onOperations(['getCategoryProducts'], () => (ctx) => {
    const ids = categoryScope(ctx);
    return { body: ctx.state.col('products').where((p) => ids.has(p.mainCategoryId as number)).map((p) => productListView(p, ctx)) };
  }),
});
