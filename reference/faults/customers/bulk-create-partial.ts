// A bulk create (POST of an array to a collection) that is refused is sent again record by
// record: the records before the refused one are stored, and the refusal is answered as before.
import { ShopError } from '../../http/errors.js';
import { onGeneric } from '../support.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'bulk-create-partial',
  description: 'A bulk create with a conflicting record answers 409 but stores the records before it.',
  catches: ['@rule:bulk', '@rule:unique-email'],
  area: 'customers',
  operation: onGeneric('create', (handler) => async (ctx) => {
    if (!Array.isArray(ctx.body)) return handler(ctx);
    try {
      return await handler(ctx);
    } catch (err) {
      if (!(err instanceof ShopError)) throw err;
      for (const one of ctx.body as unknown[]) await handler({ ...ctx, body: [one] });
      throw err;
    }
  }),
});
