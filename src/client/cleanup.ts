// Deleting what a client created, newest first; 404/410 count as already gone. Records of one
// collection whose DELETE takes an id list go in one request, and children an order's delete
// removes wait for it (the plan: src/client/cleanup-plan.ts); whatever the answer does not confirm
// is deleted on its own. What cannot be deleted is kept with its reason for the leftover report;
// what the API cannot delete at all (the spec declares no DELETE for it) is no failure: it is named
// with the manual step that removes it, and never tried again.
import type { Exchange } from '../core/exchange.js';
import type { Catalogue } from '../spec/types.js';
import { DELETED_FIRST } from '../spec/particulars.js';
import { cleanupKey, confirmedIds, groupPath, planCleanup } from './cleanup-plan.js';
import type { LedgerEntry, NewRecord } from './ledger.js';
import type { RecordKeeper } from './record-keeper.js';

export interface CleanupResult {
  removed: LedgerEntry[];
  /** Deletes that failed: a later cleanup tries them again. */
  failed: { entry: LedgerEntry; reason: string }[];
  /** Records the API cannot delete (the spec declares no DELETE for them): never tried, named with the manual step. */
  undeletable: { entry: LedgerEntry; reason: string; manualStep: string }[];
}

/** Why a record the API cannot delete is left: one wording for the ledger, leftovers.json, the page and the console. */
export const API_CANNOT_DELETE = 'the API cannot delete it: the spec declares no DELETE for it';

/**
 * What a person does instead, for a record the API cannot delete: a file on the shop's server (its
 * upload answered where, when it did: GX's attachments answer the server path), else a record in
 * the shop's administration. Names carry the run id, so they can be told from the shop's own.
 */
export function manualStep(e: Pick<LedgerEntry, 'kind' | 'collection' | 'id' | 'path' | 'stored'>): string {
  if (e.kind === 'file') return `delete the file ${e.id} from the shop's server by hand${e.stored ? ` (its upload answered ${e.stored})` : ` (uploaded to ${e.collection})`}`;
  return `delete ${e.path} by hand, in the shop's administration`;
}

export interface CleanupDeps {
  keeper: RecordKeeper;
  catalogue: Catalogue;
  runId: string;
  apiRoot: string;
  /** Sends one DELETE (through the client's pipeline, intent `cleanup`). */
  del: (path: string, body?: unknown) => Promise<Exchange>;
}

export async function cleanup(all: readonly NewRecord[], deps: CleanupDeps): Promise<CleanupResult> {
  const { keeper } = deps;
  // Records that name others and that nothing names go first (DELETED_FIRST), the rest newest first.
  const first = (r: NewRecord): boolean => DELETED_FIRST.some((c) => r.collection === c || r.collection.startsWith(`${c}/`));
  const records = [...all.filter(first), ...all.filter((r) => !first(r))];
  const ledger = keeper.ledger;
  const result: CleanupResult = { removed: [], failed: [], undeletable: [] };
  const entryOf = (r: NewRecord): LedgerEntry => ({ run: deps.runId, event: 'create', ...r, operationId: '', time: new Date().toISOString(), target: deps.apiRoot });
  const plan = planCleanup(deps.catalogue, records, (r) => keeper.deleteRequestFor(r));
  const tried = new Set<NewRecord[]>();
  const waiting = new Set<string>(plan.waitsFor.keys());
  const describe = (path: string, ex: Exchange) => `DELETE ${path} answered ${ex.response.status}${ex.response.text ? `: ${ex.response.text.replace(/\s+/g, ' ').slice(0, 160)}` : ''}`;
  /** A record that could not be deleted: in the result, and with its reason for the leftover report. */
  const fail = (r: NewRecord, reason: string): void => {
    result.failed.push({ entry: entryOf(r), reason });
    ledger.recordCleanupFailure(r, reason);
  };

  // One record on its own (`del`: its DELETE, when the caller has it already): true when this
  // delete removed it (2xx); 404/410 count as already gone.
  const single = async (r: NewRecord, del = keeper.deleteRequestFor(r)): Promise<boolean> => {
    if (!del) {
      // Not a failed delete, and no later cleanup can do better: named once, with the manual step.
      const entry = entryOf(r);
      result.undeletable.push({ entry, reason: API_CANNOT_DELETE, manualStep: manualStep(entry) });
      ledger.recordCleanupFailure(r, API_CANNOT_DELETE);
      return false;
    }
    try {
      const ex = await deps.del(del.path, del.body);
      const s = ex.response.status;
      // The record keeper did not take this 2xx for a delete (a half-written record still listed).
      const kept = s >= 200 && s < 300 ? keeper.keptOpen(r) : undefined;
      if (kept) fail(r, `DELETE ${del.path} answered ${s}, but ${kept}`);
      else if ((s >= 200 && s < 300) || s === 404 || s === 410) {
        ledger.recordDelete(r, del.op.id);
        result.removed.push(entryOf(r));
        return s >= 200 && s < 300;
      } else if (await keeper.goneAfterAll(r)) {
        // A DELETE of a wrong-typed id took it earlier, and the shop answers a DELETE of a record that is gone with an error.
        result.removed.push(entryOf(r));
      } else fail(r, describe(del.path, ex));
    } catch (err) {
      fail(r, err instanceof Error ? err.message : String(err));
    }
    return false;
  };

  // Children that waited for a parent: gone with it when its delete succeeded, else on their own.
  const settleChildren = async (parent: NewRecord, parentDeleted: boolean, opId: string): Promise<void> => {
    for (const child of plan.children.get(cleanupKey(parent)) ?? []) {
      waiting.delete(cleanupKey(child));
      if (ledger.isDeleted(child)) continue;
      if (parentDeleted) {
        ledger.recordDelete(child, opId);
        result.removed.push(entryOf(child));
      } else {
        await single(child);
      }
    }
  };

  // A grouped delete: true when `lead` is among what the answer confirms.
  const grouped = async (lead: NewRecord, group: NewRecord[]): Promise<boolean> => {
    tried.add(group);
    const members = group.filter((m) => !ledger.isDeleted(m));
    if (members.length < 2) return false;
    const del = keeper.deleteRequestFor(lead);
    if (!del) return false;
    let confirmed = new Set<string>();
    try {
      const ex = await deps.del(groupPath(members));
      confirmed = confirmedIds(ex.response.status, ex.response.json, members.map((m) => m.id));
    } catch {
      // Each member is tried on its own below, with its own reason if it fails.
    }
    for (const m of members) {
      if (confirmed.has(m.id)) {
        ledger.recordDelete(m, del.op.id);
        result.removed.push(entryOf(m));
        await settleChildren(m, true, del.op.id);
      } else if (ledger.isDeleted(m)) {
        // A 2xx marks every id of the path deleted; one the answer does not name is still open.
        ledger.recordCreate(m, del.op.id);
      }
    }
    return confirmed.has(lead.id);
  };

  for (const r of records) {
    if (ledger.isDeleted(r) || waiting.has(cleanupKey(r))) continue;
    const group = plan.groupOf.get(cleanupKey(r));
    if (group && !tried.has(group) && (await grouped(r, group))) continue;
    const del = keeper.deleteRequestFor(r);
    const gone = await single(r, del);
    await settleChildren(r, gone, del?.op.id ?? '');
  }
  // Children whose parent was not reached (it was gone already): on their own.
  for (const r of records) if (waiting.has(cleanupKey(r)) && !ledger.isDeleted(r)) await single(r);
  return result;
}
