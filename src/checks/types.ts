// Shapes of the checks: what a check may need (context, validation), what it is (Check) and what
// the contract suite gathers for it (probes). The exchange (src/core/exchange.ts) and outcomes and
// findings (src/core/finding.ts) live in src/core, which every layer reads.
import type { Catalogue, Operation } from '../spec/types.js';
import type { Exchange, Intent, SchemaErrorInfo } from '../core/exchange.js';
import type { Finding, Severity } from '../core/finding.js';


export interface ValidationResult {
  ok: boolean;
  errors: SchemaErrorInfo[];
  /** False when the spec declares no schema for this status (nothing to validate against). */
  schemaFound: boolean;
}

/** What a check may need beyond the operation and the exchange. */
export interface CheckContext {
  /** Validates a response body against the schema the operation declares for that status. */
  validateResponse(op: Operation, status: number, body: unknown, strict?: boolean): ValidationResult;
  /**
   * Validates against the spec's shared error schema (the one most error answers declare), for
   * error statuses the operation itself does not declare. Undefined when the spec has none.
   */
  validateErrorBody?(body: unknown): ValidationResult;
  /**
   * The same two against the vendor-normative schema (our spec with what the vendor's description
   * allows taken back in: src/spec/allowances.ts). Only these may fail an answer; where only the
   * two above refuse it, the finding is an advisory. Absent: no vendor-normative schema, the spec's
   * own judges alone.
   */
  validateVendorResponse?(op: Operation, status: number, body: unknown): ValidationResult;
  validateVendorErrorBody?(body: unknown): ValidationResult;
  /** STRICT_FIELDS: undeclared response fields are findings. */
  strictFields: boolean;
  /** Other exchanges the judgment depends on, e.g. the read after an overridden DELETE. */
  related?: Readonly<Record<string, Exchange | undefined>>;
  /**
   * The operation's response-time budget (MAX_RESPONSE_MS / RESPONSE_BUDGETS, src/config/budgets.ts):
   * milliseconds (0: none) and where it comes from. Absent: no budget.
   */
  responseBudget?(op: Operation): { ms: number; source: string };
}

/**
 * How the contract suite obtains the exchanges a check judges (src/probes/):
 * positive = the operation as the spec describes it; auth = without and with wrong credentials;
 * negative = invalid input (wrong-typed id, missing/mistyped body, wrong content type);
 * undeclared-method = a method the spec does not declare on the path; method-override = POST with
 * X-HTTP-Method-Override; plain-http = the same path over http.
 */
export type ProbeKind = 'positive' | 'auth' | 'negative' | 'undeclared-method' | 'method-override' | 'plain-http';

export interface ApplicabilityScope {
  catalogue: Catalogue;
}

/** A check is a small named pure function, plus what the suite needs to know to feed it. */
export interface Check {
  name: string;
  description: string;
  /** Completes a test title: `<operation> should <should>`. */
  should: string;
  severity: Severity;
  /** What the suite must gather for this check. */
  probes: readonly ProbeKind[];
  /** Which of the gathered exchanges the check judges. */
  intents: readonly Intent[];
  /** Which exchanges it has something to say about (default: all of its intents). */
  relevant?(exchange: Exchange): boolean;
  /** Whether the check means anything for this operation (tests are generated only where it does). */
  appliesTo(op: Operation, scope: ApplicabilityScope): boolean;
  run(op: Operation, exchange: Exchange, ctx: CheckContext): Finding[];
  /**
   * A check that judges the operation's exchanges together (a percentile of their durations), not
   * one by one: when present, the runner calls it once with all of them instead of `run` on each.
   */
  runAll?(op: Operation, exchanges: readonly Exchange[], ctx: CheckContext): Finding[];
}
