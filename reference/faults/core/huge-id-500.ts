// When path parameters are read: an id of 16 digits or more beyond 2^53 fails like an integer
// overflow in the shop's code (500) before the id is checked.
import { ShopError } from '../../http/errors.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'huge-id-500',
  description: 'A path id beyond 2^53 answers 500 instead of a 4xx.',
  catches: ['@check:notAServerError', '@check:negativeDataRejection'],
  area: 'core',
  checks: {
    params: (shop) => (op, where, raw) => {
      if (where === 'path' && Object.values(raw).some((v) => typeof v === 'string' && /^\d{16,}$/.test(v) && !Number.isSafeInteger(Number(v)))) {
        throw new ShopError('internal', 'id overflow', 500);
      }
      return shop(op, where, raw);
    },
  },
});
