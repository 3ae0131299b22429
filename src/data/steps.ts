// The shapes the resolver's steps share (src/data/resolver.ts composes them): what a step answers
// (a value, or why there is none), how a record is wanted, what a request is made of, and what one
// step asks of the others. A record made to stand behind a request is made by the same steps for
// its create operation, so the steps reach each other through `Steps`, handed to each by the
// resolver, and none imports another.
import type { ApiClient } from '../client/api-client.js';
import type { MultipartValue } from '../client/pipeline/request.js';
import type { Uniq } from '../core/uniq.js';
import type { Operation } from '../spec/types.js';
import type { ValidatorSet } from '../spec/validators.js';
import type { BodyContext } from './bodies.js';

/** A value, or why there is none: `skip` (the target lacks data) or `disabled` (the profile forbids it). */
export type Resolved<T> = { ok: true; value: T } | { ok: false; kind: 'skip' | 'disabled'; reason: string };

export const okv = <T>(value: T): Resolved<T> => ({ ok: true, value });
export const skip = (reason: string): Resolved<never> => ({ ok: false, kind: 'skip', reason });
export const disabled = (reason: string): Resolved<never> => ({ ok: false, kind: 'disabled', reason });

/**
 * read: ids may be anyone's (taken from list answers). write: the record must be the harness's
 * own, and may be reused. consume: an own record made for this request alone (deletes).
 */
export type Mode = 'read' | 'write' | 'consume';

export interface RequestInput {
  path: Record<string, string>;
  query: Record<string, unknown>;
  body?: unknown;
  multipart?: Record<string, MultipartValue>;
}

/** A request's body: JSON or the form fields of an upload. */
export type BodyInput = Pick<RequestInput, 'body' | 'multipart'>;

export interface ResolverDeps {
  client: ApiClient;
  validators: ValidatorSet;
  uniq: Uniq;
  runId: string;
}

/** The run's tag and unique numbers, for the values a step builds. */
export function bodyContextOf(deps: ResolverDeps): BodyContext {
  return { runId: deps.runId, uniq: deps.uniq };
}

/**
 * What each step of the resolver holds: the run's dependencies and the other steps it asks
 * (one home for the wiring the four step files would otherwise each write again).
 */
export abstract class ResolverStep {
  constructor(
    protected readonly deps: ResolverDeps,
    protected readonly steps: Steps,
  ) {}

  /** The operations of the target's catalogue. */
  protected get ops(): Operation[] {
    return this.deps.client.catalogue.operations;
  }
}

/** What one step asks of the others. */
export interface Steps {
  /** Step 1: values for every path parameter (src/data/path-ids.ts). */
  pathValues(op: Operation, mode: Mode, depth?: number): Promise<Resolved<Record<string, string>>>;
  /** Step 3: a body the spec accepts (src/data/request-body.ts). */
  bodyFor(op: Operation, depth?: number, fresh?: boolean): Promise<Resolved<BodyInput>>;
  /** An own record made for this request alone (src/data/own-records.ts). */
  createOwn(collectionTpl: string, values: Record<string, string>, noun: string, depth?: number): Promise<Resolved<string>>;
  /** An own record shared by the worker's writes that need one there. */
  ownReusable(collectionTpl: string, values: Record<string, string>, noun: string, depth?: number): Promise<Resolved<string>>;
}
