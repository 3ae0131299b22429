// Preflight: before any test, is the target reachable, do the credentials work, does it speak the
// API? A wrong URL, a refused connection, bad credentials, an untrusted certificate or an HTML
// answer end the run within seconds with ONE plain message saying what is wrong and how to fix
// it, instead of hundreds of failed tests.
import type { Catalogue, Operation } from '../spec/types.js';
import { isTlsTrustCode, transportCode } from '../core/errors.js';
import { Redactor } from '../client/redact.js';
import { nodeTransport, type HttpResponse } from '../client/http.js';
import { joinUrl } from '../client/url.js';
import { rootMapOf } from '../support/routes.js';
import { notImplementedReason } from '../checks/rules/not-implemented.js';

export class PreflightError extends Error {
  override name = 'PreflightError';
}

export interface PreflightInput {
  /** API root (base URL joined with the spec's base path). */
  apiRoot: string;
  user: string;
  password: string;
  insecureTls: boolean;
  /** Whole preflight budget; each request gets a share of it. */
  budgetMs?: number;
  catalogue: Catalogue;
}

export interface PreflightResult {
  url: string;
  apiVersion: string | undefined;
  shopVersion: string | undefined;
  /** The request that proved the credentials, e.g. `GET /addresses -> 200`. */
  probe: string;
  /** Every request the preflight sent, one line each (`GET /vpe -> 404 (not implemented)`). */
  tried: string[];
  /** Resource names of the API's root map (`GET <root>` answering `{ name: url }`), when it has one. */
  rootMap?: string[];
  durationMs: number;
}

/** How many operations the preflight tries before it concludes that nothing answers. */
export const MAX_PROBES = 6;

/**
 * Authenticated reads to try, cheapest first: GETs without path or required query parameters.
 * Resources the root map names come first: a partial implementation answers those.
 */
export function probeOperations(catalogue: Catalogue, rootMap?: readonly string[]): Operation[] {
  const listed = new Set(rootMap ?? []);
  const rank = (o: Operation): number => (listed.has(o.path.split('/')[1] ?? '') ? 0 : 1);
  return catalogue.operations
    .filter((o) => o.method === 'get' && !o.path.includes('{') && !o.parameters.some((p) => p.required && p.in !== 'header'))
    .sort((a, b) => rank(a) - rank(b) || a.path.length - b.path.length || a.path.localeCompare(b.path));
}

/** The cheapest authenticated read: a GET without path or required query parameters. */
export function probeOperation(catalogue: Catalogue): Operation | undefined {
  return probeOperations(catalogue)[0];
}

function isHtml(res: HttpResponse, text: string): boolean {
  return /text\/html/i.test(res.headers['content-type'] ?? '') || /^\s*<(!doctype|html)/i.test(text);
}

function transportMessage(url: string, raw: string, insecureTls: boolean): string {
  // `url` is the API root (what BASE_URL names); the probe path would only distract.
  const u = new URL(url);
  const code = transportCode(raw);
  if (isTlsTrustCode(code)) {
    return insecureTls
      ? `The TLS certificate of ${u.host} was refused (${code}) even with INSECURE_TLS=1. Check the URL and the server's TLS setup.`
      : `The TLS certificate of ${u.host} is not trusted (${code}). For a staging shop with a self-signed certificate, set INSECURE_TLS=1; otherwise fix the certificate.`;
  }
  switch (code) {
    case 'ECONNREFUSED':
      return `Cannot connect to ${u.host}: connection refused. Is the shop running, and are the host and port in BASE_URL right (${url})?`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `The host ${u.hostname} was not found (DNS). Check BASE_URL (${url}).`;
    case 'TIMEOUT':
    case 'ETIMEDOUT':
      return `${u.host} did not answer in time. Check BASE_URL (${url}), the network, or raise TIMEOUT_MS.`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${u.host} cannot be reached from here (${code}). Check BASE_URL and the network.`;
    case 'ERR_SSL_PROTOCOL':
    case 'EPROTO':
      return `TLS to ${u.host} failed (${code}): the port may speak plain http. Check the scheme in BASE_URL (${url}).`;
    case 'ECONNRESET':
      return `${u.host} closed the connection without answering. Check the scheme (http/https) and port in BASE_URL (${url}).`;
    default:
      return `${url} could not be reached: ${raw.split('\n')[0] ?? raw}`;
  }
}


function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  text: string;
  json: unknown;
  html: boolean;
}

/** An answer says the operation is not implemented (the path is unknown, 405, 501), not that the API is elsewhere. */
function notImplemented(a: Answer): boolean {
  // An HTML page is not the API's answer: its words say nothing about the API's paths.
  return notImplementedReason({ status: a.status, json: a.json, text: a.html ? '' : a.text }) !== undefined;
}

/**
 * Reachable? Credentials accepted? Does BASE_URL point at the API? Concluded from answers that
 * speak the API, not from one resource: the root map (when the API has one) and up to
 * MAX_PROBES cheap authenticated reads, resources the root map names first. A partial
 * implementation passes as soon as one read answers 2xx JSON; unimplemented resources (JSON 404
 * "resource not found", 405, 501) are passed over. A wrong base path is caught because then
 * nothing answers: every read is a 404 (or an HTML page).
 */
export async function runPreflight(input: PreflightInput): Promise<PreflightResult> {
  const started = Date.now();
  const budget = input.budgetMs ?? 8_000;
  const redactor = Redactor.forCredentials(input.user, input.password);
  const transport = nodeTransport();
  const auth = `Basic ${Buffer.from(`${input.user}:${input.password}`).toString('base64')}`;
  const tried: string[] = [];
  const ask = async (url: string): Promise<Answer> => {
    const left = Math.max(500, budget - (Date.now() - started));
    let res: HttpResponse;
    try {
      res = await transport.send({ method: 'GET', url, headers: { authorization: auth, accept: 'application/json' }, timeoutMs: left, insecureTls: input.insecureTls });
    } catch (err) {
      throw new PreflightError(redactor.text(transportMessage(input.apiRoot, err instanceof Error ? err.message : String(err), input.insecureTls)));
    }
    const text = res.body.toString('utf8').slice(0, 20_000);
    const headers = res.headers;
    return { status: res.status, headers, text, json: /json/i.test(headers['content-type'] ?? '') || /^\s*[[{]/.test(text) ? parseJson(text) : undefined, html: isHtml(res, text) };
  };
  const redirect = (where: string, a: Answer, url: string): PreflightError =>
    new PreflightError(`${where} redirects to ${a.headers.location ?? '(no Location)'} (${a.status}). Set BASE_URL to where the API really is${a.headers.location?.startsWith('https:') && url.startsWith('http:') ? ' (https)' : ''}.`);
  const refused = (where: string, a: Answer): PreflightError =>
    new PreflightError(`The credentials were refused (${a.status} from ${where}). Check API_USER and API_PASSWORD (the shop admin's e-mail and password).`);
  const basePath = input.catalogue.info.basePath || '/api';
  try {
    // 1. The root: many APIs answer a map of their resources there. Its absence proves nothing.
    const root = await ask(input.apiRoot);
    const rootMap = root.status >= 200 && root.status < 300 ? rootMapOf(root.json) : undefined;
    tried.push(`GET ${input.apiRoot} -> ${root.status}${rootMap ? ` (root map of ${rootMap.length} resources)` : ''}`);
    if (root.status >= 300 && root.status < 400) throw redirect(`GET ${input.apiRoot}`, root, input.apiRoot);
    if ((root.status === 401 || root.status === 403) && !root.html) throw refused(`GET ${input.apiRoot}`, root);
    // 2. Cheap authenticated reads until one answers.
    const answers: { where: string; a: Answer }[] = [];
    for (const op of probeOperations(input.catalogue, rootMap).slice(0, MAX_PROBES)) {
      if (Date.now() - started > budget) break;
      const url = joinUrl(input.apiRoot, op.path);
      const where = `${op.id}, GET ${url}`;
      const a = await ask(url);
      answers.push({ where, a });
      tried.push(`GET ${op.path} -> ${a.status}${notImplemented(a) ? ' (not implemented)' : ''}`);
      if (a.status >= 300 && a.status < 400) throw redirect(where, a, url);
      if (a.html) throw new PreflightError(`${where} answers with an HTML page (${a.status}), not the API. BASE_URL must be the API's base URL including its base path, e.g. https://shop.example.test${basePath}.`);
      if (a.status === 401 || a.status === 403) throw refused(where, a);
      if (a.status >= 200 && a.status < 300) {
        const ct = a.headers['content-type'] ?? '';
        if (!/json/i.test(ct)) throw new PreflightError(`${where} answers ${a.status} with ${ct || 'no Content-Type'}, not JSON: this does not look like the API. Check BASE_URL.`);
        const versions = { apiVersion: a.headers['x-api-version'] ?? root.headers['x-api-version'], shopVersion: a.headers['x-shop-version'] ?? root.headers['x-shop-version'] };
        return { url: input.apiRoot, ...versions, probe: `GET ${op.path} -> ${a.status}`, tried, ...(rootMap ? { rootMap } : {}), durationMs: Date.now() - started };
      }
    }
    // 3. Nothing answered 2xx: say why, from what came.
    const first = answers[0];
    if (!first) throw new PreflightError(`The spec has no GET operation without parameters to try, and ${input.apiRoot} answers ${root.status}. Check BASE_URL.`);
    const all = answers.length === 1 ? first.where : `${answers.length} reads (${answers.map((x) => `${x.where.split(', ')[0]} ${x.a.status}`).join(', ')})`;
    if (answers.every((x) => x.a.status === 404) && !rootMap) {
      throw new PreflightError(`${all} answer${answers.length === 1 ? 's' : ''} 404: BASE_URL does not point at the API. It must include the base path, e.g. …${basePath}.`);
    }
    const failing = answers.find((x) => x.a.status >= 500 && !notImplemented(x.a));
    if (failing) throw new PreflightError(`${failing.where} answers ${failing.a.status}: the target is up but failing. Check the shop's health before testing it.`);
    throw new PreflightError(`None of ${all} answers 2xx${rootMap ? ` although the root map names ${rootMap.length} resources` : ''}: the target implements none of the reads tried. Check BASE_URL and the shop's API settings.`);
  } finally {
    transport.close();
  }
}
