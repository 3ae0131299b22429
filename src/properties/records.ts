// Records of list answers as the list properties compare them: an identity per record (its id,
// else the whole record as JSON, e.g. file names), multiset differences, the first-level values
// search looks at, and case-insensitive containment.
import { isObj } from '../core/json.js';
export { isObj } from '../core/json.js';

export type Json = Record<string, unknown>;

/**
 * Keys of a record that are not its fields: `_links` is the API's metadata (turned off by
 * `disable_links`, not by `fields`), so a `fields=` projection may keep it. The vendor shop does.
 */
export const META_KEYS: ReadonlySet<string> = new Set(['_links']);

/** `id` when the record has one (number or string), else the JSON of the whole item. */
export function identity(item: unknown): string {
  if (isObj(item) && (typeof item.id === 'number' || typeof item.id === 'string')) return String(item.id);
  return JSON.stringify(item);
}

/** Counts per identity. */
export function tally(items: readonly unknown[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const it of items) {
    const k = identity(it);
    m.set(k, (m.get(k) ?? 0) + 1);
  }
  return m;
}

/** Same identities with the same counts. */
export function sameMultiset(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  const ta = tally(a);
  const tb = tally(b);
  for (const [k, n] of ta) if (tb.get(k) !== n) return false;
  return true;
}

/** What `got` lacks of `want` and what it has too often or extra, by identity. */
export function multisetDiff(want: readonly unknown[], got: readonly unknown[]): { missing: string[]; extra: string[] } {
  const tw = tally(want);
  const tg = tally(got);
  const missing: string[] = [];
  const extra: string[] = [];
  for (const [k, n] of tw) for (let i = tg.get(k) ?? 0; i < n; i++) missing.push(k);
  for (const [k, n] of tg) for (let i = tw.get(k) ?? 0; i < n; i++) extra.push(k);
  return { missing, extra };
}

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
