// At the edge: successful answers are relabelled text/html on their way out.
import { defineFault } from '../types.js';

export default defineFault({
  name: 'content-type-text-html',
  description: 'Successful answers are labelled Content-Type: text/html.',
  catches: ['@check:contentTypeConformance'],
  area: 'core',
  http: {
    onSend: () => (_req, reply, payload, done) => {
      if (reply.statusCode < 400) reply.header('Content-Type', 'text/html; charset=utf-8');
      done(null, payload);
    },
  },
});
