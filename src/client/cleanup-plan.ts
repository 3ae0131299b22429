// How a client's cleanup deletes its records in few requests, without deleting less.
//
// - Grouped deletes: where the spec's DELETE takes a comma-separated id list as its last path
//   parameter (`DELETE /customers/3,4,5`: customers, categories and products in our spec), the
//   open records of that collection go in one request (at most MAX_GROUP ids), sent where the
//   newest of them would have been deleted. A record counts as deleted only when the answer says
//   so: its id in the answer's `deleted` list when the answer has one (whatever its status), else a
//   2xx. Whatever the answer does not confirm is deleted on its own, at its own place in the order.
// - Cascades: where the API's behaviour notes say a parent's delete removes its children
//   (CASCADES in src/spec/particulars.ts), a child whose parent is deleted in the same cleanup
//   waits for its parent; when the parent's delete succeeds (2xx) the child is recorded as deleted
//   with it, otherwise it is deleted on its own after all.
//
// The planning here is pure (records and the spec in, groups and deferrals out); ApiClient.cleanup
// sends the requests and keeps the ledger.
import { pathMatcher } from '../spec/catalogue.js';
import { BULK_ANSWER, CASCADES } from '../spec/particulars.js';
import type { Catalogue, Operation } from '../spec/types.js';
import type { NewRecord } from './ledger.js';

/** The DELETE request that removes one record (ApiClient.deleteRequestFor). */
export interface DeleteTarget {
  op: Operation;
  path: string;
  body?: unknown;
}

/** Ids in one grouped delete at most (keeps the URL short on any server). */
export const MAX_GROUP = 50;

/** The operation's last path parameter takes a comma-separated list of ids (a bulk delete). */
export function takesIdList(op: Operation): boolean {
  if (op.method !== 'delete') return false;
  const last = /\{([^}]+)\}$/.exec(op.path)?.[1];
  if (!last) return false;
  const param = op.parameters.find((p) => p.in === 'path' && p.name === last);
  return param?.schema.type === 'array' && (param.collectionFormat ?? 'csv') === 'csv';
}

const keyOf = (r: NewRecord): string => (r.kind === 'file' ? `file ${r.collection} ${r.id}` : r.path);

/** Where a record's id sits in its DELETE path: the path ends with it (`/customers/12`). */
function endsWithId(r: NewRecord, target: DeleteTarget): boolean {
  return r.kind === 'record' && target.body === undefined && target.path === r.path && r.path.endsWith(`/${encodeURIComponent(r.id)}`);
}

/** The path of a grouped delete: the records' collection path with the ids joined by commas. */
export function groupPath(records: readonly NewRecord[]): string {
  const first = records[0];
  if (!first) throw new Error('groupPath: no records');
  const prefix = first.path.slice(0, first.path.lastIndexOf('/'));
  return `${prefix}/${records.map((r) => encodeURIComponent(r.id)).join(',')}`;
}

export interface CleanupPlan {
  /**
   * Groups of two or more records deleted in one request, keyed by each member's key; a record
   * in no group is deleted on its own. Members are in cleanup order (newest first).
   */
  groupOf: Map<string, NewRecord[]>;
  /** Record key -> the key of the parent whose successful delete removes it too. */
  waitsFor: Map<string, string>;
  /** Parent key -> its children waiting for it, in cleanup order. */
  children: Map<string, NewRecord[]>;
}

/** The records' cascade parent among `open` (record path -> record), if a CASCADES rule names one. */
function cascadeParent(catalogue: Catalogue, r: NewRecord, open: ReadonlyMap<string, NewRecord>): NewRecord | undefined {
  if (r.kind !== 'record') return undefined;
  for (const rule of CASCADES) {
    // The rule applies to a spec that deletes such parents.
    if (!catalogue.operations.some((o) => o.method === 'delete' && o.path === rule.parent)) continue;
    const depth = rule.parent.split('/').length;
    const parentPath = r.path.split('/').slice(0, depth).join('/');
    if (!pathMatcher(rule.parent)(parentPath) || parentPath === r.path) continue;
    const rest = r.path.slice(parentPath.length);
    if (!rule.children.some((c) => rest.startsWith(`${c}/`))) continue;
    const parent = open.get(parentPath);
    if (parent) return parent;
  }
  return undefined;
}

/**
 * Plans the cleanup of `records` (newest first, as ApiClient.cleanup takes them). `deleteFor`
 * gives each record's DELETE (undefined: the spec has none).
 */
export function planCleanup(catalogue: Catalogue, records: readonly NewRecord[], deleteFor: (r: NewRecord) => DeleteTarget | undefined): CleanupPlan {
  const plan: CleanupPlan = { groupOf: new Map(), waitsFor: new Map(), children: new Map() };
  const open = new Map(records.filter((r) => r.kind === 'record').map((r) => [r.path, r]));
  for (const r of records) {
    const parent = cascadeParent(catalogue, r, open);
    if (!parent) continue;
    plan.waitsFor.set(keyOf(r), keyOf(parent));
    const list = plan.children.get(keyOf(parent)) ?? [];
    list.push(r);
    plan.children.set(keyOf(parent), list);
  }
  const byOp = new Map<string, NewRecord[]>();
  for (const r of records) {
    // A record found by looking after a 5xx may be half-written: deleted on its own, and checked.
    if (plan.waitsFor.has(keyOf(r)) || r.found) continue;
    const target = deleteFor(r);
    if (!target || !takesIdList(target.op) || !endsWithId(r, target)) continue;
    const collection = r.path.slice(0, r.path.lastIndexOf('/'));
    const k = `${target.op.id} ${collection}`;
    const list = byOp.get(k) ?? [];
    if (!list.some((x) => x.id === r.id)) list.push(r);
    byOp.set(k, list);
  }
  for (const list of byOp.values()) {
    for (let i = 0; i < list.length; i += MAX_GROUP) {
      const group = list.slice(i, i + MAX_GROUP);
      if (group.length < 2) continue;
      for (const r of group) plan.groupOf.set(keyOf(r), group);
    }
  }
  return plan;
}

/**
 * The ids a grouped delete's answer confirms: those its `deleted` list names when it has one, also
 * in an error answer (a partial success: `400 {"deleted": [4, 2], "errors": [...]}` on GX 4.8, read
 * record by record); else, with a 2xx, every id sent (the result schemas of single-record deletes
 * name one id, so the status is what says the list was deleted); else none.
 */
export function confirmedIds(status: number, body: unknown, sent: readonly string[]): Set<string> {
  const deleted = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>)[BULK_ANSWER.deleted] : undefined;
  if (Array.isArray(deleted)) {
    const named = new Set(deleted.filter((x) => typeof x === 'number' || typeof x === 'string').map(String));
    return new Set(sent.filter((id) => named.has(id)));
  }
  if (status < 200 || status >= 300) return new Set();
  return new Set(sent);
}

export { keyOf as cleanupKey };
