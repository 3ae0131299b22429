// The fields stage: records of a list are answered whole.
import { defineFault } from '../types.js';

export default defineFault({
  name: 'fields-ignored-on-lists',
  description: 'The fields parameter is ignored on lists.',
  catches: ['@rule:fields'],
  area: 'lists',
  answer: {
    fields: (shop) => (record, ctx, inList) => (inList ? record : shop(record, ctx, inList)),
  },
});
