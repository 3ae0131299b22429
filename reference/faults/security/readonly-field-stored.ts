// A product create stores the readOnly fields the client sent (GX 4.8's product deserialiser reads
// orderedCount and dateAdded from the request): the shop's own body reading strips them, so this
// puts the request's values back before the handler stores the record.
import { onOperations } from '../support.js';
import { defineFault } from '../types.js';

const READ_ONLY = ['orderedCount', 'dateAdded', 'lastModified'] as const;

function withSent(raw: unknown, body: unknown): unknown {
  if (!Array.isArray(raw) || !Array.isArray(body)) return body;
  return body.map((rec: unknown, i) => {
    const sent: unknown = raw[i];
    if (!rec || typeof rec !== 'object' || !sent || typeof sent !== 'object') return rec;
    const back = Object.fromEntries(READ_ONLY.filter((f) => f in sent).map((f) => [f, (sent as Record<string, unknown>)[f]]));
    return { ...(rec as Record<string, unknown>), ...back };
  });
}

export default defineFault({
  name: 'readonly-field-stored',
  description: "POST /products stores the readOnly fields orderedCount, dateAdded and lastModified the client sent.",
  catches: ['@security:assignment'],
  shows: 'security',
  finds: ['assign:read-only-stored'],
  area: 'security',
  operation: onOperations(['createProducts'], (handler) => (ctx) => handler({ ...ctx, body: withSent(ctx.req.body, ctx.body) })),
});
