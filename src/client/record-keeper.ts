// The record keeper: the one place that knows what the harness wrote to the target. The request
// pipeline tells it about every request to an operation before it is sent and about its answer
// after; it keeps the ledger (src/client/ledger.ts) and the records this client made, and says how
// to delete each again (cleanup: src/client/cleanup.ts).
//
// - Before: a request that may create (a POST that is no search, a PUT on a collection, any POST
//   carrying a method override: a server that ignores the override runs the POST) is `pending` in
//   the ledger before it goes on the wire, so a crash or an answer that never comes leaves a trace.
// - After: what the exchange did is read from it (src/client/ledger-rules.ts: created, deleted,
//   renamed, a bulk answer's `created[]` even in an error, a record an ignored override made; a
//   DELETE of `15abc` that a sloppy server read as 15 is checked by reading 15) and written to the
//   ledger before the caller sees the answer. Where the answer cannot say (no answer,
//   5xx: the shop may have inserted before it failed; 201 naming nothing; an override the server
//   may have run as a create), the keeper looks: it reads the collection and takes the records that
//   carry a value only this request sent (a name or e-mail with the run id) and that the ledger
//   does not know. The pending request is settled then, or stays open with the reason it could not
//   be told, and the leftover report names it.
import { randomBytes } from 'node:crypto';
import { sentToBeRefused, type Exchange } from '../core/exchange.js';
import { pathMatcher, fillPath } from '../spec/catalogue.js';
import { isCreateOperation, isSearchOperation } from '../spec/operation-kinds.js';
import { FILES, RECORD_VIEWS } from '../spec/particulars.js';
import type { Catalogue, Operation } from '../spec/types.js';
import { cleanupKey as keyOf, type DeleteTarget } from './cleanup-plan.js';
import { cannotNameRecord } from './guard.js';
import { effectsOf, fileNameIn, isCollection } from './ledger-rules.js';
import { listItems } from '../core/answers.js';
import { collectionNoun } from '../spec/nouns.js';
import type { Ledger, NewRecord, PendingRequest } from './ledger.js';
import type { Addressed } from './pipeline/request.js';
import { isObj } from '../core/json.js';
import type { DepthPlan } from '../config/depth.js';

/** Ids of pending requests: this process's stamp and a counter (unique in the run across workers). */
const STAMP = randomBytes(4).toString('hex');
let requestCount = 0;

/** Whether a request may make a record on the target (it is then pending in the ledger before it is sent). */
export function mayCreate(req: Addressed): boolean {
  if (!req.op || req.absolute || req.intent === 'cleanup') return false;
  // The gate's own requests are GETs, but for its search probe: a POST with an override (a server
  // that ignores both the override and the path's last segment would run a create).
  if (req.intent === 'support') return req.method === 'POST' && req.override !== undefined;
  if (req.method === 'POST') return req.override !== undefined || !isSearchOperation(req.op);
  // A PUT on a collection may create (the API queues e-mails so); on a record's path it updates.
  return req.method === 'PUT' && !/\}$/.test(req.op.path);
}

export interface KeeperDeps {
  ledger: Ledger;
  catalogue: Catalogue;
  apiRoot: string;
  runId: string;
  /** Reads a collection (a GET through the pipeline, intent `lookup`). */
  look: (path: string, query: Record<string, unknown>) => Promise<Exchange>;
  /**
   * What the run's depth says of the keeper's own reads (src/config/depth.ts): whether a DELETE of a
   * wrong-typed id the target did not refuse is followed by a read of the record its leading digits
   * name at once, or only when cleanup's DELETE of that record fails (readLeadingDigits); and
   * whether the look for what a create sent to be refused made, when it broke down (5xx), waits
   * until the client has replayed it (ApiClient.run): the replay is the same request with the same
   * values, so one read of the collection finds what either made (refusalLookAfterReplay).
   */
  plan: KeeperPlan;
}

/** The depth plan's fields the record keeper reads. */
export type KeeperPlan = Pick<DepthPlan, 'readLeadingDigits' | 'refusalLookAfterReplay'>;

/** A pending request whose look waits for its replays (KeeperPlan.refusalLookAfterReplay). */
interface DeferredLook {
  req: Addressed;
  unclear: Unclear;
  pending: PendingRequest;
}

export class RecordKeeper {
  /** Records this client created (and which the ledger still has open), oldest first. */
  private readonly createdHere: NewRecord[] = [];
  private readonly createdByExchange = new WeakMap<Exchange, NewRecord[]>();
  /** Records a 2xx DELETE named that are still listed, and why (cleanup reports them). */
  private readonly kept = new Map<string, string>();
  /** Creates that broke down (5xx, no answer) and that the keeper's look showed made nothing. */
  private readonly madeNothing = new WeakSet<Exchange>();
  /** Records the shop stored from input sent to be refused whose own read never answered them (see after()). */
  private readonly fromRefusal = new Set<string>();
  /** Own records a DELETE of a wrong-typed id may have deleted, not read yet (readLeadingDigits): their read, and the DELETE's operation. */
  private readonly maybeTaken = new Map<string, { read: string; operationId: string }>();
  /** Looks that wait for the replays of their request (lookDeferred sends them). */
  private deferred: DeferredLook[] = [];
  readonly ledger: Ledger;

  constructor(private readonly deps: KeeperDeps) {
    this.ledger = deps.ledger;
  }

  /** Told before a request is sent: one that may create is pending in the ledger (returned, to be settled after). */
  before(req: Addressed): PendingRequest | undefined {
    if (!req.op || !mayCreate(req)) return undefined;
    const pending: PendingRequest = { id: `${STAMP}-${++requestCount}`, path: req.path, operationId: req.op.id, method: req.override ? `${req.method} (override ${req.override})` : req.method };
    this.ledger.recordPending(pending);
    return pending;
  }

  /**
   * Told about the answer, before the exchange is handed back: what it created, deleted or renamed
   * goes into the ledger; where the answer cannot say, the keeper looks (see the top of the file).
   * A pending request is settled once that is known. Returns the records it created.
   */
  async after(req: Addressed, ex: Exchange, pending: PendingRequest | undefined): Promise<NewRecord[]> {
    if (!req.op || req.absolute) return [];
    const op = req.op;
    const sentFields: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.opts.multipart ?? {})) if (typeof v !== 'object') sentFields[k] = String(v);
    const effects = effectsOf(
      this.deps.catalogue,
      this.deps.apiRoot,
      { op, method: req.method, override: req.override, path: req.path, pathValues: req.pathValues, sentBody: req.opts.body, sentFields, status: ex.response.status, answer: ex.response.json, location: ex.response.headers.location },
      (collection, name) => this.ledger.ownsFile(collection, name),
    );
    for (const r of effects.deleted) {
      // A record found by looking after a 5xx may be half-written: GX 4.8 answers 200 to its DELETE
      // and keeps it. It is deleted when its collection no longer lists it.
      const kept = this.ledger.foundBy(r) ? await this.stillListed(r) : this.fromRefusal.has(keyOf(r)) ? unseeable(r) : undefined;
      if (kept) this.kept.set(keyOf(r), kept);
      else this.ledger.recordDelete(r, op.id);
    }
    await this.readLeadingDigits(req, ex);
    const created = effects.created.filter((r) => this.remember(r, op.id));
    if (sentToBeRefused(req.intent)) {
      for (const r of created) {
        if (r.kind !== 'record') continue;
        // GX 4.8 stores an address without a customerId under customer 0, answers 201 with its id,
        // and never serves it again: not by its read, not in its list, and its DELETE answers 200
        // and leaves the row. A record its own read does not answer right after the create cannot
        // be seen to go, so the leftover report names it.
        const read = await this.deps.look(r.path, {}).catch(() => undefined);
        if (read?.response.status !== 200) this.fromRefusal.add(keyOf(r));
      }
    }
    if (pending) {
      const unclear = created.length ? undefined : unclearAnswer(req, ex, this.deps.catalogue);
      // Input sent to be refused that broke down is replayed at once, unchanged (src/client/replay.ts):
      // its look waits, and one read then tells what the request and its replays made. The request
      // stays pending in the ledger until then.
      if (unclear && this.deps.plan.refusalLookAfterReplay && sentToBeRefused(req.intent) && ex.response.status >= 500) {
        this.deferred.push({ req, unclear, pending });
        this.createdByExchange.set(ex, created.filter((r) => !r.found));
        return created;
      }
      const look = unclear ? await this.lookFor(req, unclear) : undefined;
      if (look?.found) created.push(...look.found.filter((r) => this.remember(r, op.id)));
      if (look?.unsure) this.ledger.recordOpenReason(pending, look.unsure);
      else this.ledger.recordSettled(pending);
      if (unclear && look && !look.unsure && !created.length && (ex.response.status === 0 || ex.response.status >= 500)) {
        this.madeNothing.add(ex);
        ex.leftNothing = true;
      }
    }
    // A create that failed stays failed for its caller (a setup that answered 500 is a Skip), even
    // when the keeper found what it half-wrote: that is the ledger's (and the checks') business.
    const ok = ex.response.status >= 200 && ex.response.status < 300;
    this.createdByExchange.set(ex, ok ? created : created.filter((r) => !r.found));
    return created;
  }

  /**
   * Sends the looks that waited for their requests' replays: one read per collection and request
   * body (a replay sends the same values, so the same read finds what each made), then settles
   * every waiting request in the ledger, or leaves it open with the reason it could not be told.
   */
  async lookDeferred(): Promise<void> {
    const waiting = this.deferred;
    this.deferred = [];
    const groups = new Map<string, DeferredLook[]>();
    for (const d of waiting) {
      const key = JSON.stringify([d.req.op?.id ?? '', d.req.path, d.req.override ?? '', sentBody(d.req) ?? null, d.req.opts.multipart ?? null]);
      groups.set(key, [...(groups.get(key) ?? []), d]);
    }
    for (const group of groups.values()) {
      const [first] = group;
      if (!first?.req.op) continue;
      const opId = first.req.op.id;
      const look = await this.lookFor(first.req, first.unclear);
      for (const r of look.found ?? []) this.remember(r, opId);
      for (const d of group) {
        if (look.unsure) this.ledger.recordOpenReason(d.pending, look.unsure);
        else this.ledger.recordSettled(d.pending);
      }
    }
  }

  /** Why a record a 2xx DELETE named is still open (its collection still lists it), or undefined. */
  keptOpen(r: NewRecord): string | undefined {
    return this.ledger.isDeleted(r) ? undefined : this.kept.get(keyOf(r));
  }

  private async stillListed(r: NewRecord): Promise<string | undefined> {
    const ex = await this.deps.look(r.collection, {}).catch(() => undefined);
    if (!ex || ex.response.status < 200 || ex.response.status >= 300) return undefined;
    const json = ex.response.json;
    const listed = r.kind === 'file' ? fileNamesIn(json).includes(r.id) : listItems(json).some((item) => String(item.id) === r.id);
    return listed ? `GET ${r.collection} still lists it (a record the shop half-wrote: ${this.ledger.foundBy(r) ?? ''})` : undefined;
  }

  /**
   * A DELETE whose record id cannot name a record (`15abc`, a negative probe) may still have
   * deleted the own record its leading digits name: GX 4.8 reads `15abc` as 15. Unless the target
   * refused it (4xx), that record is read: answering 404/410, it is gone, and the ledger says so.
   * Where the depth leaves the read out (KeeperPlan.readLeadingDigits), the record stays open and
   * is only remembered: cleanup deletes it as any other, and reads it only if that DELETE fails
   * (goneAfterAll), since a shop may answer a DELETE of a record that is gone with a 5xx (GX 4.8:
   * `DELETE /categories/8` answered 500 "not found in database" after `DELETE /categories/8abc`).
   */
  private async readLeadingDigits(req: Addressed, ex: Exchange): Promise<void> {
    const s = ex.response.status;
    if ((req.override ?? req.method) !== 'DELETE' || !req.op || (s >= 400 && s < 500) || s === 0) return;
    const name = /\{([^}]+)\}$/.exec(req.op.path)?.[1];
    const param = req.op.parameters.find((p) => p.in === 'path' && p.name === name);
    const value = name ? req.pathValues[name] : undefined;
    if (!param || value === undefined || !cannotNameRecord(param, value)) return;
    const digits = /^\d+/.exec(value)?.[0];
    if (!digits) return;
    const record: NewRecord = { kind: 'record', collection: req.path.slice(0, req.path.lastIndexOf('/')), id: digits, path: `${req.path.slice(0, req.path.lastIndexOf('/'))}/${digits}` };
    if (!this.ledger.ownsRecord(record.path) || this.ledger.isDeleted(record)) return;
    const read = this.readRequestFor(record);
    if (!read) return;
    if (!this.deps.plan.readLeadingDigits) {
      this.maybeTaken.set(keyOf(record), { read, operationId: req.op.id });
      return;
    }
    const after = await this.deps.look(read, {}).catch(() => undefined);
    if (after?.response.status === 404 || after?.response.status === 410) this.ledger.recordDelete(record, req.op.id);
  }

  /**
   * Whether a record whose DELETE failed in cleanup is gone all the same: one a DELETE of a
   * wrong-typed id may have deleted, whose read was left for now (readLeadingDigits), is read, and
   * answering 404/410 it is gone (the ledger says so). False for every other record: nothing is sent.
   */
  async goneAfterAll(r: NewRecord): Promise<boolean> {
    const taken = this.maybeTaken.get(keyOf(r));
    if (!taken) return false;
    this.maybeTaken.delete(keyOf(r));
    const after = await this.deps.look(taken.read, {}).catch(() => undefined);
    if (after?.response.status !== 404 && after?.response.status !== 410) return false;
    this.ledger.recordDelete(r, taken.operationId);
    return true;
  }

  /**
   * Reads the collection a request may have created a record in, for records that carry a value
   * only this request sent (strings with the run id: names, e-mails) and that the ledger does not
   * know. `unsure` says why it could not be told.
   */
  private async lookFor(req: Addressed, unclear: Unclear): Promise<{ found?: NewRecord[]; unsure?: string }> {
    const why = unclear.why;
    const upload = req.opts.multipart;
    // An upload is told apart by its file name (and text fields) with the run id.
    const sent = upload ? Object.values(upload).map((v) => (typeof v === 'object' ? v.name : String(v))) : sentBody(req);
    // Nothing a shop could store (no body, malformed JSON, a bare string or number, an empty list): nothing made.
    if (!(isObj(sent) || (Array.isArray(sent) && sent.length > 0))) return { found: [] };
    const markers = new Set(strings(sent).filter((v) => v.includes(this.deps.runId)));
    // A 2xx that only might hide a create (an override) is taken at its word when there is nothing to look for.
    if (!markers.size) return unclear.mustTell ? { unsure: `${why}, and its body carries nothing that would tell its record apart` } : { found: [] };
    // An overridden request on a record's path creates (if it does) in the record's collection.
    const collection = req.override && /\}$/.test(req.op?.path ?? '') ? req.path.slice(0, req.path.lastIndexOf('/')) : req.path;
    const gets = this.deps.catalogue.operations.filter((o) => o.method === 'get' && !/\}$/.test(o.path));
    // The collection's list, or the list of it in another view (RECORD_VIEWS: `.../attributes/Property`).
    const listed = [collection, ...RECORD_VIEWS.map((v) => `${collection}/${v}`)].flatMap((at) => {
      const op = gets.find((o) => pathMatcher(o.path)(at) !== undefined);
      return op ? [{ op, at }] : [];
    })[0];
    if (!listed) return { unsure: `${why}, and the spec has no list of ${collection} to look in` };
    const list = listed.op;
    // Newest first where the list sorts: a long collection may page.
    const query = list.parameters.some((p) => p.in === 'query' && p.name === 'sort') ? { sort: '-id' } : {};
    let ex: Exchange;
    try {
      ex = await this.deps.look(listed.at, query);
    } catch (err) {
      return { unsure: `${why}, and reading ${collection} failed: ${err instanceof Error ? err.message : String(err)}` };
    }
    const s = ex.response.status;
    if (s < 200 || s >= 300) return { unsure: `${why}, and GET ${listed.at} answered ${s}` };
    const found: NewRecord[] = [];
    if (upload) {
      // A file collection lists file names (or records naming them).
      for (const name of fileNamesIn(ex.response.json)) {
        if (markers.has(name) && !this.ledger.ownsFile(collection, name)) found.push({ kind: 'file', collection, id: name, path: collection, found: why });
      }
      return { found };
    }
    for (const item of listItems(ex.response.json)) {
      const id = typeof item.id === 'number' || (typeof item.id === 'string' && item.id !== '') ? String(item.id) : undefined;
      if (id === undefined || !strings(item).some((v) => markers.has(v))) continue;
      const path = `${collection}/${encodeURIComponent(id)}`;
      if (!this.ledger.ownsRecord(path)) found.push({ kind: 'record', collection, id, path, found: why });
    }
    return { found };
  }

  /**
   * A create that broke down (a 5xx, no answer) and left nothing: the keeper looked at the
   * collection and no record carries what the request sent. Sending it again cannot make a second.
   */
  leftNothing(ex: Exchange): boolean {
    return this.madeNothing.has(ex);
  }

  /** Records the ledger learnt were created by this exchange (empty for reads and failures; `exchange.created` has all it made). */
  createdBy(ex: Exchange): NewRecord[] {
    return this.createdByExchange.get(ex) ?? [];
  }

  /**
   * Records a record an answer created as a side effect (the new address of a customer create),
   * which the generic rules cannot see: it goes into the ledger now and is cleaned up with the rest.
   */
  recordCreated(r: NewRecord, operationId: string): boolean {
    return this.remember(r, operationId);
  }

  private remember(r: NewRecord, operationId: string): boolean {
    if (!this.ledger.recordCreate(r, operationId)) return false;
    this.createdHere.push(r);
    return true;
  }

  /** Records this client created that are still open, newest first (the order to delete them in). */
  openRecords(): NewRecord[] {
    const open = this.createdHere.filter((r) => !this.ledger.isDeleted(r)).reverse();
    // A record made as a side effect of another (a customer's new address, adopted with the
    // customer as its parent) goes right after the record it belongs to: deleting it first leaves,
    // for a moment, a record the shop cannot serve (GX 4.8 answers 500 to GET /customers while a
    // customer has no address), and another worker's list read meets it.
    const paths = new Set(open.map((r) => r.path));
    const late = open.filter((r) => r.parent !== undefined && r.parent !== r.path && paths.has(r.parent));
    if (!late.length) return open;
    const out = open.filter((r) => !late.includes(r));
    for (const r of late) out.splice(out.findIndex((x) => x.path === r.parent) + 1, 0, r);
    return out;
  }

  /** The DELETE request that removes a ledger record, or undefined when the spec has none. */
  deleteRequestFor(r: NewRecord): DeleteTarget | undefined {
    return deleteRequestOf(this.deps.catalogue, r);
  }
  /** The path of a record's single read (a GET of its path, or of another view of it), or undefined when the spec has none (files). */
  readRequestFor(r: NewRecord): string | undefined {
    if (r.kind !== 'record') return undefined;
    const gets = this.deps.catalogue.operations.filter((o) => o.method === 'get');
    if (gets.some((o) => pathMatcher(o.path)(r.path))) return r.path;
    for (const view of RECORD_VIEWS) if (gets.some((o) => o.path.endsWith(`}/${view}`) && pathMatcher(o.path)(`${r.path}/${view}`))) return `${r.path}/${view}`;
    return undefined;
  }
}

/**
 * The DELETE that removes a record or file the harness made, from the spec: the operation whose
 * path matches the record (or another view of it), or for a file its collection's DELETE naming
 * the file. Undefined when the spec declares none: the API cannot delete it (apiCannotDelete).
 */
export function deleteRequestOf(catalogue: Pick<Catalogue, 'operations'>, r: NewRecord): DeleteTarget | undefined {
  const ops = catalogue.operations.filter((o) => o.method === 'delete');
  if (r.kind === 'record') {
    for (const op of ops) if (pathMatcher(op.path)(r.path)) return { op, path: r.path };
    // A record whose operations address it in another view (RECORD_VIEWS: `.../attributes/{attribute_id}/Property`).
    for (const view of RECORD_VIEWS) {
      for (const op of ops) {
        if (op.path.endsWith(`}/${view}`) && pathMatcher(op.path.slice(0, -view.length - 1))(r.path)) return { op, path: `${r.path}/${view}` };
      }
    }
    // A record made under a parent that has a collection of its own (a tracking code made under
    // its order: DELETE /tracking_codes/{id}; GX 4.8's order delete leaves them), the one named
    // like the segment it was made under first.
    const noun = collectionNoun(r.collection);
    const segment = r.collection.slice(r.collection.lastIndexOf('/') + 1);
    const own = ops.filter((op) => /^\/[^/{}]+\/\{[^}/]+\}$/.test(op.path) && collectionNoun(op.path.replace(/\/\{[^}]+\}$/, '')) === noun && r.collection.split('/').length > 2);
    const home = own.find((op) => op.path.startsWith(`/${segment}/`)) ?? own[0];
    if (home) return { op: home, path: fillPath(home.path, { [/\{([^}]+)\}$/.exec(home.path)?.[1] ?? '']: r.id }) };
    return undefined;
  }
  for (const op of ops) {
    if (!pathMatcher(op.path)(r.collection) || op.path.includes('{')) continue;
    return { op, path: r.collection, body: { [fileFieldOf(op)]: r.id } };
  }
  return undefined;
}

/** Why a record stored from input sent to be refused, which its read never answered, is named as left. */
function unseeable(r: NewRecord): string {
  return `it was stored from input that should have been refused, and GET ${r.path} never answered it after the create gave its id: whether it is gone cannot be seen`;
}

/** The field a file DELETE names its file in: the one its body schema declares, else FILES.deleteField. */
function fileFieldOf(op: Operation): string {
  const props = op.body?.schema && typeof op.body.schema.properties === 'object' && op.body.schema.properties ? Object.keys(op.body.schema.properties) : [];
  return props.find((p) => FILES.nameFields.test(p)) ?? FILES.deleteField;
}

/** Why an answer does not tell what a request made; `mustTell`: it may well have made something, so not knowing leaves it open. */
interface Unclear {
  why: string;
  mustTell: boolean;
}

/**
 * Why an answer does not tell what a may-create request made, or undefined when it does: no answer
 * or 5xx (a shop may insert before it fails), 201 naming no record, or 2xx to a POST with an
 * override on a record's path (a server that ignores the override runs it as a create, and may
 * answer like the real method).
 */
function unclearAnswer(req: Addressed, ex: Exchange, catalogue: Catalogue): Unclear | undefined {
  const s = ex.response.status;
  const what = `${req.method} ${req.path}${req.override ? ` (override ${req.override})` : ''}`;
  if (/\}$/.test(req.op?.path ?? '')) {
    // On a record's path only an override can make a record (a server that ignores it runs the
    // POST); anything but a refusal may hide one. An update of a record makes none, whatever it answers.
    return req.override && !(s >= 400 && s < 500) ? { why: `${what} answered ${s}; a server that ignores the override runs a create`, mustTell: false } : undefined;
  }
  // Only a collection of records (one its members' paths hang below) or of files (an upload) gets
  // a record; a POST of a record's parts (`/products/5/links`) makes none of its own.
  if (!req.op || !(isCollection(catalogue, req.op) || isUpload(req.op))) return undefined;
  if (s === 0) return { why: `${what} got no answer`, mustTell: true };
  if (s >= 500) return { why: `${what} answered ${s}`, mustTell: true };
  if (s === 201 && isCreateOperation(req.op) && !isUpload(req.op)) return { why: `${what} answered 201 without naming a record`, mustTell: true };
  return undefined;
}

function isUpload(op: Operation): boolean {
  return (op.body?.contentTypes ?? []).some((t) => t.startsWith('multipart/'));
}

/** The file names a file collection's list answer shows: strings, or records naming a file. */
function fileNamesIn(json: unknown): string[] {
  const items: unknown[] = Array.isArray(json) ? json : [];
  return items.map((x) => (typeof x === 'string' ? x.split('/').pop() : fileNameIn(x))).filter((x): x is string => typeof x === 'string' && x !== '');
}

/** The body as the shop read it: the JSON body, or a raw body that parses as JSON (undefined otherwise). */
function sentBody(req: Addressed): unknown {
  if (req.opts.body !== undefined) return req.opts.body;
  const raw = req.opts.rawBody;
  if (raw === undefined) return undefined;
  try {
    return JSON.parse(Buffer.isBuffer(raw) ? raw.toString('utf8') : raw) as unknown;
  } catch {
    return undefined;
  }
}

/** Every string in a JSON value, at any depth. */
function strings(v: unknown, out: string[] = [], depth = 0): string[] {
  if (depth > 10) return out;
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) strings(x, out, depth + 1);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) strings(x, out, depth + 1);
  return out;
}
