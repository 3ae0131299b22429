// A resource rule: the product's views answer `price` as a string; GET /categories/{id}/products,
// which answers products in their list view, too.
import type { Json } from '../../engine/schema-tools.js';
import { listView, view } from '../../engine/resource.js';
import { mapRecords, onOperations, onResource } from '../support.js';
import { defineFault } from '../types.js';

const priced = (rec: Json): Json => ({ ...rec, price: String(rec.price) });

export default defineFault({
  name: 'product-price-as-string',
  description: 'Product `price` is answered as a string instead of a number.',
  catches: ['@check:responseSchemaConformance'],
  area: 'schema',
  resource: onResource('products', (def) => ({
    view: (rec, ctx) => priced(view(def, rec, ctx)),
    listView: (rec, ctx) => priced(listView(def, rec, ctx)),
  })),
  operation: onOperations(['getCategoryProducts'], (handler) => async (ctx) => {
    const answer = await handler(ctx);
    return { ...answer, body: mapRecords(answer.body, priced) };
  }),
});
