// When query parameters are read: q is checked, then dropped (only search filters).
import { defineFault } from '../types.js';

export default defineFault({
  name: 'q-parameter-ignored',
  description: 'The q parameter is ignored (only search filters).',
  catches: ['@rule:search'],
  // Advisory only: the description names search, the v2 guide q: a shop that honours either conforms.
  shows: 'advisory',
  area: 'lists',
  checks: {
    params: (shop) => (op, where, raw) => {
      const read = shop(op, where, raw);
      if (where === 'query') delete read.q;
      return read;
    },
  },
});
