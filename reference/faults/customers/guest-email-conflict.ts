// A customer rule: a guest's e-mail must be unique among all customers, as if guests were registrees.
import { conflict } from '../../http/errors.js';
import { sameEmail } from '../../groups/customers.js';
import { onResource } from '../support.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'guest-email-conflict',
  description: 'A guest whose e-mail another customer has is refused with 409, although guests may share e-mails.',
  catches: ['@rule:unique-email'],
  // Advisory only: that guests may share an e-mail is observed on both shops, not described (facts "Customers").
  shows: 'advisory',
  area: 'customers',
  resource: onResource('customers', (def) => ({
    unique: (input, ctx, existing, others) => {
      if (input.isGuest !== true) return def.unique?.(input, ctx, existing, others);
      const clash = ctx.state.col('customers').all().some((c) => c.id !== existing?.id && sameEmail(c.email, input.email));
      if (clash) throw conflict(`The e-mail ${String(input.email)} is already used.`);
    },
  })),
});
