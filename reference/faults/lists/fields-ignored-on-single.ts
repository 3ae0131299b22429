// The fields stage: a single record is answered whole.
import { defineFault } from '../types.js';

export default defineFault({
  name: 'fields-ignored-on-single',
  description: 'The fields parameter is ignored on single-record reads.',
  catches: ['@rule:fields'],
  // Advisory only: ERRATA #10: the vendor declares fields on collection reads only.
  shows: 'advisory',
  area: 'lists',
  answer: {
    fields: (shop) => (record, ctx, inList) => (inList ? shop(record, ctx, inList) : record),
  },
});
