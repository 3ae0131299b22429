// At the edge: every answer names the runtime and its version, as PHP's expose_php does by default
// (GX 4.8: `X-Powered-By: PHP/7.4.33`).
import { defineFault } from '../types.js';

export default defineFault({
  name: 'powered-by-version',
  description: 'Every answer carries `X-Powered-By: PHP/8.2.7`.',
  catches: ['@security:answers'],
  shows: 'security',
  finds: ['leak:version-header'],
  area: 'security',
  http: {
    onSend: () => (_req, reply, payload, done) => {
      reply.header('X-Powered-By', 'PHP/8.2.7');
      done(null, payload);
    },
  },
});
