// The sort stage: strings compare by the byte order of their lower case.
import { byteCompare, sortRecords } from '../../engine/listing.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'sort-case-insensitive',
  description: 'Strings are sorted case-insensitively instead of by byte order.',
  catches: ['@rule:sort'],
  // Advisory only: string order is not described (facts "List parameters": sort); byte order is our shop's choice.
  shows: 'advisory',
  area: 'lists',
  answer: {
    sort: () => (records, ctx) => sortRecords(records, ctx.query.sort as string[], { compareStrings: (a, b) => byteCompare(a.toLowerCase(), b.toLowerCase()) }),
  },
});
