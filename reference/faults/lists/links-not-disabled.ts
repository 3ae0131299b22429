// When query parameters are read: disable_links is checked, then dropped, so records keep their _links.
import { defineFault } from '../types.js';

export default defineFault({
  name: 'links-not-disabled',
  description: 'disable_links is ignored: records keep their _links.',
  catches: ['@rule:links'],
  area: 'lists',
  checks: {
    params: (shop) => (op, where, raw) => {
      const read = shop(op, where, raw);
      if (where === 'query') delete read.disable_links;
      return read;
    },
  },
});
