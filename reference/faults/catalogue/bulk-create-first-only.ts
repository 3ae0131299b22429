// POST /categories and /products with an array handle only its first record.
import { onOperations } from '../support.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'bulk-create-first-only',
  description: 'POST /categories and /products with an array store and answer only the first record.',
  catches: ['@rule:bulk'],
  area: 'catalogue',
  operation: onOperations(['createCategories', 'createProducts'], (handler) => (ctx) => (Array.isArray(ctx.body) ? handler({ ...ctx, body: ctx.body.slice(0, 1) }) : handler(ctx))),
});
