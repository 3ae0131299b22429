// The search stage: a keyword no record holds answers the whole list instead of none, as a search
// that falls back to "everything" on an empty result does. Only a keyword that matches nothing
// shows it: the search property's absent-keyword class (suites/properties/search.spec.ts).
import { keywordsOf } from '../../engine/listing.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'search-no-match-answers-all',
  description: 'search/q answer every record when no record holds the keyword.',
  catches: ['@rule:search'],
  area: 'lists',
  answer: {
    search: (stage) => (records, ctx) => {
      const found = stage(records, ctx);
      return keywordsOf(ctx.query).length && found.length === 0 ? records : found;
    },
  },
});
