// A customer rule: the type filter lets every customer through.
import { onResource } from '../support.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'type-filter-ignored',
  description: 'The customers type filter is ignored: guests and registrees are both listed.',
  catches: ['@rule:filter-type'],
  area: 'lists',
  resource: onResource('customers', (def) => ({ filters: { ...def.filters, type: () => true } })),
});
