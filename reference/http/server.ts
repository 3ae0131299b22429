// The Node server under Fastify. Two things happen here, before Fastify routes a request:
// X-HTTP-Method-Override turns a POST into PUT/PATCH/DELETE (routing depends on the method), and in
// TLS mode the `plain-http-alongside-tls` fault lets the same port answer unencrypted requests.
import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import type { FaultSet } from '../faults/registry.js';
import type { TlsMaterial } from './tls.js';

const OVERRIDABLE = new Set(['PUT', 'PATCH', 'DELETE']);

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

function withMethodOverride(handler: Handler, faults: FaultSet): Handler {
  return (req, res) => {
    const override = req.headers['x-http-method-override'];
    if (req.method === 'POST' && typeof override === 'string' && faults.has('method-override-creates') && runAsCreate(req, res, override)) return handler(req, res);
    if (req.method === 'POST' && typeof override === 'string' && !faults.has('method-override-ignored')) {
      const m = override.trim().toUpperCase();
      if (OVERRIDABLE.has(m)) req.method = m;
    }
    handler(req, res);
  };
}

/**
 * Fault `method-override-creates` (GX 4.8's way): a POST overridden to PUT/PATCH on a record's path
 * runs as a create in the record's collection, answered 200 like the real method. True when it applies.
 */
function runAsCreate(req: http.IncomingMessage, res: http.ServerResponse, override: string): boolean {
  const [pathname = '', query] = (req.url ?? '').split('?');
  if (!['PUT', 'PATCH'].includes(override.trim().toUpperCase()) || !/\/\d+$/.test(pathname)) return false;
  req.url = pathname.replace(/\/\d+$/, '') + (query !== undefined ? `?${query}` : '');
  delete req.headers['x-http-method-override'];
  const writeHead = res.writeHead.bind(res) as (status: number, ...rest: unknown[]) => http.ServerResponse;
  res.writeHead = (status: number, ...rest: unknown[]) => writeHead(status === 201 ? 200 : status, ...rest);
  return true;
}

/** Sends TLS handshakes to the TLS server and everything else to a plain HTTP server. */
function acceptPlainHttpToo(server: https.Server, plain: http.Server): void {
  const tlsListeners = server.listeners('connection');
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    socket.once('readable', () => {
      const first = socket.read(1) as Buffer | null;
      if (first) socket.unshift(first);
      if (first && first[0] === 0x16) for (const l of tlsListeners) l.call(server, socket);
      else plain.emit('connection', socket);
    });
  });
}

export function serverFactory(faults: FaultSet, tls: TlsMaterial | undefined) {
  return (handler: Handler): http.Server => {
    const h = withMethodOverride(handler, faults);
    if (!tls) return http.createServer(h);
    const server = https.createServer({ key: tls.key, cert: tls.cert }, h);
    if (faults.has('plain-http-alongside-tls')) acceptPlainHttpToo(server, http.createServer(h));
    return server;
  };
}
