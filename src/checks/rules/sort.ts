// `@rule:sort`: the order of a sorted list answer (facts: "List parameters": keys `+field` /
// `-field`, comma-separated; described). The one judge of it, used by the list rule tests
// (fixtures/list-rules.ts) and the sort and paging properties. Numbers compare numerically; where
// the facts are silent (values of different kinds in one field, missing values) missing/null <
// boolean < number < string. String order is not described: an order that holds under a usual
// collation (case-insensitive, accents folded, digits as numbers, as databases sort) conforms; our
// reference shop's byte order (case-sensitive, GX 3.2's on customers) is only an advisory.
import { isObj } from '../../core/json.js';
import { described, project, type Problem } from '../basis.js';
import { defineRule } from './rule.js';
import { shown } from './shown.js';

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

/** How strings compare: `bytes` (UTF-8 bytes, case-sensitive) or one of the collations databases use. */
export type Collation = 'bytes' | 'case-insensitive' | 'folded' | 'natural';

/** The collations besides byte order under which a sorted answer conforms (string order is not described). */
export const OTHER_COLLATIONS: readonly Collation[] = ['case-insensitive', 'folded', 'natural'];

const NATURAL = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

function fold(s: string): string {
  return s.toLowerCase().normalize('NFD').replace(/\p{M}+/gu, '');
}

export function compareStrings(a: string, b: string, collation: Collation = 'bytes'): number {
  switch (collation) {
    case 'bytes':
      return byteCompare(a, b);
    case 'case-insensitive':
      return byteCompare(a.toLowerCase(), b.toLowerCase());
    case 'folded':
      return byteCompare(fold(a), fold(b));
    case 'natural':
      return NATURAL.compare(a, b);
  }
}

export function compareValues(a: unknown, b: unknown, collation: Collation = 'bytes'): number {
  const d = rank(a) - rank(b);
  if (d !== 0) return d;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (typeof a === 'string' && typeof b === 'string') return compareStrings(a, b, collation);
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
export function compareRecords(a: unknown, b: unknown, keys: readonly SortKey[], collation: Collation = 'bytes'): number {
  for (const k of keys) {
    const c = compareValues(valueAt(a, k.field), valueAt(b, k.field), collation);
    if (c !== 0) return k.desc ? -c : c;
  }
  return 0;
}


/**
 * The first adjacent pair out of the keys' order (`index` is the later record's, from 1), with
 * the values that show it, or undefined when the list is ordered.
 */
export function firstDisorder(items: readonly unknown[], keys: readonly SortKey[], collation: Collation = 'bytes'): { index: number; why: string } | undefined {
  for (let i = 1; i < items.length; i++) {
    if (compareRecords(items[i - 1], items[i], keys, collation) <= 0) continue;
    const [a, b] = [items[i - 1], items[i]];
    const by = keys.map((k) => `${k.field}: ${shown(valueAt(a, k.field), 80)} vs ${shown(valueAt(b, k.field), 80)}`).join('; ');
    return { index: i, why: `record ${i} comes before record ${i + 1}, against ${keys.map((k) => `${k.desc ? '-' : '+'}${k.field}`).join(',')} (${by})` };
  }
  return undefined;
}

/**
 * The sort judge: undefined when the answer is in byte order; an advisory problem when it is in
 * order only under another usual collation (string order is not described); a described problem
 * when no collation orders it (the `+`/`-` keys were not followed).
 */
export function sortProblem(items: readonly unknown[], keys: readonly SortKey[]): (Problem & { index: number }) | undefined {
  const bytes = firstDisorder(items, keys);
  if (!bytes) return undefined;
  const other = OTHER_COLLATIONS.find((c) => !firstDisorder(items, keys, c));
  if (other) return { index: bytes.index, message: `${bytes.why}; in order by a ${other} string collation, not by bytes`, basis: project('strings in byte order: our reference shop\'s choice; string order is not described (facts "List parameters": sort)') };
  return { index: bytes.index, message: bytes.why, basis: described('description and v2 guide: sort keys +field ascending, -field descending') };
}

/** The first collation (bytes first) under which the answer is in the keys' order, or undefined. */
export function orderedUnder(items: readonly unknown[], keys: readonly SortKey[]): Collation | undefined {
  return (['bytes', ...OTHER_COLLATIONS] as const).find((c) => !firstDisorder(items, keys, c));
}

/** A value as the collation sees it: two values with the same key compare equal (ties). */
export function collationKey(v: unknown, collation: Collation): unknown {
  if (typeof v !== 'string' || collation === 'bytes') return v;
  return collation === 'case-insensitive' ? v.toLowerCase() : fold(v);
}

/**
 * Two answers of one list sorted with every direction flipped (`+a` and `-a`) must be ordered by
 * the same collation, whichever it is: a shop that answers both the same way ignores the
 * direction, even where each answer alone fits some collation. A described problem when none fits both.
 */
export function flippedSortProblem(forward: readonly unknown[], keys: readonly SortKey[], reversed: readonly unknown[], flippedKeys: readonly SortKey[]): Problem | undefined {
  const both = (['bytes', ...OTHER_COLLATIONS] as const).find((c) => !firstDisorder(forward, keys, c) && !firstDisorder(reversed, flippedKeys, c));
  if (both) return undefined;
  return { message: `no string collation orders both ${sortParam(keys)} and ${sortParam(flippedKeys)}: the direction was not followed`, basis: described('description and v2 guide: sort keys +field ascending, -field descending') };
}

/** What the sort demands rest on. */
const SORT = described('description and v2 guide: sort keys +field ascending, -field descending');

function clip(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max)}…` : s;
}

/** The values of an answer under its keys, as a reader compares them (`a | b, c | d`). */
function orderShown(items: readonly unknown[], keys: readonly SortKey[]): string {
  return clip(items.map((r) => keys.map((k) => shown(valueAt(r, k.field), 80)).join(' | ')).join(', '), 600);
}

/** `sort=+a,-b` */
function sortParam(keys: readonly SortKey[]): string {
  return `sort=${keys.map((k) => `${k.desc ? '-' : '+'}${k.field}`).join(',')}`;
}

export interface SortInput {
  /** The sort keys sent, `+field` / `-field`. */
  sort: readonly string[];
  /** The records answered. */
  items: readonly unknown[];
  /** The records answered with every direction flipped, where that was read too. */
  flipped?: readonly unknown[];
  /** The forward answer was judged on its own already (with its own exchange as evidence): only the flipped one and the flip are. */
  forwardJudged?: boolean;
}

/**
 * `sort-order`: a sorted answer follows its keys, `+` ascending and `-` descending, in byte order
 * or (an advisory) another usual string collation; read with every direction flipped too, one
 * collation orders both answers (a shop that answers both alike ignores the direction). The one
 * judge of a sorted answer: the list rule tests, the sort property and the paging walks.
 */
export const sortOrderRule = defineRule<SortInput>({
  name: 'sort-order',
  tag: 'sort',
  basis: SORT,
  title: 'a sorted answer should follow its keys, + ascending and - descending, and reverse with every direction flipped',
  judge: (i) => {
    const keys = parseSortKeys(i.sort);
    const flippedKeys = keys.map((k) => ({ ...k, desc: !k.desc }));
    const problems: Problem[] = [];
    const order = (items: readonly unknown[], k: readonly SortKey[]): void => {
      const bad = sortProblem(items, k);
      if (bad) problems.push({ ...bad, message: `${sortParam(k)}: ${bad.message}; order answered: ${orderShown(items, k)}` });
    };
    if (!i.forwardJudged) order(i.items, keys);
    if (i.flipped) {
      order(i.flipped, flippedKeys);
      const flip = flippedSortProblem(i.items, keys, i.flipped, flippedKeys);
      if (flip) problems.push({ ...flip, message: `${flip.message}; ${sortParam(keys)}: ${orderShown(i.items, keys)}; ${sortParam(flippedKeys)}: ${orderShown(i.flipped, flippedKeys)}` });
    }
    return problems;
  },
});

export interface SameRecordsInput {
  sort: readonly string[];
  /** Identities of the unsorted answer and of the sorted one. */
  unsorted: readonly string[];
  sorted: readonly string[];
}

/** `sort-keeps-records`: sorting reorders the list and leaves its records as they are. */
export const sortKeepsRecordsRule = defineRule<SameRecordsInput>({
  name: 'sort-keeps-records',
  tag: 'sort',
  basis: SORT,
  title: 'a sorted answer should hold the same records as the unsorted list',
  judge: (i) => {
    const [a, b] = [[...i.unsorted].sort().join(', '), [...i.sorted].sort().join(', ')];
    return a === b ? undefined : `sort=${i.sort.join(',')}: unsorted [${a}], sorted [${b}]`;
  },
});
