// At the edge, before routing: X-HTTP-Method-Override on a POST is dropped, so the POST stays a POST.
import { defineFault } from '../types.js';

export default defineFault({
  name: 'method-override-ignored',
  description: 'X-HTTP-Method-Override on a POST is ignored; the request is handled as a POST.',
  catches: ['@check:methodOverride'],
  area: 'core',
  http: {
    rawRequest: (req) => {
      if (req.method === 'POST') delete req.headers['x-http-method-override'];
    },
  },
});
