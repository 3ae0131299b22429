// The sort stage: one sortable key of the product list fails like a column the shop's query builder
// does not know (GX 4.8 answers sort=+isGuest on customers and +zoneId on addresses so). The key is
// the last sortable field of the list with the most of them: a drawn one- or two-key sort picks it
// about once in twenty runs, the sort property's examples (every key, in every run) always.
import { ShopError } from '../../http/errors.js';
import { defineFault } from '../types.js';

const LIST = 'getProducts';
const KEY = 'mainCategoryId';

export default defineFault({
  name: 'sort-key-500',
  description: `GET /products answers 500 when sorted by ${KEY}, a declared sortable field.`,
  catches: ['@rule:sort'],
  area: 'properties',
  answer: {
    sort: (shop) => (records, ctx) => {
      const keys = Array.isArray(ctx.query.sort) ? (ctx.query.sort as unknown[]) : [];
      if (ctx.op.id === LIST && keys.some((k) => typeof k === 'string' && k.replace(/^[+-]/, '') === KEY)) {
        throw new ShopError('internal', `The field ${KEY} is not a valid field name`, 500);
      }
      return shop(records, ctx);
    },
  },
});
