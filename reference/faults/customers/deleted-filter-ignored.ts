// The generic list: deleted=<date> is read (and checked) but not applied, so live records are listed.
import { onGeneric } from '../support.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'deleted-filter-ignored',
  description: 'deleted=<date> lists the live records instead of those deleted that day.',
  catches: ['@rule:changed-date'],
  area: 'customers',
  operation: onGeneric('list', (handler) => (ctx) => handler({ ...ctx, query: { ...ctx.query, deleted: undefined } })),
});
