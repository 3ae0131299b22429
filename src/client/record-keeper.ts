// The record keeper: the one place that knows what the harness wrote to the target. The request
// pipeline tells it about every request to an operation before it is sent and about its answer
// after; it keeps the ledger (src/client/ledger.ts) and the records this client made, and says how
// to delete each again (cleanup: src/client/cleanup.ts).
//
// - Before: a request that may create (a POST that is no search, a PUT, any POST carrying a method
//   override: a server that ignores the override runs the POST) is `pending` in the ledger before
//   it goes on the wire, so a crash or an answer that never comes still leaves its trace.
// - After: what the exchange did is read from it (src/client/ledger-rules.ts: created, deleted,
//   renamed) and written to the ledger before the caller sees the answer; the pending request is
//   then settled.
import { randomBytes } from 'node:crypto';
import type { Exchange } from '../core/exchange.js';
import { pathMatcher } from '../spec/catalogue.js';
import { isSearchOperation } from '../spec/operation-kinds.js';
import { FILES, RECORD_VIEWS } from '../spec/particulars.js';
import type { Catalogue, Operation } from '../spec/types.js';
import type { DeleteTarget } from './cleanup-plan.js';
import { effectsOf } from './ledger-rules.js';
import type { Ledger, NewRecord, PendingRequest } from './ledger.js';
import type { Addressed } from './pipeline/request.js';

/** Ids of pending requests: this process's stamp and a counter (unique in the run across workers). */
const STAMP = randomBytes(4).toString('hex');
let requestCount = 0;

/** Whether a request may make a record on the target (it is then pending in the ledger before it is sent). */
export function mayCreate(req: Addressed): boolean {
  if (!req.op || req.absolute || req.intent === 'support' || req.intent === 'cleanup') return false;
  if (req.method === 'POST') return req.override !== undefined || !isSearchOperation(req.op);
  return req.method === 'PUT';
}

export class RecordKeeper {
  /** Records this client created (and which the ledger still has open), oldest first. */
  private readonly createdHere: NewRecord[] = [];
  private readonly createdByExchange = new WeakMap<Exchange, NewRecord[]>();

  constructor(
    readonly ledger: Ledger,
    private readonly catalogue: Catalogue,
    private readonly apiRoot: string,
  ) {}

  /** Told before a request is sent: one that may create is pending in the ledger (returned, to be settled after). */
  before(req: Addressed): PendingRequest | undefined {
    if (!req.op || !mayCreate(req)) return undefined;
    const pending: PendingRequest = { id: `${STAMP}-${++requestCount}`, path: req.path, operationId: req.op.id, method: req.override ? `${req.method} (override ${req.override})` : req.method };
    this.ledger.recordPending(pending);
    return pending;
  }

  /**
   * Told about the answer (synchronously, before the exchange is handed back): what it created,
   * deleted or renamed goes into the ledger, and a pending request whose answer was read is
   * settled. Returns the records it created.
   */
  after(req: Addressed, ex: Exchange, pending: PendingRequest | undefined): NewRecord[] {
    if (!req.op || req.absolute) return [];
    const sentFields: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.opts.multipart ?? {})) if (typeof v !== 'object') sentFields[k] = String(v);
    const effects = effectsOf(
      this.catalogue,
      this.apiRoot,
      { op: req.op, method: req.method, override: req.override, path: req.path, pathValues: req.pathValues, sentBody: req.opts.body, sentFields, status: ex.response.status, answer: ex.response.json, location: ex.response.headers.location },
      (collection, name) => this.ledger.ownsFile(collection, name),
    );
    for (const r of effects.deleted) this.ledger.recordDelete(r, req.op.id);
    const created = effects.created.filter((r) => this.remember(r, req.op?.id ?? ''));
    this.createdByExchange.set(ex, created);
    if (pending && ex.response.status !== 0) this.ledger.recordSettled(pending);
    return created;
  }

  /** Records the ledger learnt were created by this exchange (empty for reads and failures). */
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
    return this.createdHere.filter((r) => !this.ledger.isDeleted(r)).reverse();
  }

  /** The DELETE request that removes a ledger record, or undefined when the spec has none. */
  deleteRequestFor(r: NewRecord): DeleteTarget | undefined {
    const ops = this.catalogue.operations.filter((o) => o.method === 'delete');
    if (r.kind === 'record') {
      for (const op of ops) if (pathMatcher(op.path)(r.path)) return { op, path: r.path };
      // A record whose operations address it in another view (RECORD_VIEWS: `.../attributes/{attribute_id}/Property`).
      for (const view of RECORD_VIEWS) {
        for (const op of ops) {
          if (op.path.endsWith(`}/${view}`) && pathMatcher(op.path.slice(0, -view.length - 1))(r.path)) return { op, path: `${r.path}/${view}` };
        }
      }
      return undefined;
    }
    for (const op of ops) {
      if (!pathMatcher(op.path)(r.collection) || op.path.includes('{')) continue;
      return { op, path: r.collection, body: { [fileFieldOf(op)]: r.id } };
    }
    return undefined;
  }
}

/** The field a file DELETE names its file in: the one its body schema declares, else FILES.deleteField. */
function fileFieldOf(op: Operation): string {
  const props = op.body?.schema && typeof op.body.schema.properties === 'object' && op.body.schema.properties ? Object.keys(op.body.schema.properties) : [];
  return props.find((p) => FILES.nameFields.test(p)) ?? FILES.deleteField;
}
