// An https API must not be served over plain http: the same path over http is refused, or
// redirected to https without being processed. The probe carries no credentials, so no secret
// ever crosses plain http. Only meaningful for https targets (the suite skips it for http ones).
import type { Operation } from '../spec/types.js';
import { finding, isJsonMediaType } from './finding.js';
import type { Exchange } from '../core/exchange.js';
import type { Finding } from '../core/finding.js';
import type { Check, CheckContext } from './types.js';

const NAME = 'transportSecurity';

export function transportSecurity(op: Operation, ex: Exchange, _ctx: CheckContext): Finding[] {
  if (ex.intent !== 'plain-http') return [];
  const r = ex.response;
  const url = ex.request.url;
  // Refused, reset, or TLS bytes in answer to plain text: nothing is served over http.
  if (r.status === 0) return [];
  if (r.status >= 300 && r.status < 400) {
    const loc = r.headers.location ?? '';
    if (/^https:\/\//i.test(loc)) return [];
    return [
      finding(NAME, op, ex, {
        title: `plain http redirected to ${loc || 'nowhere'}`,
        message: `GET ${url} answered ${r.status} with Location ${loc || '(none)'}; a redirect must lead to https.`,
        severity: 'critical',
      }),
    ];
  }
  const apiLike = isJsonMediaType(r.headers['content-type']) || r.json !== undefined || 'x-api-version' in r.headers || 'x-shop-version' in r.headers || /^\s*basic/i.test(r.headers['www-authenticate'] ?? '');
  if ((r.status >= 200 && r.status < 300) || apiLike) {
    return [
      finding(NAME, op, ex, {
        title: `API served over plain http (${r.status})`,
        message: `GET ${url} (no credentials) was answered ${r.status} by the API over plain http; it must be refused or redirected to https, or clients will send credentials in clear text.`,
        severity: 'critical',
      }),
    ];
  }
  // A non-API refusal (e.g. nginx's 400 "plain HTTP request was sent to HTTPS port", 426) is fine.
  return [];
}

export const transportSecurityCheck: Check = {
  name: NAME,
  description: 'Over plain http the API is refused or redirected to https, never served (probed without credentials).',
  should: 'not be served over plain http',
  severity: 'critical',
  probes: ['plain-http'],
  intents: ['plain-http'],
  appliesTo: (op) => op.method === 'get',
  run: transportSecurity,
};
