// At the edge: every answer starts a session with a cookie, though every request authenticates with
// Basic auth (GX sets `GXsid_<hash>` on every answer, 401 included).
import { defineFault } from '../types.js';

export default defineFault({
  name: 'session-cookie-set',
  description: 'Every answer sets a `SHOPSID_4f2a9c1e` session cookie.',
  catches: ['@security:answers'],
  shows: 'security',
  finds: ['cookie:session'],
  area: 'security',
  http: {
    onSend: () => (_req, reply, payload, done) => {
      reply.header('Set-Cookie', 'SHOPSID_4f2a9c1e=s3ss10n; path=/; HttpOnly');
      done(null, payload);
    },
  },
});
