// Quantity prices: without a band, the group price is answered even when it is 0 (no fallback to the base price).
import { graduatedPrice } from '../../groups/product-prices.js';
import { quantityPricesBy } from '../support.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'group-price-no-fallback',
  description: 'A customer group without a group price answers a quantity price of 0 instead of falling back to the base price.',
  catches: ['@rule:graduated-prices'],
  // Advisory only: the vendor does not describe the fallback of a group without a group price; it is
  // the reference shop's reading (suites/resources/support/prices.ts OUR_PRICING).
  shows: 'advisory',
  area: 'catalogue',
  operation: quantityPricesBy((group, base, quantity) => (group.graduatedPrices.some((g) => g.threshold <= quantity) ? graduatedPrice(group, base, quantity) : group.groupPrice)),
});
