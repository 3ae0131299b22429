// The search stage: case folds with ASCII rules only (like PHP 8.2 strtolower).
import { keywordsOf, searchRecords } from '../../engine/listing.js';
import { defineFault } from '../types.js';

const asciiLower = (s: string): string => s.replace(/[A-Z]+/g, (m) => m.toLowerCase());

export default defineFault({
  name: 'search-case-fold-ascii-only',
  description: 'search/q fold case with ASCII rules only (like PHP 8.2 strtolower): Ä does not find ä.',
  catches: ['@rule:search'],
  // Advisory only: case-insensitive matching is observed on both shops, not described.
  shows: 'advisory',
  area: 'properties',
  answer: {
    search: () => (records, ctx) => searchRecords(records, keywordsOf(ctx.query), asciiLower),
  },
});
