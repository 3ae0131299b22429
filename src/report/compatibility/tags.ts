// How tags name the matrix's rows and columns: the tag contract lives in src/core/keys.ts (the
// worker reads it into each test's verdict record); reports use its column spellings.
export { columnName, keysOf, normaliseColumn, OTHER_CHECK, type Declared, type TestKeys } from '../../core/keys.js';
