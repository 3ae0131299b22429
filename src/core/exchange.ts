// The exchange: one request and its answer as the client recorded them (credentials already
// redacted), and what it was meant to provoke. Every layer reads it: checks judge it, the client
// makes it, reports show it; so it lives at the bottom (ARCHITECTURE.md, Layers).

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
  auth: 'default' | 'none' | 'wrong' | 'other';
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
  /** Another user's valid credentials (a non-admin customer): the security pack's API2/API5 probe. */
  | 'other-auth'
  | 'wrong-content-type'
  | 'plain-http'
  | 'method-override'
  | 'undeclared-method'
  | 'follow-up'
  | 'setup'
  | 'cleanup'
  /** The support gate's own look at the target (src/support/gate.ts): is a path routed? */
  | 'support'
  /** The record keeper's look at a collection after an answer that did not say what it made (src/client/record-keeper.ts). */
  | 'lookup';

/**
 * Input the harness sends to be refused (negative probes: a missing, malformed or mistyped body or
 * id; a wrong content type). One home for the predicate: replays, the record keeper and the defect
 * signatures each treat such requests apart (evidence read back from a report carries the intent
 * as a plain string).
 */
export function sentToBeRefused(intent: Intent | (string & {}) | undefined): boolean {
  return intent === 'negative' || intent === 'wrong-content-type';
}

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
  /**
   * What the request made on the target, as the record keeper found it (record paths, or
   * `file <name> in <collection>`): from the answer, or from a look at the collection when the
   * answer did not say. A check whose request should not create compares this, not only statuses.
   */
  created?: string[];
  /**
   * This breakdown (a 5xx or no answer to a read) was sent again alone and broke down again
   * (src/client/replay.ts): how many times, of how many replays. Absent: not replayed.
   */
  replayedAlone?: { reproduced: number; of: number };
  /**
   * A breakdown (a 5xx, no answer): how many other workers of the run had a request on the wire
   * as it went out or came back (src/client/floor.ts). Absent: no floor, or no breakdown.
   */
  othersOnTheWire?: number;
  /**
   * A create that broke down (a 5xx, no answer) and left nothing: the record keeper looked at the
   * collection and no record carries what it sent. Sending it again makes at most one record.
   */
  leftNothing?: true;
}

export interface SchemaErrorInfo {
  /** JSON pointer into the response body (ajv instancePath). */
  path: string;
  /** JSON pointer into the schema (ajv schemaPath). */
  schemaPath: string;
  message: string;
}
