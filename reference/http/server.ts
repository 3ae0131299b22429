// The Node server under Fastify. X-HTTP-Method-Override turns a POST into PUT/PATCH/DELETE here,
// before Fastify routes the request (routing depends on the method). Edge hooks (http/hooks.ts)
// see each raw request first, and the server once it is made.
import http from 'node:http';
import https from 'node:https';
import type { HttpHooks, NodeHandler } from './hooks.js';
import type { TlsMaterial } from './tls.js';

const OVERRIDABLE = new Set(['PUT', 'PATCH', 'DELETE']);

function withMethodOverride(handler: NodeHandler, edge: readonly HttpHooks[]): NodeHandler {
  const raw = edge.flatMap((h) => (h.rawRequest ? [h.rawRequest] : []));
  return (req, res) => {
    for (const hook of raw) hook(req);
    const override = req.headers['x-http-method-override'];
    if (req.method === 'POST' && typeof override === 'string') {
      const m = override.trim().toUpperCase();
      if (OVERRIDABLE.has(m)) req.method = m;
    }
    handler(req, res);
  };
}

export function serverFactory(edge: readonly HttpHooks[], tls: TlsMaterial | undefined) {
  return (handler: NodeHandler): http.Server => {
    const h = withMethodOverride(handler, edge);
    const server = tls ? https.createServer({ key: tls.key, cert: tls.cert }, h) : http.createServer(h);
    for (const hook of edge) hook.server?.(server, h);
    return server;
  };
}
