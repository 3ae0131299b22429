// At the edge: answers go out without X-Content-Type-Options (GX 4.8 sends none).
import { defineFault } from '../types.js';

export default defineFault({
  name: 'nosniff-missing',
  description: 'Answers carry no `X-Content-Type-Options: nosniff`.',
  catches: ['@security:answers'],
  shows: 'security',
  finds: ['header:nosniff'],
  area: 'security',
  http: {
    onSend: () => (_req, reply, payload, done) => {
      reply.removeHeader('X-Content-Type-Options');
      done(null, payload);
    },
  },
});
