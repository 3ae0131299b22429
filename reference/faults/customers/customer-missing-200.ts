// GET /customers/{id} of a missing customer answers an empty record instead of its 404.
import { ShopError } from '../../http/errors.js';
import { onOperations } from '../support.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'customer-missing-200',
  description: 'GET of a missing customer answers 200 with an empty record instead of 404.',
  catches: ['@rule:error-status'],
  area: 'customers',
  operation: onOperations(['getCustomer'], (handler) => async (ctx) => {
    try {
      return await handler(ctx);
    } catch (err) {
      if (err instanceof ShopError && err.kind === 'notFound') return { body: {} };
      throw err;
    }
  }),
});
