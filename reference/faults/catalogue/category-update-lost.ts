// PUT /categories/{id} runs as usual, then the category is put back as it was.
import { keeping, onOperations } from '../support.js';
import { idParam } from '../../engine/context.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'category-update-lost',
  description: 'PUT /categories/{id} answers the new record but does not store it.',
  catches: ['@rule:lifecycle'],
  area: 'catalogue',
  operation: onOperations(['updateCategory'], (handler) => (ctx) => keeping(ctx, 'categories', [idParam(ctx, 'category_id')], () => handler(ctx))),
});
