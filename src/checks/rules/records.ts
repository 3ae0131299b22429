// Records of list answers as the list judges compare them: an identity per record (its id, else
// the whole record as JSON) and multiset differences (paging partitions, filter parts).
import { isObj } from '../../core/json.js';

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
