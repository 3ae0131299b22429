// The Fastify application: server, auth, rate limit, body parsers, common headers, error bodies,
// 404/405 for what the spec does not declare, the root map, and every operation of the spec.
import { timingSafeEqual } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import basicAuth from '@fastify/basic-auth';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { pathMatcher } from '../../src/spec/catalogue.js';
import type { Handler, ShopEnv } from '../engine/context.js';
import { registerOperations } from '../engine/router.js';
import { chaosHooks, type ChaosMode } from './chaos.js';
import { errorBody, ShopError } from './errors.js';
import type { EdgeInfo } from './hooks.js';
import { rateLimiter, type RateLimit } from './rate-limit.js';
import { opOf, requestInfo } from './request-info.js';
import { securityHeaders } from './security-headers.js';
import { serverFactory } from './server.js';
import type { TlsMaterial } from './tls.js';

export const JSON_LIMIT = 1024 * 1024;
export const UPLOAD_LIMIT = 5 * 1024 * 1024;
export const API_VERSION = 'v2';

export interface AppOptions {
  env: ShopEnv;
  handlers: ReadonlyMap<string, Handler>;
  user: string;
  password: string;
  rateLimit: RateLimit;
  tls?: TlsMaterial;
  /** A chaos mode: the whole shop misbehaving at the edge (http/chaos.ts). */
  chaos?: ChaosMode;
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}


function allowedMethods(env: ShopEnv, path: string): string[] {
  const below = path.startsWith(env.spec.catalogue.info.basePath) ? path.slice(env.spec.catalogue.info.basePath.length) : undefined;
  if (below === undefined) return [];
  const methods = new Set<string>();
  for (const op of env.spec.catalogue.operations) if (pathMatcher(op.path)(below)) methods.add(op.method.toUpperCase());
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods];
}

/** A request Node cannot parse (bad framing, huge headers): answered as JSON, then the socket closes. */
function clientError(env: ShopEnv, tls: boolean) {
  return (err: NodeJS.ErrnoException, socket: Duplex): void => {
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const body = JSON.stringify({ code: status, status: 'error', message: `Malformed HTTP request (${err.code ?? 'unknown'}).` });
    const head = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      `X-API-Version: ${API_VERSION}`,
      `X-Shop-Version: ${env.spec.catalogue.info.version}`,
      ...Object.entries(securityHeaders(tls)).map(([k, v]) => `${k}: ${v}`),
      'Connection: close',
    ];
    socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
  };
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { env } = opts;
  const basePath = env.spec.catalogue.info.basePath;
  // Hooks at the edge (none on the clean shop; see http/hooks.ts), each in its fixed spot below.
  const edge = env.points.http;
  const shop: EdgeInfo = { spec: env.spec, user: opts.user, password: opts.password };
  const app = Fastify({
    logger: false,
    bodyLimit: JSON_LIMIT,
    routerOptions: { maxParamLength: 4096, ignoreTrailingSlash: true },
    serverFactory: serverFactory(edge, opts.tls),
    // A URL that cannot be decoded never reaches a route: still the shop's error body.
    frameworkErrors: (err, req, res) => {
      const reply = res as FastifyReply;
      const body = errorBody(400, `The URL cannot be decoded (${err.code}).`, requestInfo(req, basePath));
      reply.header('Content-Type', 'application/json; charset=utf-8');
      reply.header('X-API-Version', API_VERSION);
      reply.header('X-Shop-Version', env.spec.catalogue.info.version);
      reply.headers(securityHeaders(opts.tls !== undefined));
      void reply.code(400).send(JSON.stringify(body));
    },
    clientErrorHandler: clientError(env, opts.tls !== undefined),
  });

  // An empty body with Content-Type: application/json means "no body" (the operation decides
  // whether it needs one); everything else goes through Fastify's safe JSON parser.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    void jsonParser(req, text, done);
  });
  await app.register(multipart, { limits: { fileSize: UPLOAD_LIMIT, files: 2, fields: 10, parts: 12 } });
  for (const h of edge) if (h.onRoute) app.addHook('onRoute', h.onRoute(shop));

  const chaos = opts.chaos ? chaosHooks(opts.chaos, env.spec.catalogue) : undefined;
  // First of the onRequest hooks, so it sees each request as it arrives.
  if (chaos?.onRequest) app.addHook('onRequest', chaos.onRequest);
  app.addHook('onRequest', rateLimiter(opts.rateLimit));
  for (const h of edge) if (h.onRequest) app.addHook('onRequest', h.onRequest(shop));
  await app.register(basicAuth, {
    authenticate: { realm: 'Shop API' },
    utf8: false,
    validate(username, password, _req, _reply, done) {
      const ok = sameSecret(username, opts.user) && sameSecret(password, opts.password);
      done(ok ? undefined : new ShopError('unauthorized', 'Wrong credentials.'));
    },
  });
  app.addHook('onRequest', (req, reply, done) => app.basicAuth(req, reply, done));
  for (const h of edge) if (h.preHandler) app.addHook('preHandler', h.preHandler(shop));

  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('Content-Type', 'application/json; charset=utf-8');
    reply.header('X-API-Version', API_VERSION);
    reply.header('X-Shop-Version', env.spec.catalogue.info.version);
    reply.headers(securityHeaders(opts.tls !== undefined));
    done(null, payload);
  });
  for (const h of edge) if (h.onSend) app.addHook('onSend', h.onSend(shop));
  // Last of the onSend hooks, so it replaces what the others made.
  if (chaos) app.addHook('onSend', chaos.onSend);

  app.setErrorHandler((err, req, reply) => {
    const { status, body } = env.points.answer.error(err, opOf(req), requestInfo(req, basePath));
    void reply.code(status).send(JSON.stringify(body));
  });

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    const allow = allowedMethods(env, path);
    const info = requestInfo(req, basePath);
    if (allow.length) {
      reply.header('Allow', allow.join(', '));
      return reply.code(405).send(JSON.stringify(errorBody(405, `${req.method} is not supported on ${info.path}.`, info)));
    }
    return reply.code(404).send(JSON.stringify(errorBody(404, `Resource not found: ${info.path}.`, info)));
  });

  await app.register(
    (api, _o, done) => {
      api.get('/', (req, reply) => {
        const root = requestInfo(req, basePath).root;
        const names = [...new Set(env.spec.catalogue.operations.map((o) => o.path.split('/')[1] ?? '').filter(Boolean))].sort();
        return reply.send(JSON.stringify(Object.fromEntries(names.map((n) => [n, `${root}/${n}`]))));
      });
      registerOperations(api, env, opts.handlers);
      done();
    },
    { prefix: basePath },
  );
  return app;
}

