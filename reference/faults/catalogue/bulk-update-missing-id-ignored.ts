// PUT /categories drops the records without an id before it runs.
import type { Json } from '../../engine/schema-tools.js';
import { onOperations } from '../support.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'bulk-update-missing-id-ignored',
  description: 'A bulk update of categories (PUT /categories) silently skips a record without id instead of refusing it with 400.',
  catches: ['@rule:bulk'],
  area: 'catalogue',
  operation: onOperations(['updateCategories'], (handler) => (ctx) => (Array.isArray(ctx.body) ? handler({ ...ctx, body: (ctx.body as Json[]).filter((r) => r.id !== undefined) }) : handler(ctx))),
});
