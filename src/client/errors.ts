// Error classes that decide how a failure is ranked. A HarnessError means the harness itself broke
// (outcome Error); a TransportError means the target gave no HTTP answer (a finding about the
// target); anything thrown by a check's assertion is a Fail.

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
