// When query parameters are read: recursive is checked, then dropped (category lists and category
// products stay one level deep).
import { defineFault } from '../types.js';

export default defineFault({
  name: 'recursive-ignored',
  description: 'The recursive flag is ignored: category lists and category products stay one level deep.',
  catches: ['@rule:recursive'],
  area: 'lists',
  checks: {
    params: (shop) => (op, where, raw) => {
      const read = shop(op, where, raw);
      if (where === 'query') delete read.recursive;
      return read;
    },
  },
});
