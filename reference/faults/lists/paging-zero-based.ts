// The page stage: the records come from the page after the one asked for (pages count from 0);
// the Link header stays that of the page asked for.
import { defineFault } from '../types.js';

export default defineFault({
  name: 'paging-zero-based',
  description: 'Pages count from 0: page=1 answers the second page.',
  catches: ['@rule:paging'],
  area: 'lists',
  answer: {
    page: (shop) => (records, ctx, pageUrl) => {
      const asked = shop(records, ctx, pageUrl);
      if (typeof ctx.query.page !== 'number') return asked;
      const next = shop(records, { ...ctx, query: { ...ctx.query, page: ctx.query.page + 1 } }, pageUrl);
      return { ...asked, records: next.records };
    },
  },
});
