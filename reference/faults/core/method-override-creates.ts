// At the edge, before routing (GX 4.8's way): a POST overridden to PUT or PATCH on a record's path
// runs as a POST to the record's collection, so it makes a new record; on its way out the create's
// 201 becomes the 200 the real method answers, so statuses alone cannot tell.
import { defineFault } from '../types.js';

/** Marks a request this fault turned into a create, for its answer's status. */
const MARK = 'x-fault-override-created';

export default defineFault({
  name: 'method-override-creates',
  description: 'A POST with X-HTTP-Method-Override: PUT or PATCH on a record runs as a create in its collection, answered 200 like the real method (GX 4.8).',
  catches: ['@check:methodOverride'],
  area: 'core',
  http: {
    rawRequest: (req) => {
      const override = req.headers['x-http-method-override'];
      if (req.method !== 'POST' || typeof override !== 'string' || !['PUT', 'PATCH'].includes(override.trim().toUpperCase())) return;
      const [pathname = '', query] = (req.url ?? '').split('?');
      if (!/\/\d+$/.test(pathname)) return;
      req.url = pathname.replace(/\/\d+$/, '') + (query !== undefined ? `?${query}` : '');
      delete req.headers['x-http-method-override'];
      req.headers[MARK] = '1';
    },
    onSend: () => (req, reply, payload, done) => {
      if (req.headers[MARK] === '1' && reply.statusCode === 201) reply.code(200);
      done(null, payload);
    },
  },
});
