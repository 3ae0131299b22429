// GET /categories/{id} of a missing category answers an empty record instead of its 404 (a build
// behind GX 4.8 did; GX 4.8 itself answers 500 there).
import { ShopError } from '../../http/errors.js';
import { onOperations } from '../support.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'category-missing-200',
  description: 'GET /categories/{id} of a missing category answers 200 with an empty record instead of 404.',
  catches: ['@rule:error-status', '@rule:lifecycle'],
  area: 'catalogue',
  operation: onOperations(['getCategory'], (handler) => async (ctx) => {
    try {
      return await handler(ctx);
    } catch (err) {
      if (err instanceof ShopError && err.kind === 'notFound') return { body: {} };
      throw err;
    }
  }),
});
