// At the edge: a `fields` list naming something that is no field is refused with a 400 that repeats
// the name as sent (GX 4.8's "The field '(select 1)' is not a valid field name.").
import { defineFault } from '../types.js';

export default defineFault({
  name: 'fields-error-reflects',
  description: "A `fields` value with a name that is no field is answered 400 repeating the name as sent.",
  catches: ['@security:injection'],
  shows: 'security',
  finds: ['inject:reflected'],
  area: 'security',
  http: {
    onRequest: () => (req, reply, done) => {
      const fields = new URL(req.url, 'http://shop.invalid').searchParams.get('fields') ?? '';
      const odd = fields.split(',').find((f) => f !== '' && !/^[\w.]+$/.test(f));
      if (odd !== undefined) {
        void reply.code(400).send(JSON.stringify({ code: 400, status: 'error', message: `The field '${odd}' is not a valid field name.` }));
        return;
      }
      done();
    },
  },
});
