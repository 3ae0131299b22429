// The ledger: every record the harness creates is appended to `${reportDir}/ledger.jsonl`
// synchronously, before the create call returns to the test, so a crash never loses track of one.
// Deletes are appended too; what was created and never deleted is what cleanup and the leftover
// report work from. The in-memory index is what the write guard consults.
//
// A request that may create is in the ledger before it is sent (`pending`, kind `request`) and
// `settled` when its answer has been read (the record keeper, src/client/record-keeper.ts): a
// request whose answer never came stays open and is named by the leftover report.
import { readJsonl } from '../core/jsonl.js';
import { appendFileSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { collectionNoun } from '../spec/nouns.js';

/**
 * `released`: a record the API cannot delete (the spec declares no DELETE for it), named once with
 * the manual step that removes it (leftovers.json, the page, the console, or `npm run cleanup`)
 * and then no longer open: never tried again.
 */
export type LedgerEvent = 'create' | 'delete' | 'pending' | 'settled' | 'released';
export type LedgerKind = 'record' | 'file' | 'request';

export interface LedgerEntry {
  run: string;
  event: LedgerEvent;
  kind: LedgerKind;
  /** Concrete collection path relative to the API root, e.g. /customers or /orders/12/items. */
  collection: string;
  /** Record id, the file name for uploads, or the request's own id (kind `request`). */
  id: string;
  /** Record path relative to the API root (/customers/12); for files the collection path. */
  path: string;
  /** Path of the record this one lives under (/orders/12 for an order item). */
  parent?: string;
  operationId: string;
  time: string;
  /** API root the record lives on (no credentials). */
  target: string;
  /** The target was an in-process reference shop: its records vanish with it, cleanup ignores them. */
  ephemeral?: boolean;
  /** Kind `request`: the method on the wire and the override it carried, e.g. `POST` or `POST (override PUT)`. */
  method?: string;
  /** A record found by looking at its collection after an answer that did not name it (why the keeper looked): it may be half-written. */
  found?: string;
  /** An uploaded file: where the shop says it stored it, as its upload answered (for the manual step of a file the API cannot delete). */
  stored?: string;
}

/** A record or file the harness made (kind `record` or `file`). */
export type NewRecord = Pick<LedgerEntry, 'kind' | 'collection' | 'id' | 'path' | 'parent' | 'found' | 'stored'>;

/** A request that may create, in the ledger before it is sent (kind `request`). */
export type PendingRequest = Pick<LedgerEntry, 'id' | 'path' | 'method' | 'operationId'>;

export function ledgerFile(reportDir: string): string {
  return path.join(reportDir, 'ledger.jsonl');
}

/** Why open entries are still open (a record cleanup could not delete, a request whose result could not be told): one line each, next to the ledger. */
export function cleanupFailuresFile(ledger: string): string {
  return path.join(path.dirname(ledger), 'cleanup-failures.jsonl');
}

export interface CleanupFailure {
  run: string;
  target: string;
  /** entryKey of the record. */
  key: string;
  reason: string;
  time: string;
}

/** The last reason given for each record key (a later attempt's reason replaces an earlier one). */
export function readCleanupFailures(ledger: string): Map<string, string> {
  const file = cleanupFailuresFile(ledger);
  return new Map(readJsonl<CleanupFailure>(file).map((f) => [f.key, f.reason]));
}

export function entryKey(e: Pick<LedgerEntry, 'kind' | 'collection' | 'id' | 'path' | 'target'>): string {
  if (e.kind === 'file') return `${e.target} file ${e.collection} ${e.id}`;
  return e.kind === 'request' ? `${e.target} request ${e.id}` : `${e.target} ${e.path}`;
}

export class Ledger {
  private readonly created = new Map<string, LedgerEntry>();
  private readonly deleted = new Set<string>();
  /** `noun id` of every record created, so `/product_prices/5` is known as product 5. */
  private readonly byNoun = new Set<string>();

  constructor(
    readonly file: string,
    readonly runId: string,
    readonly target: string,
    readonly ephemeral = false,
  ) {
    mkdirSync(path.dirname(file), { recursive: true });
  }

  private append(e: LedgerEntry): void {
    // One short line per write with O_APPEND: lines from parallel workers never interleave.
    appendFileSync(this.file, JSON.stringify(e) + '\n');
  }

  private entry(event: LedgerEvent, r: NewRecord, operationId: string): LedgerEntry {
    const e: LedgerEntry = { run: this.runId, event, ...r, operationId, time: new Date().toISOString(), target: this.target };
    if (r.parent === undefined) delete e.parent;
    if (r.found === undefined || event !== 'create') delete e.found;
    if (r.stored === undefined || event !== 'create') delete e.stored;
    if (this.ephemeral) e.ephemeral = true;
    return e;
  }

  /** Records a create. Returns false when the record was already known (an update echoing its id). */
  recordCreate(r: NewRecord, operationId: string): boolean {
    const e = this.entry('create', r, operationId);
    const key = entryKey(e);
    if (this.created.has(key) && !this.deleted.has(key)) return false;
    this.append(e);
    this.created.set(key, e);
    this.deleted.delete(key);
    if (e.kind === 'record') this.byNoun.add(`${collectionNoun(e.collection)} ${e.id}`);
    return true;
  }

  recordDelete(r: NewRecord, operationId: string): void {
    const e = this.entry('delete', r, operationId);
    const key = entryKey(e);
    if (!this.created.has(key) || this.deleted.has(key)) return;
    this.append(e);
    this.deleted.add(key);
  }

  /** A request that may create, before it is sent: open until settled. */
  recordPending(p: PendingRequest): void {
    this.append(this.requestEntry('pending', p));
  }

  /** The pending request's answer was read, and what it made (if anything) is in the ledger. */
  recordSettled(p: PendingRequest): void {
    this.append(this.requestEntry('settled', p));
  }

  private requestEntry(event: 'pending' | 'settled', p: PendingRequest): LedgerEntry {
    const e: LedgerEntry = { run: this.runId, event, kind: 'request', collection: p.path, id: p.id, path: p.path, operationId: p.operationId, time: new Date().toISOString(), target: this.target };
    if (p.method && event === 'pending') e.method = p.method;
    if (this.ephemeral) e.ephemeral = true;
    return e;
  }

  /** Says why a pending request stays open (what it made could not be told), for the leftover report. */
  recordOpenReason(p: PendingRequest, reason: string): void {
    const e = this.requestEntry('pending', p);
    const f: CleanupFailure = { run: this.runId, target: this.target, key: entryKey(e), reason, time: e.time };
    appendFileSync(cleanupFailuresFile(this.file), JSON.stringify(f) + '\n');
  }

  /** Says why a record could not be deleted, for the leftover report (global teardown). */
  recordCleanupFailure(r: NewRecord, reason: string): void {
    const e = this.entry('create', r, '');
    const f: CleanupFailure = { run: this.runId, target: this.target, key: entryKey(e), reason, time: e.time };
    appendFileSync(cleanupFailuresFile(this.file), JSON.stringify(f) + '\n');
  }

  /** Takes over an entry of an earlier run (cleanup), so the guard lets it be deleted. No line is written. */
  adopt(e: LedgerEntry): void {
    const key = entryKey({ ...e, target: this.target });
    this.created.set(key, { ...e, target: this.target });
    this.deleted.delete(key);
    if (e.kind === 'record') this.byNoun.add(`${collectionNoun(e.collection)} ${e.id}`);
  }

  /** How the record was found, when the keeper found it by looking (src/client/record-keeper.ts). */
  foundBy(r: Pick<LedgerEntry, 'kind' | 'collection' | 'id' | 'path'>): string | undefined {
    return this.created.get(entryKey({ ...r, target: this.target }))?.found;
  }

  /** The harness created a record of this kind with this id (under whatever path). */
  ownsId(noun: string, id: string): boolean {
    return this.byNoun.has(`${noun} ${id}`);
  }

  /** The harness created this record (it may since have been deleted: deleting twice is allowed). */
  ownsRecord(recordPath: string): boolean {
    return this.created.has(entryKey({ kind: 'record', collection: '', id: '', path: recordPath, target: this.target }));
  }

  ownsFile(collection: string, name: string): boolean {
    return this.created.has(entryKey({ kind: 'file', collection, id: name, path: collection, target: this.target }));
  }

  isDeleted(e: Pick<LedgerEntry, 'kind' | 'collection' | 'id' | 'path'>): boolean {
    return this.deleted.has(entryKey({ ...e, target: this.target }));
  }

  /** Entries created through this ledger object and not deleted, newest first. */
  outstanding(): LedgerEntry[] {
    return [...this.created.entries()].filter(([k]) => !this.deleted.has(k)).map(([, e]) => e).reverse();
  }
}

/** Reads every entry of a ledger file; unreadable lines are skipped (a crash can cut the last one). */
export function readLedger(file: string): LedgerEntry[] {
  return readJsonl<LedgerEntry>(file);
}

/** Records and files created and never deleted, in creation order, per key. */
export function outstandingEntries(entries: readonly LedgerEntry[]): LedgerEntry[] {
  const open = new Map<string, LedgerEntry>();
  for (const e of entries) {
    const key = entryKey(e);
    if (e.event === 'create') open.set(key, e);
    else if (e.event === 'delete' || e.event === 'released') open.delete(key);
  }
  return [...open.values()];
}

/** Requests that may have created something and never settled (their answer was never read), in order. */
export function unsettledRequests(entries: readonly LedgerEntry[]): LedgerEntry[] {
  const open = new Map<string, LedgerEntry>();
  for (const e of entries) {
    if (e.event === 'pending') open.set(entryKey(e), e);
    else if (e.event === 'settled') open.delete(entryKey(e));
  }
  return [...open.values()];
}

/**
 * Marks records the API cannot delete as released: they were named with their manual step, and
 * no cleanup tries them again. Appended like every other line (O_APPEND).
 */
export function releaseEntries(file: string, entries: readonly LedgerEntry[]): void {
  if (!entries.length) return;
  const time = new Date().toISOString();
  const line = (e: LedgerEntry): LedgerEntry => ({ run: e.run, event: 'released', kind: e.kind, collection: e.collection, id: e.id, path: e.path, operationId: e.operationId, time, target: e.target });
  appendFileSync(file, entries.map((e) => `${JSON.stringify(line(e))}\n`).join(''));
}

/**
 * Rewrites the ledger keeping only what cleanup may still need: records of live targets that were
 * created and never deleted, and requests that never settled. Closed pairs and in-process shops' records go. Call it only when no
 * other process writes (global setup, before workers start; the cleanup command).
 */
export function compactLedger(file: string): { kept: number; dropped: number } {
  const entries = readLedger(file);
  if (!entries.length) return { kept: 0, dropped: 0 };
  const keep = [...outstandingEntries(entries), ...unsettledRequests(entries)].filter((e) => !e.ephemeral);
  const tmp = `${file}.tmp-${process.pid}`;
  writeFileSync(tmp, keep.map((e) => JSON.stringify(e) + '\n').join(''));
  renameSync(tmp, file);
  return { kept: keep.length, dropped: entries.length - keep.length };
}
