// The same valid request without credentials and with wrong ones. A correct server refuses both
// before doing anything; a broken one would do the real thing, which is why writes still go only
// to the harness's own records. It is the positive probe's request (env.valid), but for a DELETE,
// whose record the positive probe used up: that gets a record of its own.
import { isWriteOperation } from '../../client/guard.js';
import { blocked, modeFor, type Probe } from './types.js';

export const authProbe: Probe = async (op, env) => {
  if (!op.secured) return blocked('skip', `${op.id} declares no security requirement`);
  const forbidden = env.resolver.profileBlocks(op);
  if (forbidden) return blocked('disabled', forbidden);
  const mode = modeFor(op, isWriteOperation(op));
  const input = mode === 'consume' ? await env.resolver.requestFor(op, mode) : await env.valid(op);
  if (!input.ok) return blocked(input.kind, input.reason);
  const none = await env.client.call(op, { ...input.value, auth: 'none', intent: 'no-auth', label: 'without credentials', noAnswer: 'return' });
  const wrong = await env.client.call(op, { ...input.value, auth: 'wrong', intent: 'wrong-auth', label: 'with wrong credentials', noAnswer: 'return' });
  // Only a plain refusal (401/403) surely left the record alone; any other answer may have deleted it.
  const refused = (status: number): boolean => status === 401 || status === 403;
  if (mode === 'consume' && refused(none.response.status) && refused(wrong.response.status)) return { exchanges: [none, wrong], spare: input.value };
  return { exchanges: [none, wrong] };
};
