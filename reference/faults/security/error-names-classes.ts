// How an error is answered: the reason starts with the value type of the implementation that
// refused the input, as GX's "IntType: Invalid argument value given ..." does.
import { defineFault } from '../types.js';

export default defineFault({
  name: 'error-names-classes',
  description: "Error messages start with the implementation's value class (`IntegerValueType: ...`).",
  catches: ['@security:answers'],
  shows: 'security',
  finds: ['leak:class-name'],
  area: 'security',
  answer: {
    error: (shop) => (err, op, req) => {
      const { status, body } = shop(err, op, req);
      const message = typeof body.message === 'string' ? body.message : '';
      return { status, body: { ...body, message: `IntegerValueType: ${message}` } };
    },
  },
});
