// GX 4.8 keeps one special offer per product (a unique key on products_id): a second offer for a
// product is refused with MySQL's "Duplicate entry", whoever asks. The harness's setups share a
// product per worker, so the resolver must send such a create again with a product of its own
// (src/data/own-records.ts: a create refusedAsDuplicate is sent again).
import { badRequest } from '../http/errors.js';
import { onResource } from '../faults/support.js';
import { defineQuirk } from './types.js';

export default defineQuirk({
  name: 'one-offer-per-product',
  description: 'A second special offer for a product (create or replace) is refused with 400 "Duplicate entry ... for key \'products_id\'".',
  seenOn: "GX 4.8.0.3: a second POST /special_offers for a product answers a 4xx saying Duplicate entry for key products_id",
  resource: onResource('specialOffers', (def) => ({
    unique: (input, ctx, existing, others) => {
      def.unique?.(input, ctx, existing, others);
      const taken = [...ctx.state.col('specialOffers').where((o) => o.id !== existing?.id), ...others].some((o) => o.productId === input.productId);
      if (taken) throw badRequest(`SQLSTATE[23000]: Integrity constraint violation: 1062 Duplicate entry '${String(input.productId)}' for key 'products_id'`);
    },
  })),
});
