// At the edge: any Origin is echoed back with credentials allowed, as a CORS setup that "allows
// everything" by reflecting the request's origin does.
import { defineFault } from '../types.js';

export default defineFault({
  name: 'cors-origin-reflected',
  description: "Answers echo the request's Origin in Access-Control-Allow-Origin, with Access-Control-Allow-Credentials: true.",
  catches: ['@security:answers'],
  shows: 'security',
  finds: ['header:cors'],
  area: 'security',
  http: {
    onSend: () => (req, reply, payload, done) => {
      const origin = req.headers.origin;
      if (origin) reply.header('Access-Control-Allow-Origin', origin).header('Access-Control-Allow-Credentials', 'true');
      done(null, payload);
    },
  },
});
