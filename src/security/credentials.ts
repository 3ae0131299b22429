// Other credentials refused (OWASP API2:2023 broken authentication, API5:2023 broken function-level
// authorisation): the admin API answers a real non-admin user (a registered customer) with 401 or
// 403 and nothing else. Any other answer means the credential got past authentication: a 2xx
// served the admin's function to that user, a 4xx or 5xx judged the request as the admin's would.
// Pure, over the probe's exchange (intent `other-auth`, src/probes/auth.ts).
import type { Exchange } from '../core/exchange.js';
import type { SecurityFinding } from '../core/security.js';
import type { Operation } from '../spec/types.js';
import { securityFinding } from './finding.js';

export function judgeOtherUser(ex: Exchange): SecurityFinding[] {
  if (ex.intent !== 'other-auth') return [];
  const s = ex.response.status;
  if (s === 0 || s === 401 || s === 403) return [];
  const served = s >= 200 && s < 300;
  return [
    securityFinding('auth:other-user-accepted', ex, {
      cause: served ? "another user's credentials served" : "another user's credentials past authentication",
      title: served ? `a non-admin user's credentials are served (${s})` : `a non-admin user's credentials get past authentication (${s})`,
      message: `${ex.request.method} ${ex.request.url} with a non-admin user's Basic credentials was answered ${s}, not 401 or 403: ${served ? 'the admin API did what that user asked' : 'the API judged the request as it judges the admin\'s, so that user reaches the admin functions'}.`,
    }),
  ];
}

/**
 * The operations the auth probe tries with the other user's credentials: one read per resource
 * (group), its list where it has one (a GET without path parameters, the first in catalogue order),
 * else its first GET. The cause is the API's authentication, which a read per resource shows as
 * well as every operation would, and every operation costs GX 4.8's standard run about 160
 * requests it cannot spare under the shops' rate limit; reads also change nothing if a shop
 * accepts the user.
 */
export function otherUserReads(operations: readonly Operation[]): ReadonlySet<string> {
  const chosen = new Map<string, Operation>();
  for (const op of operations) {
    if (op.method !== 'get') continue;
    const current = chosen.get(op.group);
    const isList = !op.parameters.some((p) => p.in === 'path');
    if (!current || (isList && current.parameters.some((p) => p.in === 'path'))) chosen.set(op.group, op);
  }
  return new Set([...chosen.values()].map((op) => op.id));
}
