// Joining the target's base URL with spec paths. BASE_URL is documented as the full base URL
// including the API base path, but users also give just the origin; both must work, and a proxy
// prefix that differs from the spec's basePath is taken as given.
import { serializeQueryParam } from '../spec/params.js';
import type { Operation } from '../spec/types.js';

/**
 * The URL every spec path is appended to.
 * - BASE_URL already ends with the spec's basePath: used as is.
 * - BASE_URL is a bare origin (no path): the spec's basePath is appended.
 * - BASE_URL has some other path (a reverse-proxy prefix): used as is; the user said where the API is.
 */
export function apiRoot(baseUrl: string, specBasePath: string): string {
  const u = new URL(baseUrl);
  const base = specBasePath.replace(/\/+$/, '');
  const path = u.pathname.replace(/\/+$/, '');
  if (path === '' && base !== '') u.pathname = base;
  else u.pathname = path;
  return u.toString().replace(/\/+$/, '');
}

/** Appends a spec path (`/customers/12`) to the API root without doubling or losing slashes. */
export function joinUrl(root: string, relPath: string): string {
  const rel = relPath.startsWith('/') ? relPath : `/${relPath}`;
  return `${root.replace(/\/+$/, '')}${rel === '/' ? '/' : rel}`;
}


/** `?a=1&b=x` for the given query values (empty string when there are none). */
export function queryString(op: Operation | undefined, query: Readonly<Record<string, unknown>> = {}): string {
  const pairs: [string, string][] = [];
  for (const [name, value] of Object.entries(query)) {
    const param = op?.parameters.find((p) => p.in === 'query' && p.name === name);
    // A flag such as `disable_links` is sent without a value.
    if (value === true && param?.allowEmptyValue) {
      pairs.push([name, '']);
      continue;
    }
    if (value === null) continue;
    // Query values not in the spec (negative tests, vendor extras) go out as plain text.
    pairs.push(...serializeQueryParam(param ?? { name, schema: {} }, value));
  }
  if (!pairs.length) return '';
  return '?' + pairs.map(([k, v]) => (v === '' ? encodeURIComponent(k) : `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)).join('&');
}
