// What kind of operation an operation is, for the profiles, the write guard, the support gate and
// the record keeper: one home for each question (the API's own habits are in particulars.ts).
import { DESTRUCTIVE_WORDS, EXTENSIONS, SEARCH_SEGMENT } from './particulars.js';
import type { Operation } from './types.js';

const lastSegment = (path: string): string => path.split('/').pop() ?? '';
const isParam = (segment: string): boolean => /^\{[^}]+\}$/.test(segment);

/** A path that searches a collection (`/customers/search`): no collection of its own. */
export function isSearchPath(path: string): boolean {
  return lastSegment(path) === SEARCH_SEGMENT;
}

/** A POST that reads: `POST /customers/search`, or one the spec marks x-search. */
export function isSearchOperation(op: Operation): boolean {
  return op.method === 'post' && (isSearchPath(op.path) || op.extensions[EXTENSIONS.search] === true);
}

/** A write in the sense of the profiles: anything but GET/HEAD/OPTIONS and search POSTs. */
export function isWriteOperation(op: Operation): boolean {
  return !['get', 'head', 'options'].includes(op.method) && !isSearchOperation(op);
}

/** A POST that makes a record (`POST /customers`, `POST /orders/{id}/items`): not a search, not a POST to a record's own path. */
export function isCreateOperation(op: Operation): boolean {
  return op.method === 'post' && !isParam(lastSegment(op.path)) && !isSearchOperation(op);
}

/** Whether the spec marks destructive operations at all (then nothing else is taken for one). */
export function marksDestructive(operations: readonly Operation[]): boolean {
  return operations.some((o) => o.extensions[EXTENSIONS.destructive] !== undefined);
}

/**
 * Destructive operations clear caches, trigger jobs or send mail. Our spec marks them with
 * `x-destructive`; a spec that marks none gets a heuristic: those words in the path, or a DELETE
 * on a whole collection without naming records.
 */
export function isDestructiveOperation(op: Operation, specMarksDestructive: boolean): boolean {
  if (op.extensions[EXTENSIONS.destructive] === true) return true;
  if (specMarksDestructive) return false;
  if (!isWriteOperation(op)) return false;
  if (DESTRUCTIVE_WORDS.test(op.path)) return true;
  return op.method === 'delete' && !op.path.includes('{') && !op.body;
}
