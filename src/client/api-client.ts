// The API client every suite uses: a thin facade over the request pipeline (src/client/pipeline/:
// support gate, write guard, encode, pace and send, record, redact) and the record keeper
// (src/client/record-keeper.ts: ledger, what this client made, cleanup). It calls operations of the
// loaded spec, or sends by path, and keeps its latest exchanges as evidence.
import type { Profile } from '../config/config.js';
import type { Exchange, Intent } from '../core/exchange.js';
import { HarnessError, type BlockedError, type UnsupportedError } from '../core/errors.js';
import { pathMatcher } from '../spec/catalogue.js';
import { isDestructiveOperation, marksDestructive } from '../spec/operation-kinds.js';
import type { Catalogue, Operation } from '../spec/types.js';
import type { SupportGate } from '../support/gate.js';
import { cleanup, type CleanupResult } from './cleanup.js';
import { profileBlocks, writesAllowed, type ProfileBlock } from './guard.js';
import type { DeleteTarget } from './cleanup-plan.js';
import type { Floor } from './floor.js';
import { breakdownToSettle, brokeDown, settleBreakdown, createToSendAgain, type Replayed, type Resend } from './replay.js';
import type { HttpTransport } from './http.js';
import type { Ledger, NewRecord } from './ledger.js';
import type { Pacer } from './pacer.js';
import { addressCall, addressPath } from './pipeline/address.js';
import { run, type PipelineDeps } from './pipeline/index.js';
import type { Addressed, CallOptions } from './pipeline/request.js';
import { SupportGateStage } from './pipeline/support-gate.js';
import { RecordKeeper, type KeeperPlan } from './record-keeper.js';
import { SessionStore } from './session-store.js';
import type { Redactor } from './redact.js';


export interface ClientSettings {
  apiUser: string;
  apiPassword: string;
  timeoutMs: number;
  profile: Profile;
  runId: string;
  insecureTls: boolean;
}

export interface ClientDeps {
  /** HTTP under the client (src/client/http.ts); one per worker, shared by its clients. */
  transport: HttpTransport;
  /** API root: BASE_URL joined with the spec's base path (see url.ts apiRoot). */
  apiRoot: string;
  catalogue: Catalogue;
  ledger: Ledger;
  pacer: Pacer;
  redactor: Redactor;
  settings: ClientSettings;
  /** Told about long waits (rate limit), so a test can extend its timeout. */
  onWait?: (ms: number) => void;
  /**
   * Asked before every call of an operation, told about every answer (src/support/gate.ts): what
   * the target does not implement, unrouted paths, creates the run stopped calling.
   */
  gate?: SupportGate;
  /**
   * Told when the gate refuses a call (the error is thrown right after). A test-scoped client turns
   * it into the test's Unsupported or Skip outcome (fixtures/index.ts) while the test body runs.
   */
  onRefusal?: (err: UnsupportedError | BlockedError) => void;
  /** Counts each request sent (by intent), for the run's request figures (src/client/tally.ts). */
  tally?: (intent: Intent | 'replay', operation: string) => void;
  /** Told about every exchange recorded (redacted), for the running test's traffic (src/core/traffic.ts). */
  onExchange?: (ex: Exchange) => void;
  /** The run's floor (src/client/floor.ts): replays of failures go alone; other requests wait for them. */
  floor?: Floor;
  /** Told about a breakdown that did not break down again alone (src/client/replay.ts): a concurrency defect or flaky. */
  onUnreproduced?: (original: Exchange, replayed: Replayed) => void;
  /** What the layers above keep for the worker's session (src/client/session-store.ts); a client of its own keeps its own. */
  store?: SessionStore;
  /** What the run's depth says of the record keeper's own reads (KeeperDeps.plan). */
  keeperPlan: KeeperPlan;
}

/**
 * The request each exchange of this worker was sent as, so a failure can be sent again exactly
 * (src/client/replay.ts): the recorded request is redacted and may be cut, the addressed one is not.
 */
const sentAs = new WeakMap<Exchange, Addressed>();

/** How many recent exchanges a client keeps for evidence (a failing test attaches the last 20). */
export const KEPT_EXCHANGES = 50;

export class ApiClient {
  /**
   * The latest exchanges this client recorded (at most KEPT_EXCHANGES), oldest first: evidence of
   * a failing test. A worker-scoped client (the contract suite's) lives for thousands of requests,
   * more against a large spec: keeping every body would grow with the run.
   */
  readonly exchanges: Exchange[] = [];
  /**
   * Operations this client sent a request for (its own look at the target and cleanup aside): a
   * test that fails is about the operations it reached, not those its tags name but it never got to.
   */
  readonly reached = new Set<string>();
  /** What this client wrote: the ledger, the records it made, how to delete them. */
  readonly keeper: RecordKeeper;
  /** What the layers above keep for the worker's session: the data layer's reads of the target. */
  readonly store: SessionStore;
  private readonly opsById: Map<string, Operation>;
  private readonly specMarksDestructive: boolean;
  private readonly gate: SupportGateStage;
  private readonly pipeline: PipelineDeps;

  constructor(private readonly deps: ClientDeps) {
    this.opsById = new Map(deps.catalogue.operations.map((o) => [o.id, o]));
    this.store = deps.store ?? new SessionStore();
    this.specMarksDestructive = marksDestructive(deps.catalogue.operations);
    this.keeper = new RecordKeeper({
      ledger: deps.ledger,
      catalogue: deps.catalogue,
      apiRoot: deps.apiRoot,
      runId: deps.settings.runId,
      look: (path, query) => this.send('GET', path, { intent: 'lookup', query, noAnswer: 'return', label: 'look for what a write did that its answer does not say' }),
      plan: deps.keeperPlan,
    });
    // The gate's own look at the target: a GET (relative path; '' is the API root) it does not ask itself about.
    const look = (p: string, probe?: { body: unknown }): Promise<Exchange> =>
      probe
        ? this.send('POST', p, { intent: 'support', noAnswer: 'return', body: probe.body, headers: { 'X-HTTP-Method-Override': 'GET' }, label: 'does the target search here, or read the POST as the GET it ignores the segment of?' })
        : this.send('GET', p === '' ? deps.apiRoot : p, { intent: 'support', noAnswer: 'return' });
    this.gate = new SupportGateStage(deps.gate, look, deps.onRefusal);
    const { settings } = deps;
    this.pipeline = {
      gate: this.gate,
      guard: { catalogue: deps.catalogue, profile: settings.profile, ledger: deps.ledger, specMarksDestructive: this.specMarksDestructive },
      credentials: { apiUser: settings.apiUser, apiPassword: settings.apiPassword, runId: settings.runId, timeoutMs: settings.timeoutMs, insecureTls: settings.insecureTls },
      keeper: this.keeper,
      send: { transport: deps.transport, pacer: deps.pacer, onWait: deps.onWait, floor: deps.floor },
      redactor: deps.redactor,
      observe: { sent: (req) => this.sent(req), recorded: (ex) => this.keep(ex) },
    };
  }

  get apiRoot(): string {
    return this.deps.apiRoot;
  }

  get catalogue(): Catalogue {
    return this.deps.catalogue;
  }

  get ledger(): Ledger {
    return this.deps.ledger;
  }

  get settings(): ClientSettings {
    return this.deps.settings;
  }

  operation(opOrId: Operation | string): Operation {
    if (typeof opOrId !== 'string') return opOrId;
    const op = this.opsById.get(opOrId);
    if (!op) throw new HarnessError(`operation "${opOrId}" is not in the loaded spec (${this.deps.catalogue.info.file})`);
    return op;
  }

  isDestructive(op: Operation): boolean {
    return isDestructiveOperation(op, this.specMarksDestructive);
  }

  /**
   * Why PROFILE keeps this client from sending the operation (the write guard's rule), or
   * undefined: asked before a request is built, so what the guard would refuse is Disabled, not an
   * error.
   */
  profileBlocks(op: Operation): ProfileBlock | undefined {
    return profileBlocks(op, this.deps.settings.profile, this.specMarksDestructive);
  }

  /** Whether PROFILE lets this client write at all (the write guard's rule). */
  get writesAllowed(): boolean {
    return writesAllowed(this.deps.settings.profile);
  }

  /** Calls one operation of the spec. */
  async call(opOrId: Operation | string, opts: CallOptions = {}): Promise<Exchange> {
    return this.run(addressCall(this.operation(opOrId), opts, this.deps.apiRoot));
  }

  /**
   * Sends a request by path (`/customers/12`, or an absolute URL for probes on another scheme).
   * The guard applies the rules of the operation the path matches.
   */
  async send(method: string, pathOrUrl: string, opts: CallOptions = {}): Promise<Exchange> {
    return this.run(addressPath(this.deps.catalogue, method, pathOrUrl, opts, this.deps.apiRoot));
  }

  /**
   * How to send an exchange of this worker again (src/client/replay.ts), or undefined when this
   * worker did not send it (a copy, another worker's).
   */
  resender(ex: Exchange): Resend | undefined {
    const req = sentAs.get(ex);
    return req ? this.resendOf(req) : undefined;
  }

  private resendOf(req: Addressed): Resend {
    return {
      again: async () => {
        try {
          return await this.runOnce({ ...req, opts: { ...req.opts, noAnswer: 'return' } }, 'replay');
        } catch {
          // Refused by the gate now (a create the run stopped calling), or the harness broke: no replay.
          return undefined;
        }
      },
      alone: (fn) => this.alone(fn),
    };
  }

  /**
   * Runs `fn` while the run's other workers send nothing (src/client/floor.ts); `alone` is false
   * when they did not settle in time, or there is no floor (then `fn` runs as it is).
   */
  async alone<T>(fn: () => Promise<T>): Promise<{ value: T; alone: boolean }> {
    const floor = this.deps.floor;
    return floor ? floor.hold(fn) : { value: await fn(), alone: false };
  }

  /**
   * One request through the pipeline; a breakdown to a read is sent again alone before the caller
   * sees it (src/client/replay.ts settleBreakdown): an overlap never decides a verdict.
   */
  private async run(req: Addressed): Promise<Exchange> {
    const ex = await this.runOnce(req);
    try {
      if (createToSendAgain(ex, this.keeper.leftNothing(ex))) {
        if (this.deps.floor) return await this.createAlone(req, ex);
        // No floor to send it alone: its 5xx counts as any failing create's does.
        if (req.op) this.gate.strike(req.op, ex);
        return ex;
      }
      if (!this.deps.floor || !breakdownToSettle(ex, req.method === 'POST' && req.override !== undefined && !this.postOn(req.path))) return ex;
      const { answer, unreproduced } = await settleBreakdown(ex, this.resendOf(req));
      if (unreproduced) this.deps.onUnreproduced?.(ex, unreproduced);
      return answer;
    } finally {
      // One look for the request and whatever replays it got (KeeperPlan.refusalLookAfterReplay),
      // sent before the caller sees the answer, however the replays ended.
      await this.keeper.lookDeferred();
    }
  }

  /**
   * A create meant to succeed (a setup's, or the one a test judges) that broke down and left
   * nothing, sent once more alone before its test is blocked or judged: two workers' creates may
   * collide on a shop that numbers records itself ("Duplicate entry ... for key 'PRIMARY'"), and a
   * shop may break down on overlapping uploads. Alone it works: the test goes on with that answer, and the breakdown is the
   * shop's concurrency finding (or flaky, when no other request was on the wire), listed apart.
   * It breaks down again: the caller gets that answer, marked, and blocks as before. A create is
   * never sent overlapped on purpose: each copy would be a record.
   */
  private async createAlone(req: Addressed, ex: Exchange): Promise<Exchange> {
    const op = req.op;
    let again: Exchange;
    try {
      again = (await this.alone(() => this.runOnce(req, 'replay'))).value;
    } catch {
      // Refused by the gate now (a create the run stopped calling), or the harness broke: the first answer stands.
      if (op) this.gate.strike(op, ex);
      return ex;
    }
    if (brokeDown(again)) {
      // A failing create, not an overlap: both breakdowns count towards the breaker, as before.
      if (op) {
        this.gate.strike(op, ex);
        if (again.leftNothing) this.gate.strike(op, again);
      }
      again.replayedAlone = { reproduced: 1, of: 1 };
      return again;
    }
    this.deps.onUnreproduced?.(ex, { showing: (ex.othersOnTheWire ?? 0) > 0 ? 'concurrency' : 'flaky', alone: { reproduced: 0, of: 1 }, evidence: [again] });
    return again;
  }

  /** Whether the spec declares a POST on this path (relative to the API root). */
  private postOn(path: string): boolean {
    return this.deps.catalogue.operations.some((o) => o.method === 'post' && pathMatcher(o.path)(path) !== undefined);
  }

  private async runOnce(req: Addressed, source?: 'replay'): Promise<Exchange> {
    // Counted per request on the wire (a 429 retry is one more), by the request's intent; replays
    // of failures apart, so the run's figures show what they cost.
    const tally = this.deps.tally;
    const intent = source ?? req.intent;
    const ex = await run(req, tally ? { ...this.pipeline, send: { ...this.pipeline.send, onSend: () => tally(intent, `${req.effective} ${req.op?.id ?? '-'}`) } } : this.pipeline);
    sentAs.set(ex, req);
    return ex;
  }

  /** Why the support gate knows the target lacks the operation (nothing is sent), or undefined. */
  knownUnsupported(op: Operation): { reason: string; exchange?: Exchange } | undefined {
    return this.gate.knownUnsupported(op);
  }

  /**
   * Has the support gate decide, from reads alone, whether the target routes the operation's path
   * (for a test that could not be set up): afterwards knownUnsupported says so.
   */
  async lookAhead(op: Operation): Promise<void> {
    return this.gate.lookAhead(op);
  }

  /**
   * Asks the support gate whether the operation may be called with these path values (it may send
   * GETs to find out whether the path is routed); throws UnsupportedError or BlockedError if not.
   * For requests sent by path (`send`) to a method the spec does not declare on the operation's path.
   */
  async admit(op: Operation, pathValues: Readonly<Record<string, string>>): Promise<void> {
    return this.gate.admitOperation(op, pathValues);
  }

  /** Ends the test as the refusal says (test-scoped clients), and throws it. */
  refuse(err: UnsupportedError | BlockedError): never {
    return this.gate.refuse(err);
  }

  private sent(req: Addressed): void {
    if (req.op && req.intent !== 'support' && req.intent !== 'cleanup' && req.intent !== 'lookup') this.reached.add(req.op.id);
  }

  private keep(ex: Exchange): void {
    this.deps.onExchange?.(ex);
    this.exchanges.push(ex);
    if (this.exchanges.length > KEPT_EXCHANGES) this.exchanges.splice(0, this.exchanges.length - KEPT_EXCHANGES);
  }

  /** Records the ledger learnt were created by this exchange (empty for reads and failures). */
  createdBy(ex: Exchange): NewRecord[] {
    return this.keeper.createdBy(ex);
  }

  /**
   * Records a record an answer created as a side effect (the new address of a customer create),
   * which the generic rules cannot see: it goes into the ledger now and is cleaned up with the rest.
   */
  recordCreated(r: NewRecord, operationId: string): boolean {
    return this.keeper.recordCreated(r, operationId);
  }

  /** Records this client created that are still open, newest first (the order to delete them in). */
  openRecords(): NewRecord[] {
    return this.keeper.openRecords();
  }

  /** The DELETE request that removes a ledger record, or undefined when the spec has none. */
  deleteRequestFor(r: NewRecord): DeleteTarget | undefined {
    return this.keeper.deleteRequestFor(r);
  }

  /** Deletes what this client created, newest first (src/client/cleanup.ts). */
  async cleanup(records?: readonly NewRecord[]): Promise<CleanupResult> {
    // A look still waiting for replays (a probe that broke off) first: what it finds is cleaned up too.
    await this.keeper.lookDeferred();
    return cleanup(records ?? this.openRecords(), {
      keeper: this.keeper,
      catalogue: this.deps.catalogue,
      runId: this.deps.settings.runId,
      apiRoot: this.deps.apiRoot,
      del: (path, body) => this.send('DELETE', path, { intent: 'cleanup', ...(body !== undefined ? { body } : {}) }),
    });
  }
}
