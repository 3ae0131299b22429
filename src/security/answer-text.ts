// The text of an answer as a scanner reads it: every string of a JSON body (keys too), unescaped,
// since PHP's json_encode writes `/` as `\/` and a path would hide from a pattern over the raw
// text; the raw text otherwise. And what the request itself carried, so that a scanner never
// reports the harness's own input echoed back (that is a reflection, judged by the injection
// checks), only what the server added.
import type { Exchange } from '../core/exchange.js';

function collect(v: unknown, out: string[], depth: number): void {
  if (depth > 40) return;
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) collect(x, out, depth + 1);
  else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      out.push(k);
      collect(x, out, depth + 1);
    }
  }
}

/** The answer's strings, one per line (JSON), or its text. */
export function answerText(ex: Exchange): string {
  const json = ex.response.json;
  if (json === undefined) return ex.response.text;
  const out: string[] = [];
  collect(json, out, 0);
  return out.join('\n');
}

/** Everything the request carried that an answer could echo: its URL (decoded too) and body. */
export function sentText(ex: Exchange): string {
  const r = ex.request;
  let decoded = r.url;
  try {
    decoded = decodeURIComponent(r.url);
  } catch {
    // A URL with a broken escape (a negative probe) is kept as it was sent.
  }
  const body = r.rawBody ?? (r.body !== undefined ? JSON.stringify(r.body) : '');
  return `${r.url}\n${decoded}\n${body}\n${Object.values(r.multipart ?? {}).join('\n')}`;
}

/** A short quote around a match, for a finding's message. */
export function quote(text: string, index: number, length: number, around = 80): string {
  const from = Math.max(0, index - around);
  const to = Math.min(text.length, index + length + around);
  const q = text.slice(from, to).replace(/\s+/g, ' ').trim();
  return `${from > 0 ? '…' : ''}${q}${to < text.length ? '…' : ''}`;
}
