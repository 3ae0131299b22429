// PATCH /orders/{id}/status runs as usual (the history entry stays), but its write to the order is undone.
import { onOperations, unchanged } from '../support.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'order-status-not-stored',
  description: "PATCH /orders/{id}/status adds the history entry but leaves the order's statusId as it was.",
  catches: ['@rule:order-status-history'],
  area: 'orders',
  operation: onOperations(['updateOrderStatus'], (handler) => (ctx) => unchanged(ctx, 'orders', () => handler(ctx))),
});
