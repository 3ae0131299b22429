// Hooks at the HTTP edge: Node-level hooks before Fastify routes a request, and Fastify's own
// lifecycle hooks around the shop's (http/app.ts and http/server.ts register them in fixed spots).
// The clean shop has none; a named fault that acts on requests or answers on their way in or out
// brings its own (reference/faults/), the way a proxy in front of a shop would.
import type http from 'node:http';
import type https from 'node:https';
import type { onRequestAsyncHookHandler, onRequestHookHandler, onRouteHookHandler, onSendAsyncHookHandler, onSendHookHandler, preHandlerAsyncHookHandler, preHandlerHookHandler } from 'fastify';
import type { LoadedSpec } from '../spec-cache.js';

/** What an edge hook may need to know about the shop it sits in front of. */
export interface EdgeInfo {
  spec: LoadedSpec;
  /** The credentials the shop accepts. */
  user: string;
  password: string;
}

export type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export interface HttpHooks {
  /** Every request at the Node level, before routing and before X-HTTP-Method-Override applies. */
  rawRequest?: (req: http.IncomingMessage) => void;
  /** The server once made (https in TLS mode), with the Node handler it serves. */
  server?: (server: http.Server | https.Server, handler: NodeHandler) => void;
  /** Fastify onRoute: each route (each operation) as it is registered. */
  onRoute?: (shop: EdgeInfo) => onRouteHookHandler;
  /** Fastify onRequest: after the rate limit, before authentication and body parsing. */
  onRequest?: (shop: EdgeInfo) => onRequestHookHandler | onRequestAsyncHookHandler;
  /** Fastify preHandler: after authentication and body parsing, before the operation runs. */
  preHandler?: (shop: EdgeInfo) => preHandlerHookHandler | preHandlerAsyncHookHandler;
  /** Fastify onSend: after the shop's own headers, before the bench's chaos mode. */
  onSend?: (shop: EdgeInfo) => onSendHookHandler | onSendAsyncHookHandler;
}
