// No 5xx unless the spec declares it for the operation, whatever the request was.
import { declaredResponse } from '../spec/validators.js';
import type { Operation } from '../spec/types.js';
import { declaredList, finding, opLabel, what } from './finding.js';
import type { Exchange } from '../core/exchange.js';
import type { Finding } from '../core/finding.js';
import type { Check, CheckContext } from './types.js';

const NAME = 'notAServerError';

export function notAServerError(op: Operation, ex: Exchange, _ctx: CheckContext): Finding[] {
  const s = ex.response.status;
  if (s === 0 && ex.response.transportError && ex.response.transportError !== 'TIMEOUT') {
    return [finding(NAME, op, ex, { title: 'connection dropped', message: `${opLabel(op)}${what(ex)} got no HTTP answer (${ex.response.transportError}): the server dropped the request.`, severity: 'critical' })];
  }
  if (s < 500) return [];
  const declared = declaredResponse(op, s);
  if (declared && declared.status !== 'default') return [];
  return [
    finding(NAME, op, ex, {
      title: `server error ${s}`,
      message: `${opLabel(op)}${what(ex)} answered ${s}; the spec declares ${declaredList(op)}.`,
      severity: 'critical',
    }),
  ];
}

export const notAServerErrorCheck: Check = {
  name: NAME,
  description: 'No 5xx (or dropped connection) unless the spec declares that status for the operation.',
  should: 'not answer with an undeclared server error',
  severity: 'critical',
  probes: ['positive', 'auth', 'negative'],
  intents: ['positive', 'negative', 'no-auth', 'wrong-auth', 'wrong-content-type'],
  appliesTo: () => true,
  run: notAServerError,
};
