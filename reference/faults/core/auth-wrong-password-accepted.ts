// At the edge: credentials naming the shop's user get the right password before authentication runs.
import { basicAuthorization, basicUser } from '../support.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'auth-wrong-password-accepted',
  description: 'Any password is accepted for the admin user.',
  catches: ['@check:authRequired'],
  area: 'core',
  http: {
    onRequest: (shop) => (req, _reply, done) => {
      if (basicUser(req.headers.authorization) === shop.user) req.headers.authorization = basicAuthorization(shop.user, shop.password);
      done();
    },
  },
});
