// The Fastify application: server, auth, rate limit, body parsers, common headers, error bodies,
// 404/405 for what the spec does not declare, the root map, and every operation of the spec.
import { timingSafeEqual } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import basicAuth from '@fastify/basic-auth';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Operation } from '../../src/spec/types.js';
import { pathMatcher } from '../../src/spec/catalogue.js';
import type { Handler, ShopEnv } from '../engine/context.js';
import { fastifyPath, registerOperations } from '../engine/router.js';
import { errorStatus } from '../engine/statuses.js';
import { chaosHook, type ChaosMode } from './chaos.js';
import { errorBody, ShopError } from './errors.js';
import { rateLimiter, type RateLimit } from './rate-limit.js';
import { requestInfo } from './request-info.js';
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
  /** Bench-only: break every answer on its way out (http/chaos.ts). */
  chaos?: ChaosMode;
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

function opOf(req: FastifyRequest): Operation | undefined {
  const config = req.routeOptions.config as { op?: Operation } | undefined;
  return config?.op;
}

/** Status and message of anything thrown while handling a request. */
function classify(err: unknown, op: Operation | undefined, env: ShopEnv): { status: number; message: string } {
  if (err instanceof ShopError) {
    if (err.kind === 'invalidId' && op?.id === 'deleteManufacturers' && env.faults.has('manufacturer-delete-bad-id-400')) return { status: 400, message: err.message };
    if (err.kind === 'notFound' && env.faults.has('vendor-not-found-404')) return { status: 404, message: err.message };
    return { status: errorStatus(op, err.kind, err.status), message: err.message };
  }
  const fe = err as Partial<FastifyError>;
  switch (fe.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: env.faults.has('malformed-json-500') ? 500 : 400, message: 'The request body is not valid JSON.' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return { status: 413, message: 'The request body is too large.' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, message: 'Unsupported Content-Type; send application/json.' };
    case 'FST_BASIC_AUTH_MISSING_OR_BAD_AUTHORIZATION_HEADER':
      return { status: 401, message: 'Authentication required: send HTTP Basic credentials.' };
    default:
      break;
  }
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    return { status: fe.statusCode, message: fe.message ?? 'Bad request.' };
  }
  // A bug of the shop: visible on stderr, answered with the error body like everything else.
  console.error('[reference shop] unexpected error:', err);
  return { status: 500, message: 'Internal error of the reference shop.' };
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
function clientError(env: ShopEnv) {
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
      'Connection: close',
    ];
    socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
  };
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { env } = opts;
  const basePath = env.spec.catalogue.info.basePath;
  const app = Fastify({
    logger: false,
    bodyLimit: JSON_LIMIT,
    routerOptions: { maxParamLength: 4096, ignoreTrailingSlash: true },
    serverFactory: serverFactory(env.faults, opts.tls),
    // A URL that cannot be decoded never reaches a route: still the shop's error body.
    frameworkErrors: (err, req, res) => {
      const reply = res as FastifyReply;
      const body = errorBody(400, `The URL cannot be decoded (${err.code}).`, requestInfo(req, basePath));
      reply.header('Content-Type', 'application/json; charset=utf-8');
      reply.header('X-API-Version', API_VERSION);
      reply.header('X-Shop-Version', env.spec.catalogue.info.version);
      void reply.code(400).send(JSON.stringify(body));
    },
    clientErrorHandler: clientError(env),
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

  app.addHook('onRequest', rateLimiter(opts.rateLimit, true));
  await app.register(basicAuth, {
    authenticate: { realm: 'Shop API' },
    utf8: false,
    validate(username, password, req, _reply, done) {
      const userOk = sameSecret(username, opts.user);
      const passOk = sameSecret(password, opts.password) || env.faults.has('auth-wrong-password-accepted');
      done(userOk && passOk ? undefined : new ShopError('unauthorized', 'Wrong credentials.'));
    },
  });
  app.addHook('onRequest', (req, reply, done) => {
    if (!req.headers.authorization && env.faults.has('auth-missing-credentials-accepted')) return done();
    app.basicAuth(req, reply, done);
  });

  app.addHook('onSend', (req, reply, payload, done) => {
    const ok = reply.statusCode < 400;
    reply.header('Content-Type', ok && env.faults.has('content-type-text-html') ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8');
    reply.header('X-API-Version', API_VERSION);
    reply.header('X-Shop-Version', env.spec.catalogue.info.version);
    if (reply.statusCode === 401 && env.faults.has('auth-no-www-authenticate')) reply.removeHeader('WWW-Authenticate');
    done(null, payload);
  });
  // Last of the onSend hooks, so it replaces what the others made.
  if (opts.chaos) app.addHook('onSend', chaosHook(opts.chaos, env.spec.catalogue));

  app.setErrorHandler((err, req, reply) => {
    const { status, message } = classify(err, opOf(req), env);
    const body: Record<string, unknown> = { ...errorBody(status, message, requestInfo(req, basePath)) };
    if (env.faults.has('error-body-without-message')) delete body.message;
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

export { fastifyPath };
