// Quantity prices: the graduated bands do not count; the group (or base) price is answered.
import { graduatedPrice } from '../../groups/product-prices.js';
import { quantityPricesBy } from '../support.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'graduated-prices-ignored',
  description: 'Quantity prices ignore the graduated bands and answer the group (or base) price.',
  catches: ['@rule:graduated-prices'],
  area: 'lifecycle',
  operation: quantityPricesBy((group, base, quantity) => graduatedPrice({ ...group, graduatedPrices: [] }, base, quantity)),
});
