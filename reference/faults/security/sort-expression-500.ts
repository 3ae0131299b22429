// At the edge: a sort key that is no plain field name (a quote, a parenthesis, a dash comment, a
// slash) breaks the shop down with a 500, as GX 4.8 does for `sort=+id,-(select 1)`: the key
// reaches its query builder unchecked.
import { defineFault } from '../types.js';

export default defineFault({
  name: 'sort-expression-500',
  description: "A sort key with a quote, parenthesis, comment or slash is answered 500 (the key reaches the query).",
  catches: ['@security:injection'],
  shows: 'security',
  finds: ['inject:server-error'],
  area: 'security',
  http: {
    onRequest: () => (req, reply, done) => {
      const sort = new URL(req.url, 'http://shop.invalid').searchParams.get('sort') ?? '';
      if (/['()/]|--/.test(sort)) {
        void reply.code(500).send(JSON.stringify({ code: 500, status: 'error', message: 'Internal error.' }));
        return;
      }
      done();
    },
  },
});
