// A recorded request as a curl command a reader can paste: credentials appear only as the
// $API_USER/$API_PASSWORD shell variables, never as values.
import type { RecordedRequest } from './exchange.js';

function q(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

const SKIP = new Set(['authorization', 'content-length', 'host', 'connection', 'accept-encoding']);

export function toCurl(req: RecordedRequest, maxBody = 2000): string {
  const parts = ['curl', '-sS', '-i'];
  if (req.insecure) parts.push('-k');
  if (req.method !== 'GET') parts.push('-X', req.method);
  parts.push(q(req.url));
  if (req.auth === 'default') parts.push('-u', '"$API_USER:$API_PASSWORD"');
  else if (req.auth === 'wrong') parts.push('-u', '"$API_USER:wrong-password"');
  // Another (non-admin) user's credentials: SECOND_USER/SECOND_PASSWORD, or the registree the run made.
  else if (req.auth === 'other') parts.push('-u', '"$SECOND_USER:$SECOND_PASSWORD"');
  for (const [k, v] of Object.entries(req.headers)) {
    if (SKIP.has(k)) continue;
    if (req.multipart && k === 'content-type') continue;
    parts.push('-H', q(`${k}: ${v}`));
  }
  if (req.multipart) {
    for (const [k, v] of Object.entries(req.multipart)) parts.push('-F', q(`${k}=${v}`));
  } else if (req.rawBody !== undefined) {
    const body = req.rawBody.length > maxBody ? `${req.rawBody.slice(0, maxBody)}…` : req.rawBody;
    parts.push('--data-raw', q(body));
  }
  return parts.join(' ');
}
