// PUT /customers/{id} of a customer whose e-mail a deleted customer had (a stale cache keyed by
// e-mail) runs as usual, then the customer is put back as it was.
import { idParam, type OpContext } from '../../engine/context.js';
import { sameEmail } from '../../groups/customers.js';
import { keeping, onOperations } from '../support.js';
import { defineFault } from '../types.js';

function recreated(ctx: OpContext): boolean {
  const current = ctx.state.col('customers').get(idParam(ctx, 'customer_id'));
  return current !== undefined && ctx.state.col('customers').deleted().some((t) => sameEmail(t.record.email, current.email));
}

export default defineFault({
  name: 'customer-update-lost-after-recreate',
  description: 'PUT /customers/{id} is answered but not stored when a deleted customer had the same e-mail (a stale cache keyed by e-mail).',
  catches: ['@rule:lifecycle'],
  area: 'properties',
  operation: onOperations(['updateCustomer'], (handler) => (ctx) => (recreated(ctx) ? keeping(ctx, 'customers', [idParam(ctx, 'customer_id')], () => handler(ctx)) : handler(ctx))),
});
