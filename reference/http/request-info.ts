// Where a request was addressed, as the error body and Location/Link headers need it.
import type { FastifyRequest } from 'fastify';
import type { Operation } from '../../src/spec/types.js';
import type { RequestInfo } from './errors.js';

export interface AddressedRequest extends RequestInfo {
  origin: string;
}

export function requestInfo(req: FastifyRequest, basePath: string): AddressedRequest {
  const proto = req.protocol;
  const host = typeof req.headers.host === 'string' && req.headers.host ? req.headers.host : 'localhost';
  const origin = `${proto}://${host}`;
  const pathOnly = req.url.split('?')[0] ?? '';
  const path = pathOnly.startsWith(basePath) ? pathOnly.slice(basePath.length) || '/' : pathOnly;
  return { method: req.method, url: `${origin}${req.url}`, path, root: `${origin}${basePath}`, origin };
}

/** The operation a request was routed to (undefined for the root, 404s and 405s). */
export function opOf(req: FastifyRequest): Operation | undefined {
  const config = req.routeOptions.config as { op?: Operation } | undefined;
  return config?.op;
}
