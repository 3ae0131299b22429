// At the edge: https answers carry no Strict-Transport-Security.
import { defineFault } from '../types.js';

export default defineFault({
  name: 'hsts-missing',
  description: 'Answers over https carry no `Strict-Transport-Security`.',
  catches: ['@security:tls'],
  shows: 'security',
  finds: ['header:hsts'],
  area: 'security',
  http: {
    onSend: () => (_req, reply, payload, done) => {
      reply.removeHeader('Strict-Transport-Security');
      done(null, payload);
    },
  },
});
