// The generic delete: of several ids (DELETE /customers/3,4,5) only the first is deleted, after
// all were checked, and the answer names them all.
import { idsParam } from '../../engine/context.js';
import { isIdempotentDelete, notFoundMessage } from '../../engine/resource.js';
import { isObj } from '../../../src/core/json.js';
import { notFound } from '../../http/errors.js';
import { onGeneric } from '../support.js';
import { defineFault } from '../types.js';

export default defineFault({
  name: 'bulk-delete-first-only',
  description: 'A bulk delete (DELETE /customers/3,4,5) deletes only the first id but reports all as deleted.',
  catches: ['@rule:bulk'],
  area: 'lifecycle',
  operation: onGeneric('remove', (handler, { def, idName = '' }) => async (ctx) => {
    const ids = idsParam(ctx, idName);
    if (ids.length < 2) return handler(ctx);
    if (!isIdempotentDelete(def, ctx.op)) for (const id of ids) if (!ctx.state.col(def.collection).has(id)) throw notFound(notFoundMessage(def, id));
    const answer = await handler({ ...ctx, params: { ...ctx.params, [idName]: ids.slice(0, 1) } });
    return isObj(answer.body) && Array.isArray(answer.body.deleted) ? { ...answer, body: { ...answer.body, deleted: ids } } : answer;
  }),
});
