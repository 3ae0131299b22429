// Faults that only a property or a model run can reasonably find: each hides in a corner of the
// input space an example-based test does not visit (a page size that leaves one record for the
// last page, ties across a page boundary, non-ASCII letters in a keyword, a string longer than a
// column, an update after a delete and re-create, one sort key among thirty). suites/properties and suites/model catch them;
// test/harness/properties-proof.spec.ts proves it.
// One file per fault, in properties/ (data and behaviour together); this file only lists them.
import pagingLastPageDropsOne from './properties/paging-last-page-drops-one.js';
import sortTiesUnstable from './properties/sort-ties-unstable.js';
import searchCaseFoldAsciiOnly from './properties/search-case-fold-ascii-only.js';
import createTruncatesLongStrings from './properties/create-truncates-long-strings.js';
import customerUpdateLostAfterRecreate from './properties/customer-update-lost-after-recreate.js';
import sortKey500 from './properties/sort-key-500.js';

export const propertyFaults = [pagingLastPageDropsOne, sortTiesUnstable, searchCaseFoldAsciiOnly, createTruncatesLongStrings, customerUpdateLostAfterRecreate, sortKey500] as const;
