// The generic delete: every id must exist, also where deletes are idempotent.
import { notFound } from '../../http/errors.js';
import { idsParam } from '../../engine/context.js';
import { notFoundMessage } from '../../engine/resource.js';
import { onGeneric } from '../support.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'idempotent-delete-404',
  description: 'Deletes the spec marks x-idempotent-delete answer 404 for a record that is already gone.',
  catches: ['@rule:idempotent-delete'],
  area: 'lifecycle',
  operation: onGeneric('remove', (handler, { def, idName }) => (ctx) => {
    const col = ctx.state.col(def.collection);
    for (const id of idsParam(ctx, idName ?? '')) if (!col.has(id)) throw notFound(notFoundMessage(def, id));
    return handler(ctx);
  }),
});
