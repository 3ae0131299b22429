// An operation's handler: an order whose customer's VAT number comes as a number, the type the
// description declares, crashes the shop (GX 4.8.0.3 answers 500 "StringType: Invalid argument
// value given (expected string got integer)"); as text (the vendor example's form) it is taken.
// Caught only if the contract suite's own request of the create keeps the declared form while the
// records made to stand behind other operations are written in the example's (EXAMPLE_FORMS).
import { ShopError } from '../../http/errors.js';
import { isObj } from '../../../src/core/json.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'order-vat-id-text-only',
  description: 'POST and PUT /orders answer 500 to a customer.vatId that is a number, as declared; only text is taken.',
  catches: ['@check:notAServerError'],
  area: 'core',
  operation: (handler, op) => {
    if (op.id !== 'createOrder' && op.id !== 'updateOrder') return handler;
    return (ctx) => {
      const body = ctx.body;
      const vatId = isObj(body) && isObj(body.customer) ? body.customer.vatId : undefined;
      if (typeof vatId === 'number') throw new ShopError('internal', `StringType: Invalid argument value given (expected string got integer): ${vatId}`, 500);
      return handler(ctx);
    };
  },
});
