// The search stage: keywords match as written, without folding case.
import { keywordsOf, searchRecords } from '../../engine/listing.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'search-case-sensitive',
  description: 'search/q match case-sensitively.',
  catches: ['@rule:search'],
  // Advisory only: case-insensitive matching is observed on both shops, not described.
  shows: 'advisory',
  area: 'lists',
  answer: {
    search: () => (records, ctx) => searchRecords(records, keywordsOf(ctx.query), (s) => s),
  },
});
