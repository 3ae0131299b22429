// A tracking code created under an order is then stored with orderId 0.
import type { Json } from '../../engine/schema-tools.js';
import { onOperations } from '../support.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'tracking-code-order-lost',
  description: 'A tracking code created under an order is stored with orderId 0: the order does not list it.',
  catches: ['@rule:lifecycle'],
  area: 'orders',
  operation: onOperations(['postTrackingCode', 'postTrackingCodeDeprecated'], (handler) => async (ctx) => {
    const answer = await handler(ctx);
    const created = (answer.body as Json[])[0] as Json;
    const stored = ctx.state.col('trackingCodes').replace(created.id as number, { ...created, orderId: 0 }, ctx.now());
    return { ...answer, body: [stored] };
  }),
});
