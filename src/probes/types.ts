// What a probe hands back: the exchanges it made, exchanges a judgment compares with, or why it
// could not run (skip: the target lacks something; disabled: the profile forbids it).
import type { ApiClient } from '../client/api-client.js';
import type { Mode, RequestInput, Resolved } from '../data/steps.js';
import type { DataResolver } from '../data/resolver.js';
import type { Operation } from '../spec/types.js';
import type { ValidatorSet } from '../spec/validators.js';
import type { Exchange } from '../core/exchange.js';
import type { ProbeKind } from '../checks/types.js';
import type { Depth } from '../config/depth.js';
import type { OtherCredentials } from '../client/pipeline/request.js';

/** A non-admin user's credentials for the security pack's probe (API2/API5), or why there are none. */
export type OtherUser = { ok: true; credentials: OtherCredentials; source: string } | { ok: false; reason: string };

export interface ProbeResult {
  exchanges: Exchange[];
  related?: Record<string, Exchange>;
  blocked?: { kind: 'skip' | 'disabled'; reason: string };
  /**
   * A request on an own record this probe was given to use up and did not (a DELETE refused for
   * lack of credentials): the method-override probe deletes that record instead of making another.
   */
  spare?: RequestInput;
}

export interface ProbeEnv {
  client: ApiClient;
  resolver: DataResolver;
  validators: ValidatorSet;
  /** The target speaks https (transportSecurity has something to probe). */
  https: boolean;
  /** DEPTH of the run: at quick the negative probe sends its first case only (src/config/depth.ts). */
  depth: Depth;
  /** Cached access to other probes of the same operation (the override compares with the positive). */
  probe(kind: ProbeKind, op: Operation): Promise<ProbeResult>;
  /**
   * The operation's valid request (ids, query, body and the records it refers to), resolved once
   * per worker: the positive probe sends it, and the probes that expect a refusal (no or wrong
   * credentials, invalid input, an undeclared method) send it or a broken copy of it, instead of
   * making fresh records for every probe. A DELETE's record is used up by the positive probe, so
   * its other probes ask the resolver for their own.
   */
  valid(op: Operation): Promise<Resolved<RequestInput>>;
  /** A non-admin user's credentials, got once per worker (fixtures/other-user.ts); absent: none tried. */
  other?: () => Promise<OtherUser>;
  /** The operations tried with that user's credentials (src/security/credentials.ts otherUserReads); absent: none. */
  otherTries?: ReadonlySet<string>;
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
