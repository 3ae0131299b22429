// At the edge: a request without an Authorization header gets the shop's own credentials before
// authentication runs (after the rate limit, which still counts it as anonymous).
import { basicAuthorization } from '../support.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'auth-missing-credentials-accepted',
  description: 'Requests without an Authorization header are served as if authenticated.',
  catches: ['@check:authRequired'],
  area: 'core',
  http: {
    onRequest: (shop) => (req, _reply, done) => {
      if (!req.headers.authorization) req.headers.authorization = basicAuthorization(shop.user, shop.password);
      done();
    },
  },
});
