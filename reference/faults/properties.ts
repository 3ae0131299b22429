// Faults that only a property or a model run can reasonably find: each hides in a corner of the
// input space an example-based test does not visit (a page size that leaves one record for the
// last page, ties across a page boundary, non-ASCII letters in a keyword, a string longer than a
// column, an update after a delete and re-create). suites/properties and suites/model catch them;
// test/harness/properties-proof.spec.ts proves it.
import type { Fault } from './types.js';

export const propertyFaults = [
  {
    name: 'paging-last-page-drops-one',
    description: 'When the total is a multiple of per_page plus one, the last page comes back empty instead of holding that one record.',
    catches: ['@rule:paging'],
    area: 'properties',
  },
  {
    name: 'sort-ties-unstable',
    description: 'Records equal on every sort key come in ascending id order on odd pages and descending on even pages.',
    catches: ['@rule:sort'],
    area: 'properties',
  },
  {
    name: 'create-truncates-long-strings',
    description: 'Creates silently cut first-level strings longer than 255 characters (a VARCHAR(255) column).',
    catches: ['@rule:lifecycle'],
    area: 'properties',
  },
  {
    name: 'customer-update-lost-after-recreate',
    description: 'PUT /customers/{id} is answered but not stored when a deleted customer had the same e-mail (a stale cache keyed by e-mail).',
    catches: ['@rule:lifecycle'],
    area: 'properties',
  },
] as const satisfies readonly Fault[];
