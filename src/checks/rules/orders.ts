// The rules of orders and their parts (facts "Domain rules", "Orders"): a status change and its
// history, the reduced list items, what a delete takes with it, which order a part belongs to,
// the parts an order holds, and paths that answer the same data. The order suites and the
// model's orders judge them alike.
import { isObj } from '../../core/json.js';
import { described } from '../basis.js';
import { sameJson } from './lifecycle.js';
import { defineRule } from './rule.js';
import { shown } from './shown.js';

const ORDERS = described("description: orders and their parts (items, attributes, totals, history, tracking codes) under the order's paths; a status change adds a history entry (facts \"Orders\")");


const idOf = (r: unknown): string => (isObj(r) && (typeof r.id === 'number' || typeof r.id === 'string') ? String(r.id) : shown(r, 80));

export interface HistoryCountInput {
  /** Entries before and after, and how many of those after are new (their ids were not there). */
  before: number;
  after: number;
  added: number;
  /** Status changes the shop took meanwhile (0 for a read, or for a change it refused). */
  changes: number;
}

/** `status-history`: an order's status history gains exactly one entry per status change (PATCH /orders/{id}/status); a refused change, or a read, none. */
export const statusHistoryRule = defineRule<HistoryCountInput>({
  name: 'status-history',
  tag: 'order-status-history',
  basis: ORDERS,
  title: "an order's status history should gain exactly one entry per status change",
  judge: (i) => (i.after === i.before + i.changes && i.added === i.changes ? undefined : `${i.before} entries before, ${i.after} after (${i.added} new); ${i.changes} status change(s) meanwhile`),
});

export interface StatusInput {
  /** The status the order should have (the new one; the old one after a refused change), and the one it has. */
  want: unknown;
  got: unknown;
  refused?: boolean;
}

/** `status-stored`: after a status change the order has the new status; after a refused one the old. */
export const statusStoredRule = defineRule<StatusInput>({
  name: 'status-stored',
  tag: 'order-status-history',
  basis: ORDERS,
  title: 'a status change should set the order status, a refused one leave it',
  judge: (i) => (sameJson(i.want, i.got) ? undefined : `statusId ${shown(i.got)}, expected ${shown(i.want)}${i.refused ? ' (the change was refused)' : ''}`),
});

/** `status-change-answers`: the status PATCH answers the order status it set. */
export const statusChangeAnswersRule = defineRule<{ asked: number; answered: unknown }>({
  name: 'status-change-answers',
  tag: 'order-status-history',
  basis: ORDERS,
  title: '{operation} should answer the order status it set',
  judge: (i) => (isObj(i.answered) && Number(i.answered.id) === i.asked ? undefined : `answered ${shown(i.answered)}, asked for status ${i.asked}`),
});

export interface ReducedInput {
  records: readonly Record<string, unknown>[];
  /** Fields a full record declares and a list item does not. */
  fullOnly: readonly string[];
}

/**
 * `list-items-reduced`: a list answers reduced list items, without the fields only a full order
 * has. One title for both lists (GET /orders, POST /orders/search): they answer the same list item.
 */
export const listItemsReducedRule = defineRule<ReducedInput>({
  name: 'list-items-reduced',
  tag: 'order-list-reduced',
  basis: ORDERS,
  title: 'a list of orders should answer reduced list items, not full records',
  judge: (i) =>
    i.records.flatMap((r, k) => {
      const present = i.fullOnly.filter((f) => f in r);
      return present.length ? [`record ${k + 1} (${idOf(r)}) carries the full-record field(s) ${present.join(', ')}`] : [];
    }),
});

/** `list-item-matches`: a list item holds the same values as the full record in the fields both declare. */
export const listItemMatchesRule = defineRule<{ item: Record<string, unknown>; full: Record<string, unknown>; shared: readonly string[] }>({
  name: 'list-item-matches',
  tag: 'order-list-reduced',
  basis: ORDERS,
  title: 'a list item should hold the same values as its full record in the fields both have',
  judge: (i) => i.shared.filter((f) => f in i.full && !sameJson(i.item[f], i.full[f])).map((f) => `${f}: list ${shown(i.item[f], 120)}, record ${shown(i.full[f], 120)}`),
});

export interface PartsInput {
  /** What the parts are (`items`, `totals`), and those the order holds. */
  part: string;
  held: readonly unknown[];
  /** Parts it must hold, and parts it must not. */
  present?: readonly string[];
  absent?: readonly string[];
  /** How many it must hold (those it was created with), or at least one. */
  count?: number | 'some';
}

/** `order-parts`: an order holds the parts it was created with or that were added to it, and not those deleted. */
export const orderPartsRule = defineRule<PartsInput>({
  name: 'order-parts',
  tag: 'order-totals-consistent',
  basis: ORDERS,
  title: 'an order should hold the parts it was created with or that were added to it, and not those deleted',
  judge: (i) => {
    const ids = i.held.map(idOf);
    const problems: string[] = [];
    if (i.count === 'some' && !ids.length) problems.push(`the order holds no ${i.part}`);
    if (typeof i.count === 'number' && ids.length !== i.count) problems.push(`the order holds ${ids.length} ${i.part}, was created with ${i.count}`);
    const missing = (i.present ?? []).filter((id) => !ids.includes(id));
    if (missing.length) problems.push(`${i.part} [${missing.join(', ')}] not among the order's [${ids.join(', ')}]`);
    const left = (i.absent ?? []).filter((id) => ids.includes(id));
    if (left.length) problems.push(`${i.part} [${left.join(', ')}] deleted, still among the order's`);
    return problems;
  },
});

/** `parts-gone-with-order`: the parts of a deleted order are gone with it (their list answers none). */
export const partsGoneRule = defineRule<{ part: string; listed: readonly unknown[] }>({
  name: 'parts-gone-with-order',
  tag: 'order-cascade-delete',
  basis: ORDERS,
  title: 'the parts of a deleted order should be gone with it',
  judge: (i) => (i.listed.length ? `the ${i.part} of the deleted order still listed: ${shown(i.listed.map(idOf))}` : undefined),
});

/** `own-parts-only`: a part is listed only under its own order (or item). */
export const ownPartsOnlyRule = defineRule<{ part: string; listed: readonly unknown[] }>({
  name: 'own-parts-only',
  tag: 'order-part-ownership',
  basis: ORDERS,
  title: '{operation} should list only the parts of its own order',
  judge: (i) => (i.listed.some((r) => idOf(r) === i.part) ? `${i.part} of another order is listed among [${i.listed.map(idOf).join(', ')}]` : undefined),
});

export interface SameRecordsInput {
  /** The records one path answered, and those the other answered (by id; `_links` are not compared). */
  first: readonly unknown[];
  second: readonly unknown[];
  /** What the other path is, for the message. */
  other: string;
}

function withoutLinks(r: unknown): unknown {
  return isObj(r) ? Object.fromEntries(Object.entries(r).filter(([k]) => k !== '_links')) : r;
}

/**
 * `same-records`: two paths to the same data (an order's totals with the order and through
 * /totals, the deprecated and current tracking code paths, /orders_history) answer the same records.
 */
export const sameRecordsRule = defineRule<SameRecordsInput>({
  name: 'same-records',
  tag: 'path-aliases',
  basis: ORDERS,
  title: '{operation} should answer the same records as the other path to them',
  judge: (i) => {
    const left = new Map(i.first.map((r) => [idOf(r), withoutLinks(r)]));
    const right = new Map(i.second.map((r) => [idOf(r), withoutLinks(r)]));
    const problems: string[] = [];
    for (const [id, rec] of left) {
      const other = right.get(id);
      if (other === undefined) problems.push(`record ${id} only in ${i.other}`);
      else if (!sameJson(rec, other)) problems.push(`record ${id} differs: ${shown(rec)} (${i.other}) vs ${shown(other)}`);
    }
    for (const id of right.keys()) if (!left.has(id)) problems.push(`record ${id} not in ${i.other}`);
    return problems;
  },
});
