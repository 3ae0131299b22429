// How an error is answered: the body the shop builds loses its `message`.
import { defineFault } from '../types.js';

export default defineFault({
  name: 'error-body-without-message',
  description: 'Error bodies lack the required `message` field.',
  catches: ['@check:errorBodyShape', '@check:responseSchemaConformance'],
  area: 'core',
  answer: {
    error: (shop) => (err, op, req) => {
      const { status, body } = shop(err, op, req);
      const { message: _dropped, ...rest } = body;
      return { status, body: rest };
    },
  },
});
