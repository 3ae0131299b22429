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

/** Why a profile does not send an operation, and the profile that does. */
export interface ProfileBlock {
  /** The lowest profile that sends it. */
  needs: 'standard' | 'full';
  kind: 'destructive' | 'write';
  reason: string;
}

/**
 * Whether PROFILE keeps the run from sending this operation: destructive ones need `full`, other
 * writes `standard`. The one home of the rule for the resolver, the write guard and the report,
 * which says why an operation was not tested.
 */
export function profileBlocks(op: Operation, profile: 'readonly' | 'standard' | 'full', specMarksDestructive: boolean): ProfileBlock | undefined {
  if (isDestructiveOperation(op, specMarksDestructive) && profile !== 'full') {
    return { needs: 'full', kind: 'destructive', reason: `${op.id} is destructive (cache clears, job triggers, sending mail); it runs only with PROFILE=full` };
  }
  if (isWriteOperation(op) && profile === 'readonly') return { needs: 'standard', kind: 'write', reason: `PROFILE=readonly sends no writes (${op.id} is a ${op.method.toUpperCase()})` };
  return undefined;
}
