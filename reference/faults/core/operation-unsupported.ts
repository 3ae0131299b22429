// At the edge: GET /shop_information is handed to the shop's not-found handler, as if it had no
// route (which answers what an unrouted path of the spec answers).
import { opOf } from '../../http/request-info.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'operation-unsupported',
  description: 'GET /shop_information is not routed: the not-found handler answers 405 (Allow: GET) like a shop that does not implement it. Expected outcome: Unsupported (a skipped test with an outcome annotation), not Fail.',
  catches: ['@check:unsupportedOperation'],
  area: 'core',
  http: {
    preHandler: () => (req, reply, done) => {
      if (req.is404 || opOf(req)?.id !== 'getShopInformation') return done();
      reply.callNotFound();
    },
  },
});
