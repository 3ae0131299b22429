// What a probe hands back: the exchanges it made, exchanges a judgment compares with, or why it
// could not run (skip: the target lacks something; disabled: the profile forbids it).
import type { ApiClient } from '../../client/api-client.js';
import type { DataResolver, Mode } from '../../client/resolver.js';
import type { Operation } from '../../spec/types.js';
import type { ValidatorSet } from '../../spec/validators.js';
import type { Exchange, ProbeKind } from '../types.js';

export interface ProbeResult {
  exchanges: Exchange[];
  related?: Record<string, Exchange>;
  blocked?: { kind: 'skip' | 'disabled'; reason: string };
}

export interface ProbeEnv {
  client: ApiClient;
  resolver: DataResolver;
  validators: ValidatorSet;
  /** The target speaks https (transportSecurity has something to probe). */
  https: boolean;
  /** Cached access to other probes of the same operation (the override compares with the positive). */
  probe(kind: ProbeKind, op: Operation): Promise<ProbeResult>;
}

export type Probe = (op: Operation, env: ProbeEnv) => Promise<ProbeResult>;

export function blocked(kind: 'skip' | 'disabled', reason: string): ProbeResult {
  return { exchanges: [], blocked: { kind, reason } };
}

/** Deletes get a record of their own; other writes may share one; reads take the target's. */
export function modeFor(op: Operation, isWrite: boolean): Mode {
  if (op.method === 'delete') return 'consume';
  return isWrite ? 'write' : 'read';
}
