// A declared operation the target does not implement (404 "resource not found" for the whole
// path, 405, or an undeclared 501) is Unsupported, not Fail: vendors publish partial
// implementations. The other way round is a failure: a method the spec does not declare on a path
// must not be served.
import { declaredResponse } from '../spec/validators.js';
import type { Operation } from '../spec/types.js';
import { finding, opLabel } from './finding.js';
import type { Check, CheckContext, Exchange, Finding } from './types.js';

const NAME = 'unsupportedOperation';

/** Messages that say the path itself is unknown, not that a record is missing. */
const PATH_UNKNOWN = /resource not found|route not found|no route|unknown (resource|route|path|endpoint)|endpoint not found|not (been )?implemented|not supported|no such (resource|endpoint|path)/i;

function messageOf(ex: Exchange): string {
  const j = ex.response.json;
  if (j && typeof j === 'object' && !Array.isArray(j)) {
    const o = j as Record<string, unknown>;
    for (const k of ['message', 'error', 'detail', 'title']) if (typeof o[k] === 'string') return o[k];
  }
  return ex.response.text.slice(0, 300);
}

/** Whether a 404 says its path is unknown (a router's answer), not that a record is missing. */
export function saysPathUnknown(ex: Exchange): boolean {
  return ex.response.status === 404 && PATH_UNKNOWN.test(messageOf(ex));
}

/** Why the answer says the operation is not implemented, or undefined when it is. */
export function unsupportedReason(op: Operation, ex: Exchange): string | undefined {
  const s = ex.response.status;
  if (s === 405) return `${op.method.toUpperCase()} is not allowed on this path (405)`;
  if (s === 501 && !declaredResponse(op, 501)) return 'not implemented (501)';
  if (s === 404) {
    const msg = messageOf(ex);
    if (PATH_UNKNOWN.test(msg)) return `the path is unknown (404: ${msg.slice(0, 120)})`;
    // A collection path that does not exist cannot be a missing record; a PUT/PATCH/DELETE there
    // names its record in the body (a file to delete), which may well be missing.
    if (!op.path.includes('{') && (op.method === 'get' || op.method === 'post') && !declaredResponse(op, 404)) return `the path is unknown (undeclared 404${msg ? `: ${msg.slice(0, 120)}` : ''})`;
  }
  return undefined;
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
