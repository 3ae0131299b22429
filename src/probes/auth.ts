// The same valid request without credentials and with wrong ones. A correct server refuses both
// before doing anything; a broken one would do the real thing, which is why writes still go only
// to the harness's own records. It is the positive probe's request (env.valid), but for a DELETE,
// whose record the positive probe used up: that gets a record of its own. A read the target has
// no record for is sent to ids that name none: the refusal comes before any record is looked at.
import { isWriteOperation } from '../spec/operation-kinds.js';
import type { RequestInput } from '../data/steps.js';
import { depthPlan } from '../config/depth.js';
import type { Operation } from '../spec/types.js';
import { blocked, modeFor, type Probe, type ProbeEnv } from './types.js';

export const authProbe: Probe = async (op, env) => {
  if (!op.secured) return blocked('skip', `${op.id} declares no security requirement`);
  const forbidden = env.client.profileBlocks(op)?.reason;
  if (forbidden) return blocked('disabled', forbidden);
  const mode = modeFor(op, isWriteOperation(op));
  // A DELETE's refusal gets a record of its own, or, where the depth shares it, the record the valid
  // DELETE then deletes (it is sent first then: src/probes/index.ts).
  const resolved = mode === 'consume' && !depthPlan(env.depth).shareDeleteRecord ? await env.resolver.requestFor(op, mode) : await env.valid(op);
  // A refusal for lack of credentials needs no record: a read the target has no record for goes to
  // ids that name none (GX 4.8 answers 401 to GET /payment_details/1 on a shop without orders).
  const any = !resolved.ok && resolved.kind === 'skip' ? env.resolver.anyRead(op) : undefined;
  if (!resolved.ok && !any) return blocked(resolved.kind, resolved.reason);
  const input = resolved.ok ? resolved.value : (any as RequestInput);
  const where = resolved.ok ? '' : ` (to ids that need name no record: ${resolved.reason})`;
  const none = await env.client.call(op, { ...input, auth: 'none', intent: 'no-auth', label: `without credentials${where}`, noAnswer: 'return' });
  const wrong = sendsWrong(op, env) ? await env.client.call(op, { ...input, auth: 'wrong', intent: 'wrong-auth', label: `with wrong credentials${where}`, noAnswer: 'return' }) : undefined;
  // The security pack (API2/API5): the same request with a real non-admin user's credentials must
  // be refused too, tried on one read per resource (env.otherTries), at the depths that probe
  // security actively (registering the user is a create of its own). The security scan judges it
  // (src/security/credentials.ts); never a conformance cell.
  const user = wrong && depthPlan(env.depth).activeSecurity && env.otherTries?.has(op.id) ? await env.other?.() : undefined;
  const other = user?.ok ? await env.client.call(op, { ...input, auth: 'other', credentials: user.credentials, intent: 'other-auth', label: `with another user's credentials (${user.source})${where}`, noAnswer: 'return' }) : undefined;
  // Only a plain refusal (401/403) surely left the record alone; any other answer may have deleted it.
  const refused = (status: number): boolean => status === 401 || status === 403;
  const exchanges = [none, ...(wrong ? [wrong] : []), ...(other ? [other] : [])];
  if (resolved.ok && mode === 'consume' && exchanges.every((ex) => refused(ex.response.status))) return { exchanges, spare: input };
  return { exchanges };
};

/**
 * Whether this operation also gets the request with wrong credentials: always, unless the run's
 * depth sends them on one operation per resource group (src/config/depth.ts), its first secured
 * read (a read needs no record of its own), else its first secured operation.
 */
function sendsWrong(op: Operation, env: ProbeEnv): boolean {
  if (depthPlan(env.depth).wrongCredentials === 'every') return true;
  const group = env.client.catalogue.operations.filter((o) => o.group === op.group && o.secured);
  return (group.find((o) => o.method === 'get') ?? group[0])?.id === op.id;
}
