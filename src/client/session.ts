// One worker's connection to the target: the HTTP transport, the pacer, the ledger, the support
// gate, the unique-number source and what the layers above keep (the data layer's reads of the
// target), shared by every ApiClient the worker makes (test-scoped or not).
import type { HarnessConfig } from '../config/config.js';
import type { Exchange } from '../core/exchange.js';
import type { Catalogue } from '../spec/types.js';
import { ApiClient } from './api-client.js';
import { Uniq } from '../core/uniq.js';
import { Floor } from './floor.js';
import type { Replayed } from './replay.js';
import { Ledger, ledgerFile } from './ledger.js';
import { Pacer } from './pacer.js';
import { Redactor } from './redact.js';
import { RequestTally } from './tally.js';
import { SessionStore } from './session-store.js';
import type { HttpTransport } from './http.js';
import { boardFile, SupportBoard } from '../support/board.js';
import { SupportGate } from '../support/gate.js';
import type { BlockedError, UnsupportedError } from '../core/errors.js';
import { depthPlan } from '../config/depth.js';

export interface SessionOptions {
  config: HarnessConfig;
  catalogue: Catalogue;
  /** HTTP for every client of the session (src/client/http.ts). */
  transport: HttpTransport;
  apiRoot: string;
  /** The target is an in-process/embedded reference shop (its records vanish with it). */
  ephemeral: boolean;
  /** Distinct per worker process, so unique names never collide between workers. */
  workerIndex: number;
}

export class Session {
  readonly pacer: Pacer;
  readonly ledger: Ledger;
  readonly redactor: Redactor;
  readonly uniq: Uniq;
  /** What the run learnt about the target's support, shared with the other workers (src/support/). */
  readonly gate: SupportGate;
  /** The run's floor: this worker's replays of failures go alone, and it waits for the others' (src/client/floor.ts). */
  readonly floor: Floor;
  /** What the layers above keep while this worker talks to the target (the data layer's reads of it). */
  readonly store = new SessionStore();
  /** Requests this worker sent, by source and intent (src/client/tally.ts). */
  readonly tally = new RequestTally();
  /** Told about every exchange any client of this worker records (the fixtures add it to the running test's verdict). */
  onExchange: ((ex: Exchange) => void) | undefined;
  /** Told about a breakdown that did not break down again alone (src/client/replay.ts); the fixtures add it to the running test's verdict. */
  onUnreproduced: ((original: Exchange, replayed: Replayed) => void) | undefined;

  constructor(readonly opts: SessionOptions) {
    const { config } = opts;
    // MAX_RPS protects live shops; a reference shop this run started itself gets no cap (it is
    // still paced by its rate-limit headers), which saves seconds of sleeping in every run.
    this.pacer = new Pacer({ maxRps: opts.ephemeral ? 100_000 : config.maxRps });
    this.ledger = new Ledger(ledgerFile(config.reportDir), config.runId, opts.apiRoot, opts.ephemeral);
    this.redactor = Redactor.forConfig(config);
    this.uniq = new Uniq((opts.workerIndex + 1) * 100_000 + 1);
    this.floor = new Floor({ reportDir: config.reportDir });
    const declaredGets = new Set(opts.catalogue.operations.filter((o) => o.method === 'get').map((o) => o.path));
    this.gate = new SupportGate(new SupportBoard(boardFile(config.reportDir), config.runId, opts.apiRoot), { runId: config.runId, alone: async (fn) => (await this.floor.hold(fn)).value, declaredGets });
  }

  /**
   * Why the target is known not to implement the operation (the support gate's board, shared by
   * the run's workers), or undefined. Sends nothing.
   */
  lacking(operationId: string): string | undefined {
    const op = this.opts.catalogue.operations.find((o) => o.id === operationId);
    return op ? this.gate.knownUnsupported(op)?.reason : undefined;
  }

  /**
   * A client of this worker's connection. `source` names who sends (the test file) in the run's
   * request figures.
   */
  client(onWait?: (ms: number) => void, onRefusal?: (err: UnsupportedError | BlockedError) => void, source = 'other'): ApiClient {
    const { config } = this.opts;
    return new ApiClient({
      transport: this.opts.transport,
      apiRoot: this.opts.apiRoot,
      catalogue: this.opts.catalogue,
      ledger: this.ledger,
      pacer: this.pacer,
      redactor: this.redactor,
      settings: {
        apiUser: config.apiUser,
        apiPassword: config.apiPassword,
        timeoutMs: config.timeoutMs,
        profile: config.profile,
        runId: config.runId,
        insecureTls: config.insecureTls,
      },
      gate: this.gate,
      tally: (intent, operation) => this.tally.count(source, intent, operation),
      onExchange: (ex) => this.onExchange?.(ex),
      floor: this.floor,
      onUnreproduced: (ex, r) => this.onUnreproduced?.(ex, r),
      store: this.store,
      keeperPlan: depthPlan(config.depth),
      ...(onWait ? { onWait } : {}),
      ...(onRefusal ? { onRefusal } : {}),
    });
  }
}
