// `@rule:sort`: the order of a sorted list answer (facts: "List parameters": keys `+field` /
// `-field`, comma-separated). The one judge of it, used by the list rule tests
// (fixtures/list-rules.ts) and the sort and paging properties. Strings compare by UTF-8 byte order
// (case-sensitive), numbers numerically; where the facts are silent (values of different kinds in
// one field, missing values) missing/null < boolean < number < string.
import { isObj } from '../../core/json.js';

function rank(v: unknown): number {
  if (v === undefined || v === null) return 0;
  if (typeof v === 'boolean') return 1;
  if (typeof v === 'number') return 2;
  if (typeof v === 'string') return 3;
  return 4;
}

export function byteCompare(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

export function compareValues(a: unknown, b: unknown): number {
  const d = rank(a) - rank(b);
  if (d !== 0) return d;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (typeof a === 'string' && typeof b === 'string') return byteCompare(a, b);
  return 0;
}

export interface SortKey {
  /** A first-level field, or a dotted path into nested objects. */
  field: string;
  desc: boolean;
}

/** `['+a', '-b']` -> keys. */
export function parseSortKeys(keys: readonly string[]): SortKey[] {
  return keys.map((k) => ({ field: k.slice(1), desc: k.startsWith('-') }));
}

/** The value at a field or dotted path of a record. */
export function valueAt(rec: unknown, path: string): unknown {
  let cur = rec;
  for (const p of path.split('.')) {
    if (!isObj(cur)) return undefined;
    cur = cur[p];
  }
  return cur;
}

/** Compares two records by the keys in turn; 0 when equal on every key (any order is right then). */
export function compareRecords(a: unknown, b: unknown, keys: readonly SortKey[]): number {
  for (const k of keys) {
    const c = compareValues(valueAt(a, k.field), valueAt(b, k.field));
    if (c !== 0) return k.desc ? -c : c;
  }
  return 0;
}

function show(v: unknown): string {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 80 ? `${s.slice(0, 80)}…` : s;
}

/**
 * The first adjacent pair out of the keys' order (`index` is the later record's, from 1), with
 * the values that show it, or undefined when the list is ordered.
 */
export function firstDisorder(items: readonly unknown[], keys: readonly SortKey[]): { index: number; why: string } | undefined {
  for (let i = 1; i < items.length; i++) {
    if (compareRecords(items[i - 1], items[i], keys) <= 0) continue;
    const [a, b] = [items[i - 1], items[i]];
    const by = keys.map((k) => `${k.field}: ${show(valueAt(a, k.field))} vs ${show(valueAt(b, k.field))}`).join('; ');
    return { index: i, why: `record ${i} comes before record ${i + 1}, against ${keys.map((k) => `${k.desc ? '-' : '+'}${k.field}`).join(',')} (${by})` };
  }
  return undefined;
}
