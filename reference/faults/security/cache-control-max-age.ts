// At the edge: answers say `Cache-Control: max-age=0` instead of `no-store`, as GX 4.8's do: a
// browser or proxy may still store the admin's data.
import { defineFault } from '../types.js';

export default defineFault({
  name: 'cache-control-max-age',
  description: 'Answers say `Cache-Control: max-age=0` instead of `no-store`.',
  catches: ['@security:answers'],
  shows: 'security',
  finds: ['header:cache-control'],
  area: 'security',
  http: {
    onSend: () => (_req, reply, payload, done) => {
      reply.header('Cache-Control', 'max-age=0');
      done(null, payload);
    },
  },
});
