// When query parameters are read: per_page is checked, then dropped (pages keep the default size).
import { defineFault } from '../types.js';

export default defineFault({
  name: 'per-page-ignored',
  description: 'per_page is ignored; pages always hold 50 records.',
  catches: ['@rule:per-page'],
  area: 'lists',
  checks: {
    params: (shop) => (op, where, raw) => {
      const read = shop(op, where, raw);
      if (where === 'query') delete read.per_page;
      return read;
    },
  },
});
