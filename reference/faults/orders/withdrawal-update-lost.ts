// A withdrawal rule: a change stores the withdrawal as it was.
import { onResource, prepareOf } from '../support.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'withdrawal-update-lost',
  description: 'PUT /withdrawals/{id} changes nothing: it answers and keeps the record as it was.',
  catches: ['@rule:lifecycle'],
  area: 'orders',
  resource: onResource('withdrawals', (def) => ({
    prepare: (input, ctx, existing, others) => existing ?? prepareOf(def)(input, ctx, existing, others),
  })),
});
