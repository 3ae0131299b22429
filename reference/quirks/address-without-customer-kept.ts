// GX 4.8 stores an address sent without customerId under customer 0 and answers its id, but never
// serves it again: its read answers 404, its list leaves it out, and its DELETE answers 200 and
// keeps the row. The negative-data property sends that body every run; the record keeper must
// name the address as left although its DELETE answered 2xx (src/client/record-keeper.ts).
import { notFound } from '../http/errors.js';
import type { OpContext } from '../engine/context.js';
import type { Json } from '../engine/schema-tools.js';
import { keeping, onOperations, onResource, prepareOf } from '../faults/support.js';
import { defineQuirk } from './types.js';

const CREATE = 'createAddress';

/** The address the request's path names, if the shop stored it without a customer. */
function unserved(ctx: OpContext): Json | undefined {
  const id = ctx.params.address_id;
  const rec = typeof id === 'number' ? ctx.state.col('addresses').get(id) : undefined;
  return rec?.customerId === 0 ? rec : undefined;
}

export default defineQuirk({
  name: 'address-without-customer-kept',
  description: 'An address created without customerId is stored under customer 0 and answered with its id, then never served: its read answers 404, the list leaves it out, its DELETE answers 200 and keeps it.',
  seenOn: 'GX 4.8.0.3: POST /addresses without customerId answered 201 with id 3, then GET /addresses/3 404 and DELETE /addresses/3 200; the row stayed in the database',
  checks: {
    body: (shop) => (errors, op) => shop(errors, op).filter((e) => !(op.id === CREATE && e.schemaPath.endsWith('/required') && e.message.includes("'customerId'"))),
    reference: (shop) => (ctx, collection, id, what) => {
      if (ctx.op.id === CREATE && collection === 'customers' && id === undefined) return;
      shop(ctx, collection, id, what);
    },
  },
  resource: onResource('addresses', (def) => ({
    prepare: (input, ctx, existing, others) => {
      const rec = prepareOf(def)(input, ctx, existing, others);
      return !existing && input.customerId === undefined ? { ...rec, customerId: 0 } : rec;
    },
    listScope: (recs, ctx) => (def.listScope ? def.listScope(recs, ctx) : recs).filter((r) => r.customerId !== 0),
  })),
  operation: onOperations(['getAddress', 'deleteAddress'], (handler, op) => (ctx) => {
    const rec = unserved(ctx);
    if (!rec) return handler(ctx);
    if (op.id === 'getAddress') throw notFound(`Address ${String(rec.id)} was not found.`);
    return keeping(ctx, 'addresses', [rec.id as number], () => handler(ctx));
  }),
});
