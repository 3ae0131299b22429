// A customer rule: after a create, the new `address` it carries is not made.
import { onResource } from '../support.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'customer-new-address-ignored',
  description: 'A customer create with a new `address` makes no address (addressId stays 0).',
  catches: ['@rule:customer-address'],
  area: 'customers',
  resource: onResource('customers', (def) => ({
    afterStore: (stored, input, ctx, created) => {
      const { address: _ignored, ...rest } = input;
      return def.afterStore ? def.afterStore(stored, created ? rest : input, ctx, created) : stored;
    },
  })),
});
