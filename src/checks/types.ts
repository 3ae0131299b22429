// Shapes shared by every check: an exchange (one request and its answer, as recorded by the
// client), a finding (what a check says about it) and the outcome ranking used by reports.
import type { Operation } from '../spec/types.js';

export interface RecordedRequest {
  method: string;
  /** Absolute URL. */
  url: string;
  /** Header names lower-cased. Authorization is stored redacted. */
  headers: Record<string, string>;
  /** JSON body, or a short description of a multipart/raw body. */
  body?: unknown;
  rawBody?: string;
  multipart?: Record<string, string>;
}

export interface RecordedResponse {
  status: number;
  /** Header names lower-cased. */
  headers: Record<string, string>;
  /** Parsed JSON body, or undefined when the body is not JSON. */
  json?: unknown;
  /** Raw text (possibly truncated for evidence). */
  text: string;
  durationMs: number;
}

export interface Exchange {
  request: RecordedRequest;
  response: RecordedResponse;
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
  status: number;
  headers: Record<string, string>;
  bodyExcerpt: string;
  declaredStatuses: string[];
  schemaErrors?: SchemaErrorInfo[];
}

export interface Finding {
  check: string;
  operationId: string;
  outcome: Extract<Outcome, 'fail' | 'unsupported' | 'error' | 'skip'>;
  title: string;
  message: string;
  severity: Severity;
  evidence?: Evidence;
}

/** What a check may need beyond the operation and the exchange. */
export interface CheckContext {
  /** Compiled validator lookup for response bodies. */
  validateResponse(op: Operation, status: number, body: unknown): { ok: boolean; errors: SchemaErrorInfo[]; schemaFound: boolean };
  strictFields: boolean;
  /** What the exchange was meant to provoke, for checks whose rule depends on it. */
  intent?: 'positive' | 'negative' | 'no-auth' | 'wrong-auth' | 'wrong-content-type' | 'plain-http' | 'method-override';
}

/** A check is a small named pure function: (operation, exchange, context) => findings. */
export interface Check {
  name: string;
  description: string;
  severity: Severity;
  run(op: Operation, exchange: Exchange, ctx: CheckContext): Finding[];
}
