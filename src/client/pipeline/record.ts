// Stage 7, record: the exchange as evidence, from what went on the wire and what came back. The
// body text is kept up to MAX_TEXT (the rest is dropped from evidence), a JSON body is parsed.
// The record is still raw here: redact.ts scrubs it before anything keeps or shows it.
import type { Exchange, RecordedRequest, RecordedResponse } from '../../core/exchange.js';
import type { Addressed, WireRequest } from './request.js';
import type { Answer } from './send.js';

/** Keep this much of a request or response body in the exchange; the rest is dropped from evidence. */
export const MAX_TEXT = 64 * 1024;

function parseJson(text: string, contentType: string | undefined): unknown {
  const t = text.trim();
  if (!t) return undefined;
  if (!(contentType ?? '').includes('json') && !/^[[{]/.test(t)) return undefined;
  try {
    return JSON.parse(t) as unknown;
  } catch {
    return undefined;
  }
}

function recordedRequest(req: Addressed, wire: WireRequest): RecordedRequest {
  const out: RecordedRequest = { method: wire.method, url: wire.url, headers: { ...wire.headers }, auth: req.opts.auth ?? 'default' };
  if (wire.insecureTls) out.insecure = true;
  if (req.opts.body !== undefined) out.body = req.opts.body;
  if (wire.bodyText !== undefined) out.rawBody = wire.bodyText.length > MAX_TEXT ? wire.bodyText.slice(0, MAX_TEXT) : wire.bodyText;
  if (wire.multipart) out.multipart = { ...wire.multipart };
  return out;
}

function recordedResponse(answer: Answer): RecordedResponse {
  const durationMs = Date.now() - answer.started;
  if (answer.kind === 'none') return { status: 0, headers: {}, text: '', durationMs, transportError: answer.code };
  const { res } = answer;
  const full = res.body.toString('utf8');
  const response: RecordedResponse = { status: res.status, headers: { ...res.headers }, text: full.length > MAX_TEXT ? full.slice(0, MAX_TEXT) : full, durationMs };
  if (full.length > MAX_TEXT) response.truncated = true;
  const json = parseJson(full, res.headers['content-type']);
  if (json !== undefined) response.json = json;
  return response;
}

export function record(req: Addressed, wire: WireRequest, answer: Answer): Exchange {
  const exchange: Exchange = { request: recordedRequest(req, wire), response: recordedResponse(answer), intent: req.intent };
  if (req.op) exchange.operationId = req.op.id;
  if (req.opts.label) exchange.label = req.opts.label;
  if (answer.retries) exchange.retries = answer.retries;
  if (answer.othersOnTheWire !== undefined) exchange.othersOnTheWire = answer.othersOnTheWire;
  return exchange;
}
