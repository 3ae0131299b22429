// The operation as the spec describes it: valid ids, a valid body, the configured credentials.
import { fillPath } from '../spec/catalogue.js';
import { blocked, type Probe } from './types.js';

export const positiveProbe: Probe = async (op, env) => {
  const forbidden = env.client.profileBlocks(op)?.reason;
  if (forbidden) return blocked('disabled', forbidden);
  const input = await env.valid(op);
  if (!input.ok) return blocked(input.kind, input.reason);
  const ex = await env.client.call(op, { ...input.value, intent: 'positive', noAnswer: 'return' });
  // A plain read of a collection is a list the resolver may take record ids from.
  if (op.method === 'get' && !/\}$/.test(op.path) && !Object.keys(input.value.query ?? {}).length) env.resolver.knowList(fillPath(op.path, input.value.path), ex);
  // What reading a deleted record answers here (404, or a reset record): what an overridden DELETE is compared with.
  const reader = op.method === 'delete' && /\}$/.test(op.path) ? env.client.catalogue.operations.find((o) => o.method === 'get' && o.path === op.path) : undefined;
  if (reader && ex.response.status >= 200 && ex.response.status < 300) {
    const after = await env.client.call(reader, { path: input.value.path, intent: 'follow-up', label: 'read after the DELETE', noAnswer: 'return' });
    return { exchanges: [ex], related: { followUp: after } };
  }
  return { exchanges: [ex] };
};
