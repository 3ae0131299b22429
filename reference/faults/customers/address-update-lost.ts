// An address rule: an update (after its references are checked) stores the address as it was.
import { onResource, prepareOf } from '../support.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'address-update-lost',
  description: 'PUT /addresses/{id} answers the old address and stores nothing.',
  catches: ['@rule:lifecycle'],
  area: 'customers',
  resource: onResource('addresses', (def) => ({
    prepare: (input, ctx, existing, others) => {
      const draft = prepareOf(def)(input, ctx, existing, others);
      return existing ? { ...existing } : draft;
    },
  })),
});
