// Stage 4, encoding: the request as bytes on the wire. Headers (User-Agent with the run id, Accept,
// Basic auth set here rather than by the transport, which would send each request twice), a JSON,
// raw or multipart body, the caller's own headers last. Encoded once: a 429 retry sends the same bytes.
import { readFileSync } from 'node:fs';
import { PROJECT_ROOT } from '../../config/config.js';
import { multipartBody } from '../http.js';
import type { Addressed, AuthMode, OtherCredentials, WireRequest } from './request.js';

const VERSION = (JSON.parse(readFileSync(`${PROJECT_ROOT}/package.json`, 'utf8')) as { version: string }).version;
export const USER_AGENT = `shop-api-conformance/${VERSION}`;

export interface Credentials {
  apiUser: string;
  apiPassword: string;
  runId: string;
  timeoutMs: number;
  insecureTls: boolean;
}

/** The Authorization header for a mode: the configured credentials, none, or deliberately wrong ones. */
function authHeader(mode: AuthMode, c: Credentials, other: OtherCredentials | undefined): string | undefined {
  if (mode === 'none') return undefined;
  if (mode === 'other') {
    if (!other) throw new Error("auth: 'other' needs the other user's credentials (CallOptions.credentials)");
    return `Basic ${Buffer.from(`${other.user}:${other.password}`, 'utf8').toString('base64')}`;
  }
  const pass = mode === 'wrong' ? `wrong-${c.runId}-${c.apiPassword.length}` : c.apiPassword;
  return `Basic ${Buffer.from(`${c.apiUser}:${pass}`, 'utf8').toString('base64')}`;
}

export function encode(req: Addressed, c: Credentials): WireRequest {
  const { opts } = req;
  const headers: Record<string, string> = { 'user-agent': `${USER_AGENT} (run ${c.runId})`, accept: 'application/json' };
  const authorization = authHeader(opts.auth ?? 'default', c, opts.credentials);
  if (authorization) headers.authorization = authorization;
  let body: Buffer | undefined;
  let bodyText: string | undefined;
  if (opts.rawBody !== undefined) {
    body = Buffer.isBuffer(opts.rawBody) ? opts.rawBody : Buffer.from(opts.rawBody, 'utf8');
    bodyText = body.toString('utf8');
  } else if (opts.body !== undefined) {
    bodyText = JSON.stringify(opts.body);
    body = Buffer.from(bodyText, 'utf8');
    headers['content-type'] = 'application/json';
  }
  if (opts.contentType !== undefined) {
    if (opts.contentType === null) delete headers['content-type'];
    else headers['content-type'] = opts.contentType;
  }
  for (const [k, v] of Object.entries(opts.headers ?? {})) headers[k.toLowerCase()] = v;
  const wire: WireRequest = { method: req.method, url: req.url, headers, timeoutMs: opts.timeoutMs ?? c.timeoutMs, insecureTls: c.insecureTls };
  if (bodyText !== undefined) wire.bodyText = bodyText;
  if (opts.multipart) {
    // The boundary is the platform's (FormData); the record describes files instead of carrying them.
    const form = multipartBody(opts.multipart);
    wire.headers = { ...headers, 'content-type': form.contentType };
    wire.body = form.body;
    wire.multipart = {};
    for (const [k, v] of Object.entries(opts.multipart)) wire.multipart[k] = typeof v === 'object' ? `@${v.name};type=${v.mimeType} (${v.buffer.length} bytes)` : String(v);
  } else if (body !== undefined) {
    wire.body = body;
  }
  return wire;
}
