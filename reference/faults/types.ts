// A fault is a tiny named defect the reference shop can be started with (SHOP_FAULTS=a,b or
// createShop({ faults: ['a'] })). Each breaks exactly one rule and names the test tags expected to
// catch it; the fault matrix (test/faults/) proves that they do and that the clean shop is green.
//
// A fault is data (name, description, catches, area) and its behaviour: wraps of the shop's
// extension points (engine/points.ts), whole in the fault's own file. The engine stays the faithful
// shop: no `faults.has(...)` branches in it (test/shop/fault-edges.spec.ts keeps it so).
import type { Operation } from '../../src/spec/types.js';
import type { Handler } from '../engine/context.js';
import type { BodyErrors, Conform, ReadParams, UploadCheck } from '../engine/points.js';
import type { FieldsStage, ListStage, PageStage } from '../engine/listing.js';
import type { ReferenceCheck } from '../engine/references.js';
import type { Binding, ResourceDef } from '../engine/resource.js';
import type { ErrorAnswerFn } from '../http/error-answer.js';
import type { HttpHooks } from '../http/hooks.js';

/** A wrap of one of the shop's functions: it gets the shop's own (or the previous fault's) and returns the faulty one. */
export type Wrap<F> = (shop: F) => F;

/** What a fault does, at the extension points of engine/points.ts. Every member is optional. */
export interface FaultBehaviour {
  /** What the shop checks in a request. */
  checks?: { params?: Wrap<ReadParams>; body?: Wrap<BodyErrors>; reference?: Wrap<ReferenceCheck>; upload?: Wrap<UploadCheck> };
  /** A resource's rules, before its operations are bound; return the definition unchanged for other resources. */
  resource?: (def: ResourceDef) => ResourceDef;
  /** An operation's handler; return it unchanged for other operations. */
  operation?: (handler: Handler, op: Operation, binding: Binding | undefined) => Handler;
  /** How an answer is shaped, and how an error is answered. */
  answer?: { conform?: Wrap<Conform>; search?: Wrap<ListStage>; sort?: Wrap<ListStage>; page?: Wrap<PageStage>; fields?: Wrap<FieldsStage>; error?: Wrap<ErrorAnswerFn> };
  /** Hooks at the HTTP edge (http/hooks.ts). */
  http?: HttpHooks;
}

export interface Fault extends FaultBehaviour {
  /** kebab-case, unique, e.g. `auth-missing-www-authenticate`. */
  name: string;
  /** One line: what is broken. */
  description: string;
  /**
   * Test tags of which at least one must fail when the fault is on (or, with `shows: 'advisory'`,
   * record an advisory of that check or rule), e.g. `@check:authRequired` (a generic check) or
   * `@rule:customers-unique-email` (a resource-suite rule).
   */
  catches: readonly string[];
  /**
   * What a tagged test records when it sees the fault. `fail` (the default): the fault breaks a
   * rule the vendor describes, and only a Fail catches it. `advisory`: it breaks only a demand the
   * vendor does not describe (our erratum, a habit observed on one shop, our own rule), so a check
   * must report it as an advisory finding of one of the `catches` rules/checks, and must not fail
   * a test over it (shared/api-facts/README.md: only described behaviour may fail a shop).
   */
  shows?: 'fail' | 'advisory' | 'security';
  /**
   * `shows: 'security'`: the kinds of security finding (src/security/kinds.ts, e.g. `leak:sql`) that
   * show it. A weakness the vendor does not describe is never a Fail either: it is caught when a
   * tagged test's verdict record holds a security finding of one of these kinds with the fault on,
   * none of them on the clean shop, and no tagged test fails over it.
   */
  finds?: readonly string[];
  /** The issue/area that owns the fault, for the listing (e.g. `core`, `customers`, `orders`). */
  area: string;
  /**
   * A `catches` tag whose check does not exist yet and alone can catch the fault. Until it lands,
   * the fault is in the registry (the shop runs with it, `--list-faults` lists it) but not in
   * FAULTS, so the fault matrix and the proofs leave it out; delete the field when the check is in.
   */
  awaits?: string;
}

/** A fault as its file writes it; keeps the literal name, so that FaultName is a union of the names. */
export function defineFault<const F extends Fault>(fault: F): F {
  return fault;
}
