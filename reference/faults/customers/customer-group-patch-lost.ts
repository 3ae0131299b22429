// A customer-group rule: a change stores the group as it was.
import { onResource, prepareOf } from '../support.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'customer-group-patch-lost',
  description: 'PATCH /customer_groups/{id} answers the old group and stores nothing.',
  catches: ['@rule:lifecycle'],
  area: 'customers',
  resource: onResource('customerGroups', (def) => ({
    prepare: (input, ctx, existing, others) => existing ?? prepareOf(def)(input, ctx, existing, others),
  })),
});
