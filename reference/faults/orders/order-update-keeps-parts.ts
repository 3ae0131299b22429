// An order rule: after an update, the order's items, totals and history are not replaced by the ones sent.
import { onResource } from '../support.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'order-update-keeps-parts',
  description: 'PUT /orders/{id} keeps the old items and totals instead of replacing them with the ones sent.',
  catches: ['@rule:lifecycle'],
  area: 'orders',
  resource: onResource('orders', (def) => ({
    afterStore: (stored, input, ctx, created) => (created && def.afterStore ? def.afterStore(stored, input, ctx, created) : stored),
  })),
});
