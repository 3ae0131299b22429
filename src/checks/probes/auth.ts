// The same valid request without credentials and with wrong ones. A correct server refuses both
// before doing anything; a broken one would do the real thing, which is why writes still go only
// to the harness's own records.
import { isWriteOperation } from '../../client/guard.js';
import { blocked, modeFor, type Probe } from './types.js';

export const authProbe: Probe = async (op, env) => {
  if (!op.secured) return blocked('skip', `${op.id} declares no security requirement`);
  const forbidden = env.resolver.profileBlocks(op);
  if (forbidden) return blocked('disabled', forbidden);
  const input = await env.resolver.requestFor(op, modeFor(op, isWriteOperation(op)));
  if (!input.ok) return blocked(input.kind, input.reason);
  const none = await env.client.call(op, { ...input.value, auth: 'none', intent: 'no-auth', label: 'without credentials', noAnswer: 'return' });
  const wrong = await env.client.call(op, { ...input.value, auth: 'wrong', intent: 'wrong-auth', label: 'with wrong credentials', noAnswer: 'return' });
  return { exchanges: [none, wrong] };
};
