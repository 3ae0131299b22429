// Quantity prices: the lowest band reached wins instead of the highest.
import { graduatedPrice } from '../../groups/product-prices.js';
import { quantityPricesBy } from '../support.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'graduated-price-lowest-band',
  description: 'A quantity price takes the lowest graduated band reached instead of the highest threshold not above the quantity.',
  catches: ['@rule:graduated-prices'],
  area: 'catalogue',
  operation: quantityPricesBy((group, base, quantity) => {
    const lowest = group.graduatedPrices.filter((g) => g.threshold <= quantity).sort((a, b) => a.threshold - b.threshold)[0];
    return lowest ? lowest.graduatedPrice : graduatedPrice(group, base, quantity);
  }),
});
