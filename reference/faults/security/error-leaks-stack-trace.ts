// How an error is answered: the body carries the stack frames of where the shop failed, as GX 4.8's
// bulk creates do (`errors[].stacktrace`). The reason is still given, so only the leak shows.
import { defineFault } from '../types.js';

export default defineFault({
  name: 'error-leaks-stack-trace',
  description: 'Error bodies carry a `trace` array of stack frames (file, line, class, function).',
  catches: ['@security:answers'],
  shows: 'security',
  finds: ['leak:stack-trace'],
  area: 'security',
  answer: {
    error: (shop) => (err, op, req) => {
      const { status, body } = shop(err, op, req);
      const trace = [
        { file: '/srv/reference-shop/engine/Types/IdType.php', line: 47, function: '__construct', class: 'IdType' },
        { file: '/srv/reference-shop/http/Controllers/ApiController.php', line: 212, function: 'read', class: 'ApiController' },
      ];
      return { status, body: { ...body, trace } };
    },
  },
});
