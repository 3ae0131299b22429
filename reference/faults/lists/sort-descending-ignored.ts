// When query parameters are read: every sort key counts as ascending.
import { defineFault } from '../types.js';

export default defineFault({
  name: 'sort-descending-ignored',
  description: 'Sort keys prefixed with - are sorted ascending.',
  catches: ['@rule:sort'],
  area: 'lists',
  checks: {
    params: (shop) => (op, where, raw) => {
      const read = shop(op, where, raw);
      if (Array.isArray(read.sort)) read.sort = (read.sort as unknown[]).map((k) => (typeof k === 'string' && k.startsWith('-') ? `+${k.slice(1)}` : k));
      return read;
    },
  },
});
