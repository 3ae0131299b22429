// At the edge: the X-Rate-Limit-* headers are dropped on their way out (a 429 keeps Retry-After).
import { defineFault } from '../types.js';

export default defineFault({
  name: 'rate-limit-headers-missing',
  description: 'Answers carry no X-Rate-Limit-* headers.',
  catches: ['@rule:rate-limit'],
  // Advisory only: X-Rate-Limit-* are observed on both shops, not described.
  shows: 'advisory',
  area: 'core',
  http: {
    onSend: () => (_req, reply, payload, done) => {
      for (const h of ['X-Rate-Limit-Limit', 'X-Rate-Limit-Remaining', 'X-Rate-Limit-Reset']) reply.removeHeader(h);
      done(null, payload);
    },
  },
});
