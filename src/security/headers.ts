// What an answer's headers disclose or set (OWASP API8:2023): a software version in X-Powered-By
// or Server, and a cookie set by an API that authenticates every request with Basic auth and so
// has no use for one. Pure, over every header the answer carried (not the evidence's short list).
import type { Exchange } from '../core/exchange.js';
import { isJsonMediaType } from '../checks/finding.js';
import type { SecurityFinding } from '../core/security.js';
import { securityFinding } from './finding.js';

/** A version number: `7.4.33`, `2.4`, `v1.2`. */
const VERSION = /\bv?\d+\.\d+(?:\.\d+)*\b/;
const VERSION_HEADERS = ['x-powered-by', 'server', 'x-aspnet-version', 'x-aspnetmvc-version'];

function versionHeaders(ex: Exchange): SecurityFinding[] {
  const out: SecurityFinding[] = [];
  for (const name of VERSION_HEADERS) {
    const value = ex.response.headers[name];
    if (!value || !VERSION.test(value)) continue;
    const shown = `${name.replace(/(^|-)(\w)/g, (_m: string, d: string, c: string) => `${d}${c.toUpperCase()}`)}: ${value}`;
    out.push(
      securityFinding('leak:version-header', ex, {
        cause: shown,
        title: `${shown} discloses a software version`,
        message: `Every client learns which software and version answers (${shown}), and so which published weaknesses to try; the API needs no such header.`,
      }),
    );
  }
  return out;
}

/**
 * The names of the cookies a Set-Cookie header sets (the client joins repeated headers with ", ";
 * values are already redacted). A name's trailing hash or number is folded (`GXsid_3f2a…` ->
 * `GXsid_*`): the cause is the cookie, not one install's suffix.
 */
export function cookieNames(setCookie: string): string[] {
  const names = new Set<string>();
  for (const m of setCookie.matchAll(/(?:^|,\s*)([!#$%&'*+\-.^_`|~0-9A-Za-z]+)=/g)) {
    const name = m[1];
    if (!name || /^(?:expires|max-age|path|domain|samesite)$/i.test(name)) continue;
    names.add(name.replace(/([_-]?)[0-9a-f]{8,}$/i, '$1*'));
  }
  return [...names];
}

function sessionCookie(ex: Exchange): SecurityFinding[] {
  const header = ex.response.headers['set-cookie'];
  if (!header) return [];
  const names = cookieNames(header);
  if (!names.length) return [];
  const cause = names.sort().join(', ');
  return [
    securityFinding('cookie:session', ex, {
      cause,
      title: `the API sets a cookie (${cause})`,
      message: `A ${ex.response.status} answer sets ${names.length === 1 ? 'the cookie' : 'the cookies'} ${cause} though every request authenticates with Basic auth: a session the API does not need, which a browser would send on its own (a CSRF surface) and which grows server state per request.`,
    }),
  ];
}

function shownOr(name: string, value: string | undefined): string {
  return value === undefined ? `${name} missing` : `${name}: ${value}`;
}

/** JSON answers are never to be sniffed as HTML or script by a browser that loads them. */
function nosniff(ex: Exchange): SecurityFinding[] {
  const v = ex.response.headers['x-content-type-options'];
  if (!isJsonMediaType(ex.response.headers['content-type']) || v?.trim().toLowerCase() === 'nosniff') return [];
  const cause = shownOr('X-Content-Type-Options', v);
  return [securityFinding('header:nosniff', ex, { cause, title: `JSON answers without X-Content-Type-Options: nosniff (${cause})`, message: 'A browser may sniff a JSON answer as HTML or script (a stored value rendered as markup); nosniff stops it, on every JSON answer.' })];
}

/**
 * An answer with the admin's data (a 2xx JSON answer to an authenticated read) is not kept by any
 * cache: Cache-Control no-store. `max-age=0` or `no-cache` still let a browser or proxy store it.
 */
function cacheControl(ex: Exchange): SecurityFinding[] {
  if (ex.request.method !== 'GET' || ex.request.auth !== 'default' || ex.response.status < 200 || ex.response.status >= 300 || !isJsonMediaType(ex.response.headers['content-type'])) return [];
  const v = ex.response.headers['cache-control'];
  if (v && /(?:^|[,\s])no-store(?:$|[,\s])/i.test(v)) return [];
  const cause = shownOr('Cache-Control', v);
  return [securityFinding('header:cache-control', ex, { cause, title: `the admin's data may be cached (${cause})`, message: `Answers with customer and order data say ${cause}: a browser or proxy may store them on disk, where the next user of the machine or the proxy reads them. no-store forbids it.` })];
}

/** Over https, every answer tells the browser to stay on https (a max-age of 0 says the opposite). */
function hsts(ex: Exchange): SecurityFinding[] {
  if (!/^https:/i.test(ex.request.url)) return [];
  const v = ex.response.headers['strict-transport-security'];
  const age = v ? /max-age\s*=\s*"?(\d+)/i.exec(v)?.[1] : undefined;
  if (age !== undefined && Number(age) > 0) return [];
  const cause = shownOr('Strict-Transport-Security', v);
  return [securityFinding('header:hsts', ex, { cause, title: `https answers without a lasting Strict-Transport-Security (${cause})`, message: 'Without HSTS a browser may be sent to plain http by anyone on the way (SSL stripping), and the Basic credentials with it.' })];
}

/**
 * A request from an unknown site (an Origin the harness made up) must not be allowed to read the
 * answer with the user's credentials: its origin echoed (or null) with Allow-Credentials true.
 */
function cors(ex: Exchange): SecurityFinding[] {
  const origin = ex.request.headers.origin;
  if (!origin) return [];
  const allow = ex.response.headers['access-control-allow-origin'];
  const credentials = ex.response.headers['access-control-allow-credentials']?.trim().toLowerCase() === 'true';
  if (!credentials || (allow !== origin && allow !== 'null')) return [];
  return [securityFinding('header:cors', ex, { cause: `Access-Control-Allow-Origin echoes the Origin, with credentials`, title: 'an unknown site may read answers with the user\'s credentials (CORS)', message: `Asked with Origin: ${origin}, the answer says Access-Control-Allow-Origin: ${allow} and Access-Control-Allow-Credentials: true: any web page a logged-in admin opens can call the API as the admin and read the answers.` })];
}

/** What the answer's headers disclose, set or leave out. */
export function scanHeaders(ex: Exchange): SecurityFinding[] {
  if (ex.response.status === 0) return [];
  return [...versionHeaders(ex), ...sessionCookie(ex), ...nosniff(ex), ...cacheControl(ex), ...hsts(ex), ...cors(ex)];
}
