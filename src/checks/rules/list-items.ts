// The one reading of a list answer: which records it holds. Every judge, resolver and suite that
// looks into a list answer asks here, so they all agree on what is listed.
import { isObj, type Json } from '../../core/json.js';

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
