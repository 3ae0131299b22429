// A resource rule: the customer's view leaves out `email`.
import { onResource, viewOf } from '../support.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'customer-without-email',
  description: 'Customer records are answered without their required `email` field.',
  catches: ['@check:responseSchemaConformance'],
  area: 'schema',
  resource: onResource('customers', (def) => ({
    view: (rec, ctx) => {
      const { email: _dropped, ...rest } = viewOf(def)(rec, ctx);
      return rest;
    },
  })),
});
