// Registers every operation of the catalogue as a Fastify route and runs the common pipeline:
// media type -> path and query parameters -> JSON body -> the operation's handler -> answer shaping
// (links, schema shape, search, sort, paging + Link, fields) -> JSON. Parameters and answer stages
// go through the extension points of points.ts (env.points).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Operation } from '../../src/spec/types.js';
import { ShopError } from '../http/errors.js';
import { requestInfo } from '../http/request-info.js';
import { checkMediaType, readJsonBody } from './body.js';
import type { Answer, Handler, OpContext, ShopEnv } from './context.js';
import type { RawParams } from './params.js';
import { addLinks, dropLinks, recordSchema, responseSchema } from './shape.js';
import { successStatus } from './statuses.js';

export function fastifyPath(template: string): string {
  return template.replace(/\{([^}]+)\}/g, ':$1');
}

function declares(op: Operation, name: string): boolean {
  return op.parameters.some((p) => p.in === 'query' && p.name === name);
}

/** The answer in the shape the spec declares, with the list parameters applied (answer points). */
function shape(ctx: OpContext, answer: Answer, status: number, reply: FastifyReply, root: string, pageUrl: (page: number) => string): unknown {
  const { op, query, points } = ctx;
  const { conform, search, sort, page, fields } = points.answer;
  const body = query.disable_links === true ? dropLinks(answer.body) : addLinks(answer.body, root);
  const projected = Array.isArray(query.fields) && query.fields.length > 0;
  if (Array.isArray(body)) {
    const item = recordSchema(op, status);
    let records: unknown[] = body.map((r) => conform(item, r));
    if (declares(op, 'search') || declares(op, 'q')) records = search(records, ctx);
    if (declares(op, 'sort') && Array.isArray(query.sort)) records = sort(records, ctx);
    if (declares(op, 'page')) {
      const paged = page(records, ctx, pageUrl);
      records = paged.records;
      if (paged.link) reply.header('Link', paged.link);
    }
    if (projected) records = records.map((r) => fields(r, ctx, true));
    return records;
  }
  const shaped = conform(responseSchema(op, status), body);
  return projected ? fields(shaped, ctx, false) : shaped;
}

function pageUrlFor(req: FastifyRequest, origin: string): (page: number) => string {
  const url = new URL(req.url, origin);
  return (page) => {
    url.searchParams.set('page', String(page));
    return url.toString();
  };
}

/** Every operation of the spec as a route, its handler from `handlers` (operationId -> handler). */
export function registerOperations(app: FastifyInstance, env: ShopEnv, handlers: ReadonlyMap<string, Handler>): void {
  const { checks } = env.points;
  for (const op of env.spec.catalogue.operations) {
    const handler = handlers.get(op.id);
    app.route({
      method: op.method.toUpperCase(),
      url: fastifyPath(op.path),
      config: { op },
      handler: async (req, reply) => {
        checkMediaType(op, req);
        const params = checks.params(op, 'path', req.params as RawParams);
        const query = checks.params(op, 'query', (req.query ?? {}) as RawParams);
        const body = readJsonBody(env, op, req);
        if (!handler) throw new ShopError('internal', `${op.id} is not implemented by the reference shop.`, 501);
        const ctx: OpContext = { ...env, op, params, query, body, req };
        const answer = await handler(ctx);
        const status = answer.status ?? successStatus(op);
        const info = requestInfo(req, env.spec.catalogue.info.basePath);
        for (const [k, v] of Object.entries(answer.headers ?? {})) reply.header(k, v);
        if (answer.location) reply.header('Location', `${info.root}${answer.location}`);
        const out = answer.raw ? answer.body : shape(ctx, answer, status, reply, info.root, pageUrlFor(req, info.origin));
        return reply.code(status).send(JSON.stringify(out));
      },
    });
  }
}
