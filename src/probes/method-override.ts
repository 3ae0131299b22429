// POST with X-HTTP-Method-Override on the harness's own record, compared with what the real
// method answered (the positive probe); an overridden DELETE is followed by a read of the record.
import { blocked, modeFor, type Probe } from './types.js';
import type { Exchange } from '../core/exchange.js';

export const methodOverrideProbe: Probe = async (op, env) => {
  const method = op.method.toUpperCase();
  const forbidden = env.client.profileBlocks(op)?.reason;
  if (forbidden) return blocked('disabled', forbidden);
  if (!env.client.writesAllowed) return blocked('disabled', 'PROFILE=readonly sends no writes');
  // A server that ignored the override would run this path's POST; when that POST is destructive
  // (sending an e-mail), the probe waits for PROFILE=full.
  const post = env.client.catalogue.operations.find((o) => o.method === 'post' && o.path === op.path);
  const postBlocked = post ? env.client.profileBlocks(post)?.reason : undefined;
  if (postBlocked) return blocked('disabled', `POST on ${op.path} is ${post?.id}: ${postBlocked}`);
  const positive = await env.probe('positive', op);
  const baseline = positive.exchanges[0];
  // An update of a record: the positive probe's request again (sent twice it leaves the same
  // record), so the two answers compare like for like. A collection-level write may use up what it
  // names (a file rename) and gets its own; so does an overridden DELETE: the record the auth
  // probe was refused on, when there is one.
  const again = op.method !== 'delete' && /\}$/.test(op.path);
  const spare = op.method === 'delete' ? (await env.probe('auth', op).catch(() => undefined))?.spare : undefined;
  const input = again ? await env.valid(op) : spare ? { ok: true as const, value: spare } : await env.resolver.requestFor(op, modeFor(op, true));
  if (!input.ok) return blocked(input.kind, input.reason);
  const ex = await env.client.call(op, {
    ...input.value,
    method: 'POST',
    headers: { 'X-HTTP-Method-Override': method },
    intent: 'method-override',
    label: `POST with X-HTTP-Method-Override: ${method}`,
    noAnswer: 'return',
  });
  const related: Record<string, Exchange> = {};
  if (baseline) related.baseline = baseline;
  if (positive.related?.followUp) related.baselineFollowUp = positive.related.followUp;
  // Only a record path can be read back; a collection-level delete (files) is judged by its answer.
  if (method === 'DELETE' && /\}$/.test(op.path)) {
    const reader = env.client.catalogue.operations.find((o) => o.method === 'get' && o.path === op.path);
    if (reader) related.followUp = await env.client.call(reader, { path: input.value.path, intent: 'follow-up', label: 'read after the overridden DELETE', noAnswer: 'return' });
  }
  return { exchanges: [ex], related };
};
