// Invalid input is refused with a 4xx: a wrong-typed or out-of-range path id, a missing required
// body, a body of the wrong type (whole or one field), malformed JSON, a wrong content type.
// Accepting it (2xx) or crashing on it (5xx, no answer) is a failure, except where only our
// spec's erratum makes the input invalid (STRICTER_INPUT): accepting it is then an advisory.
import { declaredResponse } from '../spec/validators.js';
import type { Operation } from '../spec/types.js';
import { erratum } from './basis.js';
import { finding, opLabel, what } from './finding.js';
import type { Exchange } from '../core/exchange.js';
import type { Finding } from '../core/finding.js';
import type { Check, CheckContext } from './types.js';

const NAME = 'negativeDataRejection';

/**
 * Input only our spec refuses (spec/ERRATA.md, entries marked stricter): the vendor's description
 * allows it, so a shop that takes it gives an advisory, not a Fail.
 */
const STRICTER_INPUT: readonly { ref: string; applies: (op: Operation, ex: Exchange) => boolean }[] = [
  { ref: 'ERRATA #15: the description does not require these bodies', applies: (op, ex) => ex.label === 'missing required body' && ((op.method === 'put' && op.path === '/product_images') || (op.method === 'post' && op.path === '/emails/{email_id}')) },
  { ref: 'ERRATA #35: the description declares these ids as strings', applies: (op, ex) => op.path.includes('additional_fields') && /^(wrong-typed|out-of-range) path id (field_id|product_id)=/.test(ex.label ?? '') },
];

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
  const stricter = STRICTER_INPUT.find((e) => e.applies(op, ex));
  return [
    finding(NAME, op, ex, {
      title: `invalid input accepted with ${s}`,
      message: `${opLabel(op)}${what(ex)} answered ${s}; invalid input must be refused with a 4xx.`,
      severity: 'major',
      ...(stricter ? { basis: erratum(stricter.ref) } : {}),
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
