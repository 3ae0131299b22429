// A parcel-service rule: a change stores the parcel service as it was.
import { onResource, prepareOf } from '../support.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'parcel-service-update-lost',
  description: 'PUT /parcel_services/{id} changes nothing: it answers and keeps the record as it was.',
  catches: ['@rule:lifecycle'],
  area: 'orders',
  resource: onResource('parcelServices', (def) => ({
    prepare: (input, ctx, existing, others) => existing ?? prepareOf(def)(input, ctx, existing, others),
  })),
});
