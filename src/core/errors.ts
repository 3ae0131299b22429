// Error classes that decide how a failure is ranked. A HarnessError means the harness itself broke
// (outcome Error); a TransportError means the target gave no HTTP answer (a finding about the
// target); an UnsupportedError or BlockedError is neither (Unsupported, Skip); anything thrown
// by a check's assertion is a Fail.
import type { Exchange } from './exchange.js';

/** The harness broke or refused to do something unsafe. Ranked Error, never Fail. */
export class HarnessError extends Error {
  override name = 'HarnessError';
}

/** The client refused a request that could touch a record the harness did not create. */
export class GuardError extends HarnessError {
  override name = 'GuardError';
}

/** The rate limit stayed exhausted after waiting for its reset: the run cannot go on at this pace. */
export class RateLimitError extends HarnessError {
  override name = 'RateLimitError';
}

/** No HTTP answer at all: refused connection, reset, TLS failure, timeout. Message is redacted. */
export class TransportError extends Error {
  override name = 'TransportError';
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly method: string,
    readonly url: string,
  ) {
    super(message);
  }
}

/** Recognisable low-level causes, taken from the (redacted) message of a failed request. */
export function transportCode(message: string): string | undefined {
  const m = /\b(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|EPIPE|EPROTO|ERR_SSL_[A-Z_]+|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT_LOCALLY|CERT_HAS_EXPIRED|ERR_TLS_CERT_ALTNAME_INVALID|HPE_[A-Z_]+)\b/.exec(message);
  if (m) return m[1];
  // Playwright words some TLS failures in prose, without Node's code.
  if (/self[- ]signed certificate in certificate chain/i.test(message)) return 'SELF_SIGNED_CERT_IN_CHAIN';
  if (/self[- ]signed certificate/i.test(message)) return 'DEPTH_ZERO_SELF_SIGNED_CERT';
  if (/unable to verify the first certificate/i.test(message)) return 'UNABLE_TO_VERIFY_LEAF_SIGNATURE';
  if (/unable to get local issuer certificate/i.test(message)) return 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY';
  if (/certificate has expired/i.test(message)) return 'CERT_HAS_EXPIRED';
  if (/hostname\/ip does not match|altnames/i.test(message)) return 'ERR_TLS_CERT_ALTNAME_INVALID';
  if (/Timeout \d+ms exceeded|timed? ?out/i.test(message)) return 'TIMEOUT';
  if (/socket hang up/i.test(message)) return 'ECONNRESET';
  if (/parse error|expected http\//i.test(message)) return 'HPE_PARSE';
  if (/wrong version number|packet length too long|http request.*https|ssl routines/i.test(message)) return 'ERR_SSL_PROTOCOL';
  return undefined;
}

export function isTlsTrustCode(code: string | undefined): boolean {
  return code !== undefined && /SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|CERT_HAS_EXPIRED|ALTNAME/.test(code);
}

/**
 * The target does not implement an operation (its path is unknown, 405, an undeclared 501, or a
 * sub-path the shop answers as if it were its parent). Not a failure: the operation is Unsupported
 * on every check, and a test that only needed it for its setup is a Skip naming it. Thrown by the
 * client before it sends anything for an operation already known to be unsupported.
 */
export class UnsupportedError extends Error {
  override name = 'UnsupportedError';
  constructor(
    readonly operationId: string,
    readonly reason: string,
    /** The answer that showed it, when one did (redacted, as recorded). */
    readonly exchange?: Exchange,
  ) {
    super(`${operationId} is not implemented by the target: ${reason}`);
  }
}

/**
 * The run stopped calling an operation (a create that answered 5xx twice leaves half-written
 * records behind on some shops), or a setup step could not be had. Not a failure of the test that
 * needed it: a Skip naming the operation and its answer; the operation is blamed in its own tests.
 */
export class BlockedError extends Error {
  override name = 'BlockedError';
  constructor(
    readonly operationId: string,
    readonly reason: string,
    readonly exchange?: Exchange,
  ) {
    super(`blocked by ${operationId}: ${reason}`);
  }
}
