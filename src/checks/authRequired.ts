// Authentication is enforced: no credentials gives 401 with `WWW-Authenticate: Basic`, wrong
// credentials give 401, and anything served without valid credentials is a critical failure.
import type { Operation } from '../spec/types.js';
import { finding, opLabel } from './finding.js';
import type { Exchange } from '../core/exchange.js';
import type { Finding } from '../core/finding.js';
import type { Check, CheckContext } from './types.js';

const NAME = 'authRequired';

export function authRequired(op: Operation, ex: Exchange, _ctx: CheckContext): Finding[] {
  if (ex.intent !== 'no-auth' && ex.intent !== 'wrong-auth') return [];
  const s = ex.response.status;
  const how = ex.intent === 'no-auth' ? 'without credentials' : 'with wrong credentials';
  if (s === 0) {
    return [finding(NAME, op, ex, { title: `no answer ${how}`, message: `${opLabel(op)} ${how} got no HTTP answer (${ex.response.transportError ?? 'unknown'}); expected 401.`, severity: 'major' })];
  }
  if (s >= 200 && s < 300) {
    return [finding(NAME, op, ex, { title: `served ${how}`, message: `${opLabel(op)} ${how} answered ${s}: the operation is open to anyone.`, severity: 'critical' })];
  }
  if (s !== 401) {
    return [finding(NAME, op, ex, { title: `${s} ${how}`, message: `${opLabel(op)} ${how} answered ${s}; the API answers 401.`, severity: 'major' })];
  }
  if (ex.intent === 'no-auth') {
    const challenge = ex.response.headers['www-authenticate'];
    if (!challenge || !/^\s*basic\b/i.test(challenge)) {
      return [
        finding(NAME, op, ex, {
          title: '401 without a Basic challenge',
          message: `${opLabel(op)} without credentials answered 401 with ${challenge ? `WWW-Authenticate: ${challenge}` : 'no WWW-Authenticate header'}; expected WWW-Authenticate: Basic realm="...".`,
          severity: 'major',
        }),
      ];
    }
  }
  return [];
}

export const authRequiredCheck: Check = {
  name: NAME,
  description: 'No credentials gives 401 with WWW-Authenticate: Basic; wrong credentials give 401; a 2xx is a failure.',
  should: 'require valid credentials',
  severity: 'critical',
  probes: ['auth'],
  intents: ['no-auth', 'wrong-auth'],
  appliesTo: (op) => op.secured,
  run: authRequired,
};
