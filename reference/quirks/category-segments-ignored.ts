// GX 3.2.0.1 routes a category's children but not its products: GET /categories/{id}/products, or
// any other segment after a category's id, answers what GET /categories/{id} answers (its
// controller looks only for "children"), so the support gate finds the path unrouted. A test that
// judges several operations by one rule must judge each one the shop implements and leave only
// the products Unsupported (fixtures/each-operation.ts), not skip them all with it; and whether it
// is unrouted is decided from reads before the test's own wrong request (a deleted category's 404
// would otherwise pass for the products' 404).
import { defineQuirk } from './types.js';

const IGNORED = /^(.*\/categories\/\d+)\/(?!children(?:[/?]|$))[^/?]+(\?.*)?$/;

export default defineQuirk({
  name: 'category-segments-ignored',
  description: 'GET /categories/{id}/<segment> answers as GET /categories/{id} for every segment but children: a category\'s products are not routed.',
  seenOn: "GX 3.2.0.1: the categories' error-status test judged the read, the children and the products of a deleted category, and was wholly Unsupported for the products",
  http: {
    rawRequest: (req) => {
      const m = req.method === 'GET' && req.url ? IGNORED.exec(req.url) : null;
      if (m) req.url = `${m[1] ?? ''}${m[2] ?? ''}`;
    },
  },
});
