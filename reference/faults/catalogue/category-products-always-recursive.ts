// GET /categories/{id}/products is read as if recursive were given.
import { onOperations } from '../support.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'category-products-always-recursive',
  description: 'GET /categories/{id}/products includes the products of descendants also without recursive.',
  catches: ['@rule:recursive'],
  area: 'catalogue',
  operation: onOperations(['getCategoryProducts'], (handler) => (ctx) => handler({ ...ctx, query: { ...ctx.query, recursive: true } })),
});
