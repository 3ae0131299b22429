// A manufacturer rule: a change keeps the stored image whatever it sends.
import { onResource, prepareOf } from '../support.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'manufacturer-patch-drops-image',
  description: 'PATCH /manufacturers/{id} stores everything except `image`.',
  catches: ['@rule:lifecycle'],
  area: 'lifecycle',
  resource: onResource('manufacturers', (def) => ({
    prepare: (input, ctx, existing, others) => {
      const draft = prepareOf(def)(input, ctx, existing, others);
      return existing ? { ...draft, image: existing.image } : draft;
    },
  })),
});
