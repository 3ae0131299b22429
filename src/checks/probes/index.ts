// The probes by kind, and a per-worker cache: every check of an operation that only inspects an
// answer reuses the same exchanges instead of sending its own.
import type { Operation } from '../../spec/types.js';
import type { ProbeKind } from '../types.js';
import { authProbe } from './auth.js';
import { methodOverrideProbe } from './method-override.js';
import { negativeProbe } from './negative.js';
import { plainHttpProbe } from './plain-http.js';
import { positiveProbe } from './positive.js';
import type { Probe, ProbeEnv, ProbeResult } from './types.js';
import { undeclaredMethodProbe } from './undeclared-method.js';

export type { ProbeEnv, ProbeResult } from './types.js';

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
  readonly env: ProbeEnv;

  constructor(env: Omit<ProbeEnv, 'probe'>) {
    this.env = { ...env, probe: (kind, op) => this.get(kind, op) };
  }

  /** The probe's result for the operation, run once per worker. Errors are cached too. */
  get(kind: ProbeKind, op: Operation): Promise<ProbeResult> {
    const key = `${kind} ${op.method} ${op.path}`;
    let hit = this.cache.get(key);
    if (!hit) {
      hit = PROBES[kind](op, this.env);
      this.cache.set(key, hit);
    }
    return hit;
  }
}
