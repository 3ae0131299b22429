// A customer rule: an update keeps the stored addressId whatever address it names.
import { onResource, prepareOf } from '../support.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'customer-update-address-id-ignored',
  description: 'A customer update keeps the old addressId instead of the one it was given.',
  catches: ['@rule:customer-address'],
  area: 'customers',
  resource: onResource('customers', (def) => ({
    prepare: (input, ctx, existing, others) => {
      const draft = prepareOf(def)(input, ctx, existing, others);
      return existing ? { ...draft, addressId: existing.addressId ?? 0 } : draft;
    },
  })),
});
