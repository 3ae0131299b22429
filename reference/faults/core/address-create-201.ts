// The createAddress operation answers with 201 instead of its declared status.
import { onOperations } from '../support.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'address-create-201',
  description: 'POST /addresses answers 201, not the declared 200.',
  catches: ['@check:statusCodeConformance'],
  area: 'core',
  operation: onOperations(['createAddress'], (handler) => async (ctx) => ({ ...(await handler(ctx)), status: 201 })),
});
