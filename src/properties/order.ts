// The sort order the facts give: keys `+field`/`-field`, strings by UTF-8 byte order
// (case-sensitive), numbers numerically. Where the facts are silent (values of different kinds in
// one field, missing values) the rule is the reference shop's documented choice:
// missing/null < boolean < number < string.

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
  field: string;
  desc: boolean;
}

export function parseSortKeys(keys: readonly string[]): SortKey[] {
  return keys.map((k) => ({ field: k.slice(1), desc: k.startsWith('-') }));
}

function valueAt(rec: unknown, field: string): unknown {
  return typeof rec === 'object' && rec !== null ? (rec as Record<string, unknown>)[field] : undefined;
}

/** Compares two records by the keys in turn; 0 when equal on every key (any order is right then). */
export function compareRecords(a: unknown, b: unknown, keys: readonly SortKey[]): number {
  for (const k of keys) {
    const c = compareValues(valueAt(a, k.field), valueAt(b, k.field));
    if (c !== 0) return k.desc ? -c : c;
  }
  return 0;
}

/** The first adjacent pair out of order, or undefined when the list is ordered. */
export function firstDisorder(items: readonly unknown[], keys: readonly SortKey[]): number | undefined {
  for (let i = 1; i < items.length; i++) if (compareRecords(items[i - 1], items[i], keys) > 0) return i;
  return undefined;
}

/** Values of `field` that occur once in the list, in list order, with the record identities. */
export function distinctValues(items: readonly unknown[], field: string, idOf: (r: unknown) => string): { id: string; value: unknown }[] {
  const counts = new Map<string, number>();
  const keyOf = (v: unknown) => `${rank(v)}:${JSON.stringify(v)}`;
  for (const it of items) counts.set(keyOf(valueAt(it, field)), (counts.get(keyOf(valueAt(it, field))) ?? 0) + 1);
  return items.filter((it) => counts.get(keyOf(valueAt(it, field))) === 1).map((it) => ({ id: idOf(it), value: valueAt(it, field) }));
}
