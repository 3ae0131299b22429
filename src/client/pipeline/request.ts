// What travels through the request pipeline (src/client/pipeline/index.ts): the options a caller
// gives, the request once addressed (which operation, which path, what for), and the bytes on the
// wire once encoded.
import type { Intent } from '../../core/exchange.js';
import type { PathValue } from '../../spec/catalogue.js';
import type { Operation } from '../../spec/types.js';

export type AuthMode = 'default' | 'none' | 'wrong' | 'other';

/** Credentials other than the configured admin's (`auth: 'other'`): a non-admin user's. */
export interface OtherCredentials {
  user: string;
  password: string;
}

export type MultipartValue = string | number | boolean | { name: string; mimeType: string; buffer: Buffer };

export interface CallOptions {
  /** Wire method, when it differs from the operation's (POST with X-HTTP-Method-Override). */
  method?: string;
  /** Path parameter values; arrays become comma lists. */
  path?: Readonly<Record<string, PathValue>>;
  query?: Readonly<Record<string, unknown>>;
  /** JSON body (serialised here). */
  body?: unknown;
  /** A body sent byte for byte (negative tests); combine with contentType. */
  rawBody?: string | Buffer;
  multipart?: Readonly<Record<string, MultipartValue>>;
  headers?: Readonly<Record<string, string>>;
  auth?: AuthMode;
  /** With `auth: 'other'`: whose credentials to send. */
  credentials?: OtherCredentials;
  /** Content-Type to send instead of the default; null sends none. */
  contentType?: string | null;
  intent?: Intent;
  label?: string;
  timeoutMs?: number;
  maxRedirects?: number;
  /** What to do when no HTTP answer comes: throw a TransportError (default) or return a status-0 exchange. */
  noAnswer?: 'throw' | 'return';
}

/** A request once addressed (address.ts): what every later stage reads. */
export interface Addressed {
  /**
   * The operation of the spec the request is for: the one called, or the one whose method and path
   * template the path matches (undefined: none does, e.g. an undeclared method).
   */
  op: Operation | undefined;
  /** Method on the wire, upper-cased. */
  method: string;
  /** X-HTTP-Method-Override, upper-cased, when the caller sends one. */
  override: string | undefined;
  /** The method the target is asked to perform: the override, else the wire method. */
  effective: string;
  /** Path relative to the API root, without the query. */
  path: string;
  /** Absolute URL, query included. */
  url: string;
  /**
   * Sent to an absolute URL the caller gave (a plain-http probe, the API root): not a request to an
   * operation of the API, so the support gate and the record keeper leave it alone.
   */
  absolute: boolean;
  /** Path parameter values, decoded (comma lists joined). */
  pathValues: Record<string, string>;
  intent: Intent;
  opts: CallOptions;
}

/** A request as it goes on the wire (encode.ts): method, URL, headers and body bytes. */
export interface WireRequest {
  method: string;
  url: string;
  /** Header names lower-cased; Authorization included (never recorded: redact.ts). */
  headers: Record<string, string>;
  body?: Buffer;
  /** The body as text for the record (JSON or raw), before redaction. */
  bodyText?: string;
  /** Multipart fields, described for the record (`@name;type=... (n bytes)` for files). */
  multipart?: Record<string, string>;
  timeoutMs: number;
  insecureTls: boolean;
}
