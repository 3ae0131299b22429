// How an error is answered: a missing record is a 404 whatever the operation declares (the vendor's
// countries and zones declare 500/501).
import { errorBody, ShopError } from '../../http/errors.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'vendor-not-found-404',
  description: "Missing records answer 404 where the operation declares the vendor's 500/501 instead (countries, zones).",
  catches: ['@rule:error-status'],
  area: 'customers',
  answer: {
    error: (shop) => (err, op, req) => (err instanceof ShopError && err.kind === 'notFound' ? { status: 404, body: { ...errorBody(404, err.message, req) } } : shop(err, op, req)),
  },
});
