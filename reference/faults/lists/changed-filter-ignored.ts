// The generic list: changed=<date> is read (and checked) but not applied.
import { onGeneric } from '../support.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'changed-filter-ignored',
  description: 'The changed date filter is ignored: every record is listed.',
  catches: ['@rule:changed-date'],
  area: 'lists',
  operation: onGeneric('list', (handler) => (ctx) => handler({ ...ctx, query: { ...ctx.query, changed: undefined } })),
});
