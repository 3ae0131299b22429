// The probes by kind, and a per-worker cache: every check of an operation that only inspects an
// answer reuses the same exchanges instead of sending its own.
import { UnsupportedError } from '../core/errors.js';
import { isWriteOperation } from '../spec/operation-kinds.js';
import type { RequestInput, Resolved } from '../data/steps.js';
import type { Operation } from '../spec/types.js';
import type { ProbeKind } from '../checks/types.js';
import { authProbe } from './auth.js';
import { methodOverrideProbe } from './method-override.js';
import { negativeProbe } from './negative.js';
import { plainHttpProbe } from './plain-http.js';
import { positiveProbe } from './positive.js';
import { modeFor, type Probe, type ProbeEnv, type ProbeResult } from './types.js';
import { undeclaredMethodProbe } from './undeclared-method.js';


export const PROBES: Readonly<Record<ProbeKind, Probe>> = {
  positive: positiveProbe,
  auth: authProbe,
  negative: negativeProbe,
  'undeclared-method': undeclaredMethodProbe,
  'method-override': methodOverrideProbe,
  'plain-http': plainHttpProbe,
};

export class ProbeCache {
  private readonly cache = new Map<string, Promise<ProbeResult>>();
  private readonly inputs = new Map<string, Promise<Resolved<RequestInput>>>();
  readonly env: ProbeEnv;

  constructor(env: Omit<ProbeEnv, 'probe' | 'valid'>) {
    this.env = { ...env, probe: (kind, op) => this.get(kind, op), valid: (op) => this.valid(op) };
  }

  /** The operation's valid request, resolved once per worker (ProbeEnv.valid says who shares it). */
  private valid(op: Operation): Promise<Resolved<RequestInput>> {
    const key = `${op.method} ${op.path}`;
    let hit = this.inputs.get(key);
    if (!hit) {
      hit = this.env.resolver.requestFor(op, modeFor(op, isWriteOperation(op)));
      this.inputs.set(key, hit);
    }
    return hit;
  }

  /**
   * The probe's result for the operation, run once per worker. Errors are cached too. The valid
   * request goes first: its answer says whether the operation is implemented at all (then the
   * other probes are not sent), and a create that fails twice with 5xx is not called again, so
   * the valid request must be among the calls it gets.
   */
  get(kind: ProbeKind, op: Operation): Promise<ProbeResult> {
    const key = `${kind} ${op.method} ${op.path}`;
    let hit = this.cache.get(key);
    if (!hit) {
      hit = kind === 'positive' || kind === 'plain-http' ? this.run(kind, op) : this.afterPositive(op).then(() => this.run(kind, op));
      this.cache.set(key, hit);
    }
    return hit;
  }

  /**
   * Runs a probe, unless the target is known to lack the operation: then, and when a probe that
   * could not be set up (a record it needs could not be made) leaves the operation known to be
   * lacking (the create it tried showed the whole resource unknown), the operation is Unsupported
   * rather than blocked.
   */
  private async run(kind: ProbeKind, op: Operation): Promise<ProbeResult> {
    this.throwIfLacking(op);
    const r = await PROBES[kind](op, this.env);
    if (r.blocked?.kind === 'skip') {
      // The valid request could not be set up (a record its path needs could not be made): whether
      // the target routes the path is decided from reads all the same, so the verdict does not
      // depend on whether another test reached the operation first (a probe the profile disabled
      // stays Disabled, and structural skips, as plain http on an http target, ask nothing).
      if (kind === 'positive') await this.env.client.lookAhead(op);
      this.throwIfLacking(op);
    }
    return r;
  }

  private throwIfLacking(op: Operation): void {
    const known = this.env.client.knownUnsupported(op);
    if (known) throw new UnsupportedError(op.id, known.reason, known.exchange);
  }

  private async afterPositive(op: Operation): Promise<void> {
    try {
      await this.get('positive', op);
    } catch (err) {
      // Only the operation's own absence stops the other probes; anything else is theirs to meet.
      if (err instanceof UnsupportedError && err.operationId === op.id) throw err;
    }
  }
}
