// How an error is answered: an invalid id of DELETE /manufacturers/{id} gets a 400 instead of the declared status.
import { errorBody, ShopError } from '../../http/errors.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'manufacturer-delete-bad-id-400',
  description: 'DELETE /manufacturers/{id} with an invalid id answers 400, which it does not declare, instead of the declared 500.',
  catches: ['@rule:error-status'],
  area: 'catalogue',
  answer: {
    error: (shop) => (err, op, req) =>
      err instanceof ShopError && err.kind === 'invalidId' && op?.id === 'deleteManufacturers' ? { status: 400, body: { ...errorBody(400, err.message, req) } } : shop(err, op, req),
  },
});
