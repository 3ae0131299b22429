// Stage 8, redact: credentials never reach an exchange. Secret headers keep only their scheme
// (`Basic [REDACTED]`), and every text and JSON string of the request and the answer is scrubbed
// of the configured credentials in any form (src/client/redact.ts). Only the redacted exchange is
// kept, handed to the record keeper and the support gate, or returned.
import type { Exchange } from '../../core/exchange.js';
import type { Redactor } from '../redact.js';

export function redact(ex: Exchange, r: Redactor): Exchange {
  const request = { ...ex.request, url: r.text(ex.request.url), headers: r.headers(ex.request.headers) };
  if (request.body !== undefined) request.body = r.value(request.body);
  if (request.rawBody !== undefined) request.rawBody = r.text(request.rawBody);
  if (request.multipart) request.multipart = r.value(request.multipart);
  const response = { ...ex.response, headers: r.headers(ex.response.headers), text: r.text(ex.response.text) };
  if (response.json !== undefined) response.json = r.value(response.json);
  return { ...ex, request, response };
}
