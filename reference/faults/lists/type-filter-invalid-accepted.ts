// When query parameters are read: a type value outside the declared ones is dropped before it is checked.
import { defineFault } from '../types.js';

export default defineFault({
  name: 'type-filter-invalid-accepted',
  description: 'An unknown customers type value answers 200 instead of 400.',
  catches: ['@rule:filter-type', '@check:negativeDataRejection'],
  area: 'lists',
  checks: {
    params: (shop) => (op, where, raw) => {
      const allowed = op.parameters.find((p) => p.in === 'query' && p.name === 'type')?.schema.enum;
      if (where !== 'query' || typeof raw.type !== 'string' || !Array.isArray(allowed) || allowed.includes(raw.type)) return shop(op, where, raw);
      const { type: _dropped, ...rest } = raw;
      return shop(op, where, rest);
    },
  },
});
