// The status is one the spec declares for the operation. 401, 415 and 429 are declared globally
// by the API (auth failure, wrong content type, rate limit) and accepted only in exactly those
// situations.
import { declaredResponse } from '../spec/validators.js';
import type { Operation } from '../spec/types.js';
import { declaredList, finding, opLabel, what } from './finding.js';
import type { Exchange } from '../core/exchange.js';
import type { Finding } from '../core/finding.js';
import type { Check, CheckContext } from './types.js';

const NAME = 'statusCodeConformance';

/** Why a globally defined status is acceptable for this exchange, or undefined. */
export function globalStatusReason(ex: Exchange): string | undefined {
  const s = ex.response.status;
  if (s === 401 && (ex.intent === 'no-auth' || ex.intent === 'wrong-auth')) return 'authentication failed';
  if (s === 415 && ex.intent === 'wrong-content-type') return 'wrong content type';
  if (s === 429 && ex.response.headers['x-rate-limit-remaining'] === '0') return 'rate limit reached';
  return undefined;
}

export function statusCodeConformance(op: Operation, ex: Exchange, _ctx: CheckContext): Finding[] {
  const s = ex.response.status;
  if (s === 0) {
    return [finding(NAME, op, ex, { title: 'no answer', message: `${opLabel(op)} got no HTTP answer (${ex.response.transportError ?? 'unknown'})${what(ex)}.`, severity: 'major' })];
  }
  if (declaredResponse(op, s)) return [];
  if (globalStatusReason(ex)) return [];
  return [
    finding(NAME, op, ex, {
      title: `undeclared status ${s}`,
      message: `${opLabel(op)} answered ${s}${what(ex)}; the spec declares ${declaredList(op)}.`,
      severity: s >= 500 ? 'critical' : 'major',
    }),
  ];
}

export const statusCodeConformanceCheck: Check = {
  name: NAME,
  description: 'The status is one the spec declares for the operation (401/415/429 only in their global situations).',
  should: 'answer with a declared status',
  severity: 'major',
  probes: ['positive', 'auth', 'negative'],
  intents: ['positive', 'no-auth', 'wrong-auth', 'wrong-content-type'],
  appliesTo: () => true,
  run: statusCodeConformance,
};
