// The model-based test's two sides. The MODEL is what a client may rely on, and nothing more:
// which of its customers, addresses and orders exist, a few fields of each, which registree holds
// which e-mail, an order's status and how many history entries it has gained. The WORLD is the
// real shop reached through the test's `api` client, plus what one run needs: a pool of two fresh
// e-mails (so e-mails collide and get re-used), a token in every customer's first name (so a
// search lists exactly this run's customers), the target's order statuses and a country, and what
// an order names besides (read from the target once per run, see orderContext).
// What the model deliberately leaves out: cascades (a customer's addresses after its delete),
// how the shop links an order to a customer, the history entries a create writes.
import fc from 'fast-check';
import type { ApiClient } from '../../src/client/api-client.js';
import type { Exchange } from '../../src/core/exchange.js';
import { expectRule, type RuleAt } from '../../fixtures/evidence.js';
import type { Rule } from '../../src/checks/rules/rule.js';
import type { FactoryKit } from '../../fixtures/factories/index.js';
import { tryOrderContext, type OrderContext } from '../../fixtures/factories/orders.js';

export type OrderContextResult = Awaited<ReturnType<typeof tryOrderContext>>;

export interface CustomerM {
  /** c1, c2, ... in creation order within the run. */
  ref: string;
  id: string;
  /** Index into the e-mail pool. */
  email: number;
  guest: boolean;
  lastname: string;
  deleted: boolean;
}

export interface AddressM {
  ref: string;
  id: string;
  customer: string;
  city: string;
  deleted: boolean;
  /** Its customer was deleted: the shop may or may not have deleted it too; the model does not say. */
  unknown: boolean;
}

export interface OrderM {
  ref: string;
  id: string;
  statusId: number;
  /** History entries as read right after the create; each status change adds exactly one. */
  history: number;
  deleted: boolean;
}

export interface Model {
  customers: CustomerM[];
  addresses: AddressM[];
  orders: OrderM[];
}

export function emptyModel(): Model {
  return { customers: [], addresses: [], orders: [] };
}

export const live = <T extends { deleted: boolean }>(xs: readonly T[]): T[] => xs.filter((x) => !x.deleted);

/**
 * The record a command's `pick` means: counted from the newest, so small picks (which fast-check
 * draws more often, and shrinks to) touch what the run just made. Bugs of a lifecycle sit there:
 * an update right after a re-create, a read right after a delete. Callers check non-emptiness.
 */
export function pickNewest<T>(xs: readonly T[], pick: number): T {
  return xs[xs.length - 1 - (pick % xs.length)] as T;
}

export class World {
  private context: Promise<OrderContext> | undefined;

  constructor(
    readonly kit: FactoryKit,
    readonly api: ApiClient,
    /** Two fresh e-mails of this run. */
    readonly pool: readonly string[],
    /** In the first name of every customer of this run. */
    readonly token: string,
    readonly statuses: readonly number[],
    readonly country: number,
    /** What orderContext answers, when the test read it once for all its runs. */
    private readonly known?: Promise<OrderContextResult>,
  ) {}

  /**
   * What an order names besides its customer and status (zone, vatId, item option ids, a product
   * for item lines), read from the target or made for the test (`known`), else for this run. A
   * target that offers none of one discards the run (nothing to judge), since a skip inside
   * fast-check would count as a failing run.
   */
  orderContext(): Promise<OrderContext> {
    this.context ??= (this.known ?? tryOrderContext(this.kit)).then((r) => {
      if (r.ok) return r.value;
      const why = r.reason;
      fc.pre(false); // throws: the run is discarded
      throw new Error(why);
    });
    return this.context;
  }

  /**
   * Judges a rule on what the shop answered against what the model says (expectRule): a run breaks
   * the rule the list rule tests and the resource suites judge, in their words.
   */
  expect<I>(rule: Rule<I>, input: I, at: RuleAt): boolean {
    return expectRule(this.api, rule, input, at);
  }
}

/** The error statuses the operation of an exchange declares (a deleted record is gone: error-status, `gone`). */
export function declaredErrors(w: World, ex: Exchange): number[] {
  return (w.api.catalogue.operations.find((o) => o.id === ex.operationId)?.responses ?? []).map((r) => Number(r.status)).filter((s) => Number.isInteger(s) && s >= 400);
}

/** The record of a single read (some reads answer a one-item list). */
export function recordOfRead(ex: Exchange): Record<string, unknown> | undefined {
  const j = Array.isArray(ex.response.json) ? (ex.response.json as unknown[])[0] : ex.response.json;
  return typeof j === 'object' && j !== null && !Array.isArray(j) ? (j as Record<string, unknown>) : undefined;
}

