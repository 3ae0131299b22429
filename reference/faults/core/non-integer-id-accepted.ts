// When path parameters are read: `12abc` is read as its leading digits, as PHP's (int) cast does.
import { defineFault } from '../types.js';

export default defineFault({
  name: 'non-integer-id-accepted',
  description: 'A non-integer path id is read as its leading digits (12abc -> 12) instead of being refused.',
  catches: ['@check:negativeDataRejection'],
  area: 'core',
  checks: {
    params: (shop) => (op, where, raw) => {
      if (where !== 'path') return shop(op, where, raw);
      const bent = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, typeof v === 'string' ? (/^(\d+)\D/.exec(v)?.[1] ?? v) : v]));
      return shop(op, where, bent);
    },
  },
});
