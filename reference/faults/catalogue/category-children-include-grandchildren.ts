// GET /categories/{id}/children answers every descendant of the category.
import { categoryListView, descendantsOf } from '../../groups/categories.js';
import { onOperations } from '../support.js';
import { idParam } from '../../engine/context.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'category-children-include-grandchildren',
  description: 'GET /categories/{id}/children lists every descendant, not only the direct children.',
  catches: ['@rule:category-tree'],
  area: 'catalogue',
  operation: onOperations(['getCategoryChildren'], (handler) => async (ctx) => {
    const answer = await handler(ctx);
    const below = new Set(descendantsOf(ctx, idParam(ctx, 'category_id')));
    return { ...answer, body: ctx.state.col('categories').where((c) => below.has(c.id as number)).map(categoryListView) };
  }),
});
