// The page stage: when the total is a multiple of per_page plus one, the last page comes back empty.
import { DEFAULT_PER_PAGE } from '../../engine/listing.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'paging-last-page-drops-one',
  description: 'When the total is a multiple of per_page plus one, the last page comes back empty instead of holding that one record.',
  catches: ['@rule:paging'],
  area: 'properties',
  answer: {
    page: (shop) => (records, ctx, pageUrl) => {
      const page = shop(records, ctx, pageUrl);
      const perPage = typeof ctx.query.per_page === 'number' ? ctx.query.per_page : DEFAULT_PER_PAGE;
      if (typeof ctx.query.page !== 'number' || perPage < 1) return page;
      const last = Math.max(1, Math.ceil(records.length / perPage));
      return ctx.query.page === last && records.length % perPage === 1 ? { ...page, records: [] } : page;
    },
  },
});
