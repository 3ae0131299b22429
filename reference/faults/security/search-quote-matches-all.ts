// Before routing: a search keyword with a quote is dropped, so the list answers every record, as a
// shop whose search builds `LIKE '%…%' OR …` from the keyword might when the quote closes it.
import { defineFault } from '../types.js';

export default defineFault({
  name: 'search-quote-matches-all',
  description: 'A search or q keyword with a quote finds every record.',
  catches: ['@security:injection'],
  shows: 'security',
  finds: ['inject:more-records'],
  area: 'security',
  http: {
    rawRequest: (req) => {
      const url = new URL(req.url ?? '/', 'http://shop.invalid');
      let changed = false;
      for (const name of ['search', 'q']) {
        if ((url.searchParams.get(name) ?? '').includes("'")) {
          url.searchParams.delete(name);
          changed = true;
        }
      }
      if (changed) req.url = `${url.pathname}${url.search}`;
    },
  },
});
