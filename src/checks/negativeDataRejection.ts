// Invalid input is refused with a 4xx: a wrong-typed or out-of-range path id, a missing required
// body, a body of the wrong type (whole or one field), malformed JSON, a wrong content type.
// Accepting it (2xx) or crashing on it (5xx, no answer) is a failure.
import { declaredResponse } from '../spec/validators.js';
import type { Operation } from '../spec/types.js';
import { finding, opLabel, what } from './finding.js';
import type { Check, CheckContext, Exchange, Finding } from './types.js';

const NAME = 'negativeDataRejection';

export function negativeDataRejection(op: Operation, ex: Exchange, _ctx: CheckContext): Finding[] {
  if (ex.intent !== 'negative' && ex.intent !== 'wrong-content-type') return [];
  const s = ex.response.status;
  if (s >= 400 && s < 500) return [];
  if (s === 0) {
    return [finding(NAME, op, ex, { title: 'no answer to invalid input', message: `${opLabel(op)}${what(ex)} got no HTTP answer (${ex.response.transportError ?? 'unknown'}); expected a 4xx.`, severity: 'critical' })];
  }
  // Some operations declare a 5xx for bad input (country reads: 501 for a missing id): that is the contract.
  if (s >= 500 && declaredResponse(op, s) && declaredResponse(op, s)?.status !== 'default') return [];
  if (s >= 500) {
    return [finding(NAME, op, ex, { title: `${s} on invalid input`, message: `${opLabel(op)}${what(ex)} answered ${s}: invalid input crashed the server instead of a 4xx.`, severity: 'critical' })];
  }
  return [
    finding(NAME, op, ex, {
      title: `invalid input accepted with ${s}`,
      message: `${opLabel(op)}${what(ex)} answered ${s}; invalid input must be refused with a 4xx.`,
      severity: 'major',
    }),
  ];
}

export const negativeDataRejectionCheck: Check = {
  name: NAME,
  description: 'Invalid input (wrong-typed id, out-of-range query value, missing or mistyped body, malformed JSON, wrong content type) gives a 4xx, never 2xx or 5xx.',
  should: 'refuse invalid input with a 4xx',
  severity: 'major',
  probes: ['negative'],
  intents: ['negative', 'wrong-content-type'],
  appliesTo: (op) => hasNegativeVariants(op),
  run: negativeDataRejection,
};

/** Whether the operation takes input that can be invalid: a typed path id or a body. */
export function hasNegativeVariants(op: Operation): boolean {
  const typedId = op.parameters.some((p) => p.in === 'path' && ['integer', 'number', 'array'].includes(String(p.schema.type)));
  const constrainedQuery = op.parameters.some((p) => p.in === 'query' && ((typeof p.schema.minimum === 'number' && ['integer', 'number'].includes(String(p.schema.type))) || (p.schema.type === 'string' && Array.isArray(p.schema.enum))));
  return typedId || constrainedQuery || op.body !== undefined;
}
