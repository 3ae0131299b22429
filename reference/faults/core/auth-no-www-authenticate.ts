// At the edge: the WWW-Authenticate header of a 401 is dropped on its way out.
import { defineFault } from '../types.js';

export default defineFault({
  name: 'auth-no-www-authenticate',
  description: 'A 401 for a missing Authorization header carries no WWW-Authenticate header.',
  catches: ['@check:authRequired'],
  area: 'core',
  http: {
    onSend: () => (_req, reply, payload, done) => {
      if (reply.statusCode === 401) reply.removeHeader('WWW-Authenticate');
      done(null, payload);
    },
  },
});
