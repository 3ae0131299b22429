// Fixed-window rate limit per credential, with the shop's X-Rate-Limit-* headers on every answer.
// Hand-written because @fastify/rate-limit names its headers differently and sends the reset as
// seconds-to-go, while the shop sends the reset as epoch seconds.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ShopError } from './errors.js';

export interface RateLimit {
  limit: number;
  windowSec: number;
}

interface Window {
  start: number;
  count: number;
}

function credentialKey(req: FastifyRequest): string {
  const h = req.headers.authorization;
  if (typeof h !== 'string') return '(anonymous)';
  const m = /^\s*basic\s+([A-Za-z0-9+/=._~-]+)\s*$/i.exec(h);
  if (!m?.[1]) return '(malformed)';
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  return decoded.split(':')[0] ?? '';
}

export function rateLimiter(cfg: RateLimit, now: () => number = Date.now) {
  const windows = new Map<string, Window>();
  return function onRequest(req: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void): void {
    const key = credentialKey(req);
    const t = now();
    let w = windows.get(key);
    if (!w || t >= w.start + cfg.windowSec * 1000) {
      w = { start: t, count: 0 };
      windows.set(key, w);
    }
    w.count++;
    reply.header('X-Rate-Limit-Limit', String(cfg.limit));
    reply.header('X-Rate-Limit-Remaining', String(Math.max(0, cfg.limit - w.count)));
    reply.header('X-Rate-Limit-Reset', String(Math.ceil((w.start + cfg.windowSec * 1000) / 1000)));
    if (w.count > cfg.limit) {
      reply.header('Retry-After', String(Math.max(1, Math.ceil((w.start + cfg.windowSec * 1000 - t) / 1000))));
      done(new ShopError('tooManyRequests', `Rate limit of ${cfg.limit} requests per ${cfg.windowSec} s exceeded.`));
      return;
    }
    done();
  };
}
