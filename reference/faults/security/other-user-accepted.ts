// At the edge: any user's Basic credentials other than the admin's are taken for the admin's, as an
// API that checks only that a customer account exists (not that it is an admin) would.
import { defineFault } from '../types.js';

export default defineFault({
  name: 'other-user-accepted',
  description: "Basic credentials of any user other than the admin are served as the admin's.",
  catches: ['@security:credentials'],
  shows: 'security',
  finds: ['auth:other-user-accepted'],
  area: 'security',
  http: {
    onRequest: (shop) => (req, _reply, done) => {
      const auth = req.headers.authorization ?? '';
      const decoded = /^Basic\s+(\S+)/i.exec(auth)?.[1];
      const user = decoded ? Buffer.from(decoded, 'base64').toString('utf8').split(':')[0] : undefined;
      if (user !== undefined && user !== shop.user) req.headers.authorization = `Basic ${Buffer.from(`${shop.user}:${shop.password}`, 'utf8').toString('base64')}`;
      done();
    },
  },
});
