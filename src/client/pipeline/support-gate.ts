// Stage 2 (and the last word after the answer), the support gate: what the target does not
// implement, a path segment it does not route, a create the run stopped calling, is not sent at
// all; every answer teaches the gate (src/support/gate.ts holds what it knows and how it looks).
// A refusal is handed to the client's owner first (a test-scoped client ends its test as
// Unsupported or Skip with it), then thrown.
import type { Exchange } from '../../core/exchange.js';
import { BlockedError, UnsupportedError } from '../../core/errors.js';
import type { Operation } from '../../spec/types.js';
import type { SupportGate, SupportGet } from '../../support/gate.js';
import type { Addressed } from './request.js';

export type Refusal = UnsupportedError | BlockedError;

export class SupportGateStage {
  constructor(
    private readonly gate: SupportGate | undefined,
    /** Sends the gate's own GETs (intent `support`, which this stage lets through unasked). */
    private readonly look: SupportGet,
    private readonly onRefusal: ((err: Refusal) => void) | undefined,
  ) {}

  /** Why the gate knows the target lacks the operation (nothing is sent), or undefined. */
  knownUnsupported(op: Operation): { reason: string; exchange?: Exchange } | undefined {
    return this.gate?.knownUnsupported(op);
  }

  /**
   * Before sending: throws the refusal when the request must not go out. The gate's own GETs and
   * the record keeper's reads of a collection (`lookup`, a plain read the test did not ask for) pass.
   */
  async admit(req: Addressed): Promise<void> {
    if (!req.op || req.absolute || req.intent === 'support' || req.intent === 'lookup') return;
    await this.admitOperation(req.op, req.pathValues, req.intent);
  }

  /** The gate's question for an operation about to be sent by other means (an undeclared method on its path). */
  async admitOperation(op: Operation, pathValues: Readonly<Record<string, string>>, intent: Addressed['intent'] = 'setup'): Promise<void> {
    if (!this.gate) return;
    try {
      await this.gate.admit(op, pathValues, intent, this.look);
    } catch (err) {
      if (err instanceof UnsupportedError || err instanceof BlockedError) this.onRefusal?.(err);
      throw err;
    }
  }

  /** Decides the routes of the operation's path from reads alone (SupportGate.lookAhead); throws nothing. */
  async lookAhead(op: Operation): Promise<void> {
    await this.gate?.lookAhead(op, this.look);
  }

  /**
   * After the answer: the gate learns from it. A test cannot go on from an answer that says the
   * operation does not exist: with an owner to tell (a test-scoped client), it ends as Unsupported
   * (or as a Skip naming it). The contract suite's client has none: its checks judge this answer.
   */
  async learn(req: Addressed, ex: Exchange): Promise<void> {
    if (!req.op || req.absolute || req.intent === 'support' || req.intent === 'lookup' || !this.gate) return;
    const lacking = await this.gate.learn(req.op, ex, this.look);
    if (lacking && this.onRefusal) this.refuse(new UnsupportedError(req.op.id, lacking, ex));
  }

  /** A create's 5xx that counts towards the breaker after all (SupportGate.strike). */
  strike(op: Operation, ex: Exchange): void {
    this.gate?.strike(op, ex);
  }

  /** Tells the owner about a refusal and throws it. */
  refuse(err: Refusal): never {
    this.onRefusal?.(err);
    throw err;
  }
}
