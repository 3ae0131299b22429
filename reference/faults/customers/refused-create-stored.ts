// A customer rule: a create refused for a taken e-mail stores the customer before refusing.
import { ShopError } from '../../http/errors.js';
import { onResource } from '../support.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'refused-create-stored',
  description: 'A customer create refused with 409 (taken registree e-mail) stores the customer anyway.',
  catches: ['@rule:unique-email'],
  area: 'customers',
  resource: onResource('customers', (def) => ({
    unique: (input, ctx, existing, others) => {
      try {
        def.unique?.(input, ctx, existing, others);
      } catch (err) {
        if (!existing && err instanceof ShopError && err.kind === 'conflict') {
          const { password: _p, address: _a, ...record } = input;
          ctx.state.col('customers').insert(record, ctx.now());
        }
        throw err;
      }
    },
  })),
});
