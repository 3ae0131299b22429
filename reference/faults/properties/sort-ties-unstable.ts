// The sort stage: on even pages, records equal on every sort key come in descending id order.
import { sortRecords } from '../../engine/listing.js';
import { isObj } from '../../../src/core/json.js';
import { defineFault } from '../types.js';

const idOf = (r: unknown): number => Number(isObj(r) ? r.id : undefined);

export default defineFault({
  name: 'sort-ties-unstable',
  description: 'Records equal on every sort key come in ascending id order on odd pages and descending on even pages.',
  catches: ['@rule:sort'],
  area: 'properties',
  answer: {
    sort: (shop) => (records, ctx) => {
      const page = ctx.query.page;
      if (typeof page !== 'number' || page % 2 !== 0) return shop(records, ctx);
      return sortRecords(records, ctx.query.sort as string[], { tieBreak: (a, b) => idOf(b) - idOf(a) });
    },
  },
});
