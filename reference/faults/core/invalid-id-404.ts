// How an error is answered: an id of the wrong type gets the operation's other declared error
// status, 404, where the operation declares 404 beside its 400.
import { errorBody, ShopError } from '../../http/errors.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'invalid-id-404',
  description: 'An invalid id answers 404 (declared for the operation, but the usual answer to a missing record) instead of 400.',
  catches: ['@rule:error-status'],
  // Advisory only: the description lists each operation's error statuses, not which wrong request
  // gets which (src/checks/rules/answers.ts WHICH_ERROR); a declared 404 for an invalid id is no defect.
  shows: 'advisory',
  area: 'core',
  answer: {
    error: (shop) => (err, op, req) => {
      const answer = shop(err, op, req);
      const declares404 = op?.responses.some((r) => r.status === '404') ?? false;
      return err instanceof ShopError && err.kind === 'invalidId' && answer.status === 400 && declares404 ? { status: 404, body: { ...errorBody(404, err.message, req) } } : answer;
    },
  },
});
