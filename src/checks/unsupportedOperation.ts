// A declared operation the target does not implement (404 "resource not found" for the whole
// path, 405, or an undeclared 501) is Unsupported, not Fail: vendors publish partial
// implementations. The other way round is a failure: a method the spec does not declare on a path
// must not be served.
import { notImplementedReason } from './rules/not-implemented.js';
import type { Operation } from '../spec/types.js';
import { finding, opLabel } from './finding.js';
import type { Exchange } from '../core/exchange.js';
import type { Finding } from '../core/finding.js';
import type { Check, CheckContext } from './types.js';

const NAME = 'unsupportedOperation';

/** Why the positive answer says the operation is not implemented (the one decision: rules/not-implemented.ts). */
export function unsupportedReason(op: Operation, ex: Exchange): string | undefined {
  return notImplementedReason(ex.response, op);
}

export function unsupportedOperation(op: Operation, ex: Exchange, _ctx: CheckContext): Finding[] {
  if (ex.intent === 'undeclared-method') {
    const s = ex.response.status;
    if (s >= 200 && s < 400) {
      return [
        finding(NAME, op, ex, {
          title: `undeclared ${ex.request.method} served`,
          message: `${ex.request.method} on ${op.path} is not in the spec but answered ${s}; expected 405 (or 404/501).`,
          severity: 'major',
        }),
      ];
    }
    return [];
  }
  if (ex.intent !== 'positive') return [];
  const why = unsupportedReason(op, ex);
  if (!why) return [];
  return [finding(NAME, op, ex, { outcome: 'unsupported', title: 'operation not implemented', message: `${opLabel(op)}: ${why}.`, severity: 'minor' })];
}

export const unsupportedOperationCheck: Check = {
  name: NAME,
  description: 'A declared operation answered 404 (unknown path), 405 or 501 is Unsupported; an undeclared method on a path is not served.',
  should: 'be implemented, and refuse undeclared methods',
  severity: 'minor',
  probes: ['positive', 'undeclared-method'],
  intents: ['positive', 'undeclared-method'],
  appliesTo: () => true,
  run: unsupportedOperation,
};
