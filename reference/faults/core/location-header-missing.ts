// At the edge: the Location header of a create is dropped on its way out.
import { defineFault } from '../types.js';

export default defineFault({
  name: 'location-header-missing',
  description: 'Creates answer without a Location header.',
  catches: ['@rule:location-header'],
  // Advisory only: Location on a create is observed on both shops, not described.
  shows: 'advisory',
  area: 'core',
  http: {
    onSend: () => (_req, reply, payload, done) => {
      reply.removeHeader('Location');
      done(null, payload);
    },
  },
});
