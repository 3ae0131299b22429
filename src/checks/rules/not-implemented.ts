// The one decision that an answer says "this operation is not implemented" (the path is unknown,
// the method is not allowed, an undeclared 501), as opposed to "no such record" or a refusal.
// The unsupportedOperation check, the runner, the support gate, the preflight and the reference
// reads all ask here, so a target is never Unsupported to one of them and failing to another.
import type { Operation } from '../../spec/types.js';
import { declaredResponse } from '../../spec/validators.js';
import { answerMessage, saysPathUnknown, type AnswerLike } from '../../core/answers.js';

/**
 * Why the answer says the operation is not implemented, or undefined when it does not. Without
 * the operation (a read the preflight sends), only what the answer itself says counts: 405, 501, a
 * 404 that names the path unknown. With it, a declared 501 is an answer like any other, and an
 * undeclared 404 on a collection GET/POST means the path is unknown (there is no record to miss).
 */
export function notImplementedReason(a: AnswerLike, op?: Operation): string | undefined {
  const s = a.status;
  if (s === 405) return `${op ? op.method.toUpperCase() : 'the method'} is not allowed on this path (405)`;
  if (s === 501 && !(op && declaredResponse(op, 501))) return 'not implemented (501)';
  if (s !== 404) return undefined;
  const msg = answerMessage(a);
  if (saysPathUnknown(a)) return `the path is unknown (404: ${msg.slice(0, 120)})`;
  // A collection path that does not exist cannot be a missing record; a PUT/PATCH/DELETE there
  // names its record in the body (a file to delete), which may well be missing.
  if (op && !op.path.includes('{') && (op.method === 'get' || op.method === 'post') && !declaredResponse(op, 404)) return `the path is unknown (undeclared 404${msg ? `: ${msg.slice(0, 120)}` : ''})`;
  return undefined;
}
