// GET /categories/{id}/children of a missing category answers an empty list instead of its 404.
import { onOperations } from '../support.js';
import { idParam } from '../../engine/context.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'category-children-missing-200',
  description: 'GET /categories/{id}/children of a missing category answers 200 with an empty list instead of 404.',
  catches: ['@rule:error-status'],
  area: 'catalogue',
  operation: onOperations(['getCategoryChildren'], (handler) => (ctx) => (ctx.state.col('categories').has(idParam(ctx, 'category_id')) ? handler(ctx) : { body: [] })),
});
