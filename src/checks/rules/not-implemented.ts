// The one decision that an answer says "this operation is not implemented" (the path is unknown,
// the method is not allowed, an undeclared 501), as opposed to "no such record" or a refusal.
// The unsupportedOperation check, the runner, the support gate, the preflight and the reference
// reads all ask here, so a target is never Unsupported to one of them and failing to another.
import type { Operation } from '../../spec/types.js';
import { declaredResponse } from '../../spec/validators.js';
import { isObj } from '../../core/json.js';

/** What the decision reads of an answer (an Exchange's response fits). */
export interface AnswerLike {
  status: number;
  /** The body as text; pass '' for a body that cannot carry the API's message (an HTML page). */
  text: string;
  json?: unknown;
}

/** Messages that say the path itself is unknown, not that a record is missing. */
const PATH_UNKNOWN = /resource not found|route not found|no route|unknown (resource|route|path|endpoint)|endpoint not found|not (been )?implemented|not supported|no such (resource|endpoint|path)/i;

/** The message of an answer: the error object's message (or error, detail, title), else the start of the text. */
export function answerMessage(a: AnswerLike): string {
  const j = a.json;
  if (isObj(j)) for (const k of ['message', 'error', 'detail', 'title']) if (typeof j[k] === 'string') return j[k];
  return a.text.slice(0, 300);
}

/** Whether a 404 says its path is unknown (a router's answer), not that a record is missing. */
export function saysPathUnknown(a: AnswerLike): boolean {
  return a.status === 404 && PATH_UNKNOWN.test(answerMessage(a));
}

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
  if (PATH_UNKNOWN.test(msg)) return `the path is unknown (404: ${msg.slice(0, 120)})`;
  // A collection path that does not exist cannot be a missing record; a PUT/PATCH/DELETE there
  // names its record in the body (a file to delete), which may well be missing.
  if (op && !op.path.includes('{') && (op.method === 'get' || op.method === 'post') && !declaredResponse(op, 404)) return `the path is unknown (undeclared 404${msg ? `: ${msg.slice(0, 120)}` : ''})`;
  return undefined;
}
