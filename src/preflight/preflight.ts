// Preflight: before any test, is the target reachable, do the credentials work, does it speak the
// API? A wrong URL, a refused connection, bad credentials, an untrusted certificate or an HTML
// answer end the run within seconds with ONE plain message saying what is wrong and how to fix
// it, instead of hundreds of failed tests.
import { request as playwrightRequest, type APIResponse } from '@playwright/test';
import type { Catalogue, Operation } from '../spec/types.js';
import { isTlsTrustCode, transportCode } from '../client/errors.js';
import { Redactor } from '../client/redact.js';
import { joinUrl } from '../client/url.js';

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
  /** The request that proved the credentials, e.g. `GET /languages -> 200`. */
  probe: string;
  durationMs: number;
}

/** The cheapest authenticated read: a GET without path or required query parameters. */
export function probeOperation(catalogue: Catalogue): Operation | undefined {
  const candidates = catalogue.operations.filter((o) => o.method === 'get' && !o.path.includes('{') && !o.parameters.some((p) => p.required && p.in !== 'header'));
  return candidates.sort((a, b) => a.path.length - b.path.length)[0];
}

function isHtml(res: APIResponse, text: string): boolean {
  return /text\/html/i.test(res.headers()['content-type'] ?? '') || /^\s*<(!doctype|html)/i.test(text);
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

export async function runPreflight(input: PreflightInput): Promise<PreflightResult> {
  const started = Date.now();
  const budget = input.budgetMs ?? 8_000;
  const redactor = Redactor.forCredentials(input.user, input.password);
  const op = probeOperation(input.catalogue);
  const path = op?.path ?? '/';
  const url = joinUrl(input.apiRoot, path);
  const ctx = await playwrightRequest.newContext({ ignoreHTTPSErrors: input.insecureTls });
  const auth = `Basic ${Buffer.from(`${input.user}:${input.password}`).toString('base64')}`;
  try {
    let res: APIResponse;
    try {
      res = await ctx.get(url, { headers: { authorization: auth, accept: 'application/json' }, timeout: budget, failOnStatusCode: false, maxRedirects: 0 });
    } catch (err) {
      throw new PreflightError(redactor.text(transportMessage(input.apiRoot, err instanceof Error ? err.message : String(err), input.insecureTls)));
    }
    const status = res.status();
    const text = (await res.text().catch(() => '')).slice(0, 2000);
    const h = res.headers();
    const where = `${op ? `${op.id}, ` : ''}GET ${url}`;
    if (status >= 300 && status < 400) {
      throw new PreflightError(`${where} redirects to ${h.location ?? '(no Location)'} (${status}). Set BASE_URL to where the API really is${h.location?.startsWith('https:') && url.startsWith('http:') ? ' (https)' : ''}.`);
    }
    if (isHtml(res, text)) {
      throw new PreflightError(`${where} answers with an HTML page (${status}), not the API. BASE_URL must be the API's base URL including its base path, e.g. https://shop.example.test${input.catalogue.info.basePath || '/api'}.`);
    }
    if (status === 401 || status === 403) {
      throw new PreflightError(`The credentials were refused (${status} from ${where}). Check API_USER and API_PASSWORD (the shop admin's e-mail and password).`);
    }
    if (status === 404) {
      throw new PreflightError(`${where} answers 404: BASE_URL does not point at the API. It must include the base path, e.g. …${input.catalogue.info.basePath || '/api'}.`);
    }
    const ct = h['content-type'] ?? '';
    if (status >= 200 && status < 300 && !/json/i.test(ct)) {
      throw new PreflightError(`${where} answers ${status} with ${ct || 'no Content-Type'}, not JSON: this does not look like the API. Check BASE_URL.`);
    }
    if (status >= 500) {
      throw new PreflightError(`${where} answers ${status}: the target is up but failing. Check the shop's health before testing it.`);
    }
    return { url: input.apiRoot, apiVersion: h['x-api-version'], shopVersion: h['x-shop-version'], probe: `GET ${path} -> ${status}`, durationMs: Date.now() - started };
  } finally {
    await ctx.dispose();
  }
}
