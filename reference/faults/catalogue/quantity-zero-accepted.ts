// Quantity prices: a quantity of 0 or below is priced (after the product and group checks) instead of refused.
import { fitRecords } from '../../engine/shape.js';
import { successStatus } from '../../engine/statuses.js';
import { quantityPrice, quantityTarget } from '../../groups/product-prices.js';
import { onOperations } from '../support.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'quantity-zero-accepted',
  description: 'A quantity price for a quantity of 0 or below is answered instead of refused with 400.',
  catches: ['@rule:graduated-prices'],
  // Advisory only: the vendor declares a 400 for the quantity price but not which quantities get it;
  // refusing 0 and below is the reference shop's reading (suites/resources/support/prices.ts OUR_PRICING).
  shows: 'advisory',
  area: 'catalogue',
  operation: onOperations(['getProductQuantityPrices', 'getProductProductQuantityPrice'], (handler) => (ctx) => {
    const quantity = ctx.params.quantity as number;
    if (quantity > 0) return handler(ctx);
    const { productId, groupId } = quantityTarget(ctx);
    return { body: fitRecords(ctx.op, successStatus(ctx.op), quantityPrice(ctx, productId, groupId, quantity)) };
  }),
});
