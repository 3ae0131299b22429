// Shapes shared by every check: an exchange (one request and its answer, as recorded by the
// client), a finding (what a check says about it) and the outcome ranking used by reports.
import type { Catalogue, Operation } from '../spec/types.js';

export interface RecordedRequest {
  method: string;
  /** Absolute URL. */
  url: string;
  /** Header names lower-cased. Authorization is stored redacted. */
  headers: Record<string, string>;
  /** JSON body, or a short description of a multipart/raw body. */
  body?: unknown;
  /** The body as sent (JSON text, or the raw payload of a negative test), possibly truncated. */
  rawBody?: string;
  /** Multipart fields; files are described as `@name (type, n bytes)`. */
  multipart?: Record<string, string>;
  /** Which credentials were sent: the configured ones, none, or deliberately wrong ones. */
  auth: 'default' | 'none' | 'wrong';
  /** TLS verification was off for this request (INSECURE_TLS). */
  insecure?: boolean;
}

export interface RecordedResponse {
  /** HTTP status; 0 when no answer came (see transportError). */
  status: number;
  /** Header names lower-cased. */
  headers: Record<string, string>;
  /** Parsed JSON body, or undefined when the body is not JSON. */
  json?: unknown;
  /** Raw text (truncated for evidence when long; see truncated). */
  text: string;
  truncated?: boolean;
  durationMs: number;
  /** Why there was no HTTP answer (ECONNREFUSED, ECONNRESET, TIMEOUT, ERR_SSL_PROTOCOL, ...). */
  transportError?: string;
}

/** What an exchange was meant to provoke; some rules depend on it (401 only without credentials...). */
export type Intent =
  | 'positive'
  | 'negative'
  | 'no-auth'
  | 'wrong-auth'
  | 'wrong-content-type'
  | 'plain-http'
  | 'method-override'
  | 'undeclared-method'
  | 'follow-up'
  | 'setup'
  | 'cleanup'
  /** The support gate's own look at the target (src/support/gate.ts): is a path routed? */
  | 'support';

export interface Exchange {
  request: RecordedRequest;
  response: RecordedResponse;
  /** The operation the request was sent for, when it was sent by operation. */
  operationId?: string;
  intent: Intent;
  /** One line saying what the exchange tried, e.g. `wrong-typed path id customer_id=abc`. */
  label?: string;
  /** How many times a 429 was retried before this answer. */
  retries?: number;
}

/** Ranks from least to most severe; a matrix cell only ever moves up. */
export const OUTCOMES = ['disabled', 'skip', 'pass', 'unsupported', 'fail', 'error'] as const;
export type Outcome = (typeof OUTCOMES)[number];

export function worseOf(a: Outcome, b: Outcome): Outcome {
  return OUTCOMES.indexOf(a) >= OUTCOMES.indexOf(b) ? a : b;
}

export type Severity = 'critical' | 'major' | 'minor';

export interface SchemaErrorInfo {
  /** JSON pointer into the response body (ajv instancePath). */
  path: string;
  /** JSON pointer into the schema (ajv schemaPath). */
  schemaPath: string;
  message: string;
}

export interface Evidence {
  /** The request as a curl command, credentials redacted. */
  curl: string;
  /** What the exchange tried (its label), when it was not the plain positive request. */
  label?: string;
  status: number;
  headers: Record<string, string>;
  bodyExcerpt: string;
  declaredStatuses: string[];
  schemaErrors?: SchemaErrorInfo[];
  transportError?: string;
}

/**
 * Why a finding's rule holds. Only what the vendor *describes* (its description, the legacy parts,
 * the v2 guide) may fail a shop; a rule that is stricter than that (our own erratum, a habit
 * observed on one shop version, a rule of this project) gives an advisory: reported with its
 * evidence, counted apart, never a Fail and never in the gate (shared/api-facts/README.md).
 */
export type BasisKind = 'described' | 'erratum' | 'observed' | 'project';

export interface Basis {
  kind: BasisKind;
  /** Where it is written or seen, e.g. `description`, `v2 guide [HATEOAS]`, `ERRATA #29`, `GX 3.2.0.1`. */
  ref: string;
}

/** A finding's own outcome: a cell outcome, or `advisory` (stricter than the vendor; never fails). */
export type FindingOutcome = Extract<Outcome, 'fail' | 'unsupported' | 'error' | 'skip'> | 'advisory';

export interface Finding {
  check: string;
  operationId: string;
  outcome: FindingOutcome;
  /** What the judged rule rests on; absent means described by the vendor. */
  basis?: Basis;
  title: string;
  message: string;
  severity: Severity;
  evidence?: Evidence;
}

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
}

/**
 * How the contract suite obtains the exchanges a check judges (src/checks/probes/):
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
}
