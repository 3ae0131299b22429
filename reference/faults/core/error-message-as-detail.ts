// How an error is answered: the body the shop builds says why under `detail`, not `message`.
import { defineFault } from '../types.js';

export default defineFault({
  name: 'error-message-as-detail',
  description: 'Error bodies give their reason as `detail` instead of `message`.',
  catches: ['@rule:error-status'],
  // Advisory only: the vendor's error schema requires no member and the v2 guide only that the
  // body says why; that the reason is `message` is our spec's (ERRATA #29).
  shows: 'advisory',
  area: 'core',
  answer: {
    error: (shop) => (err, op, req) => {
      const { status, body } = shop(err, op, req);
      const { message, ...rest } = body;
      return { status, body: { ...rest, detail: message } };
    },
  },
});
