// `@rule:search`: which records a keyword (`search`, or the guide's `q`) finds: those holding it in
// a first-level string or number field, case-insensitively. The one judge of a hit, used by the
// list rule tests (fixtures/list-rules.ts), the search and filter properties and the seeds' scope.
import { isObj } from '../../core/json.js';

/** The first-level string and number values of a record (what `search`/`q` match, per the facts). */
export function searchableValues(item: unknown): string[] {
  if (typeof item === 'string') return [item];
  if (!isObj(item)) return [];
  return Object.values(item)
    .filter((v): v is string | number => typeof v === 'string' || typeof v === 'number')
    .map(String);
}

/**
 * Case-insensitive containment as a reader means it: full Unicode lower-casing on both sides. Marks
 * are compared as well; `lenientMarks` also folds them away (a MySQL `_ci` collation matches `é`
 * for `e`), for checks that must not fail a shop whose search is merely more generous.
 */
export function containsFolded(hay: string, needle: string, lenientMarks = false): boolean {
  const fold = (s: string) => {
    const l = s.toLowerCase();
    return lenientMarks ? l.normalize('NFD').replace(/\p{M}+/gu, '') : l;
  };
  return fold(hay).includes(fold(needle));
}

/** Every string and number in the record, at any depth (a sender's address inside an e-mail). */
function deepValues(item: unknown): string[] {
  if (typeof item === 'string' || typeof item === 'number') return [String(item)];
  if (Array.isArray(item)) return item.flatMap(deepValues);
  return isObj(item) ? Object.values(item).flatMap(deepValues) : [];
}

/**
 * Whether a record holds the keyword. Judging a hit, pass `lenient`: a search that also finds
 * `é` for `e`, or finds the keyword in a nested value (GX 3.2 finds e-mails by their sender's
 * address), is generous, not wrong. Judging a miss (a record the search should have found), leave
 * it off: only a plain case-insensitive match in a first-level field is owed.
 */
export function matchesKeyword(item: unknown, keyword: string, lenient = false): boolean {
  return (lenient ? deepValues(item) : searchableValues(item)).some((v) => containsFolded(v, keyword, lenient));
}
