// How an error is answered: the reason names the shop's source file and line, as GX 4.8's 500s do
// ("... called in <root>/GXMainComponents/... on line 96").
import { defineFault } from '../types.js';

export default defineFault({
  name: 'error-leaks-server-path',
  description: "Error messages end with the absolute path and line of the shop's source file that raised them.",
  catches: ['@security:answers'],
  shows: 'security',
  finds: ['leak:server-path'],
  area: 'security',
  answer: {
    error: (shop) => (err, op, req) => {
      const { status, body } = shop(err, op, req);
      const message = typeof body.message === 'string' ? body.message : '';
      return { status, body: { ...body, message: `${message} (raised in /srv/reference-shop/http/errors/ErrorAnswer.php on line 42)` } };
    },
  },
});
