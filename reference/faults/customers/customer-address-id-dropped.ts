// A customer rule: a create stores addressId 0 whatever address it names.
import { onResource, prepareOf } from '../support.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'customer-address-id-dropped',
  description: 'A customer create with the addressId of an existing address stores addressId 0.',
  catches: ['@rule:customer-address'],
  area: 'customers',
  resource: onResource('customers', (def) => ({
    prepare: (input, ctx, existing, others) => {
      const draft = prepareOf(def)(input, ctx, existing, others);
      return existing ? draft : { ...draft, addressId: 0 };
    },
  })),
});
