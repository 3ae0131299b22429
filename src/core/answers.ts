// What an answer says, read once for every layer: which records a list answer holds (every judge,
// resolver and suite that looks into a list answer asks here, so they all agree on what is listed),
// the message of an error answer, whether a 404 names its path unknown, and whether a create was
// refused because a unique key is taken.
import { isObj, type Json } from './json.js';

/** Keys under which an API that wraps its lists puts them, looked at first. */
const WRAPPERS = ['data', 'items', 'results', 'records', 'content'];

/**
 * The records of a list answer, or undefined when the body holds no list at all (an object with
 * no array of records in it, a scalar, nothing). The body is the list itself, or an object whose
 * first array of records (wrapper keys first) is. A list of plain strings (the file-name lists of
 * category icons and images, product images) becomes records `{ id: name, name }`, so paging,
 * per_page, Link and search judge it like any other list; other non-records are left out.
 */
export function listAnswer(body: unknown): Json[] | undefined {
  if (Array.isArray(body)) {
    if (body.length > 0 && body.every((x) => typeof x === 'string')) return body.map((name: string) => ({ id: name, name }));
    return body.filter(isObj);
  }
  if (!isObj(body)) return undefined;
  for (const k of WRAPPERS) {
    const v = body[k];
    if (Array.isArray(v)) return listAnswer(v);
  }
  for (const v of Object.values(body)) if (Array.isArray(v) && v.some(isObj)) return v.filter(isObj);
  return undefined;
}

/** The records of a list answer; none when the body holds no list. */
export function listItems(body: unknown): Json[] {
  return listAnswer(body) ?? [];
}

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
 * A create the target refused because a unique key is taken (409, or a 4xx whose answer says
 * so: MySQL's "Duplicate entry", "already exists"): the body's own parents may be what is taken.
 */
export function refusedAsDuplicate(a: AnswerLike): boolean {
  const s = a.status;
  if (s === 409) return true;
  return s >= 400 && s < 500 && /duplicate entry|duplicate key|already exists|unique constraint/i.test(a.text);
}
