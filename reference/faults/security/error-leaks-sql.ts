// How an error is answered: a request for a record that is not there answers with the database
// driver's words, as a shop that hands its query errors on would.
import { defineFault } from '../types.js';

export default defineFault({
  name: 'error-leaks-sql',
  description: "A 404 answer carries the database driver's message (SQLSTATE and the query's words).",
  catches: ['@security:answers'],
  shows: 'security',
  finds: ['leak:sql'],
  area: 'security',
  answer: {
    error: (shop) => (err, op, req) => {
      const { status, body } = shop(err, op, req);
      if (status !== 404) return { status, body };
      return { status, body: { ...body, message: `${typeof body.message === 'string' ? body.message : ''} SQLSTATE[HY000]: General error: no row found for the record's id.` } };
    },
  },
});
