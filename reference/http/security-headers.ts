// The headers a careful deployment of the API sends on every answer (the security pack's checks,
// src/security/): JSON is never sniffed as anything else, no cache keeps the admin's data, and over
// TLS browsers are told to stay on https. The clean reference shop sends them, so it has no
// security finding; a named fault takes one away (reference/faults/security/).
export function securityHeaders(tls: boolean): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
    ...(tls ? { 'Strict-Transport-Security': 'max-age=31536000' } : {}),
  };
}
