// Bench-only chaos modes (SHOP_CHAOS): the whole shop broken at once, to measure what a run against
// a target that fails nearly everything costs. Not a named fault: faults break one rule each and
// the fault matrix proves every one is caught; a chaos mode breaks everything and proves nothing.
// It lives at the edge, as the last onSend hook: the engine answers as usual and the answer is
// replaced on its way out, so no route or rule knows about it.
//
// all-500: every answer becomes `500 Internal Server Error` with a plain-text body, except what the
// harness's preflight (src/preflight/preflight.ts) needs to let a run start: GET of the API root
// and GET of its first read (the cheapest list, e.g. /vpe), answered as usual.
import type { FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import type { Catalogue } from '../../src/spec/types.js';
import { ShopEnvError } from '../env.js';

export const CHAOS_MODES = ['all-500'] as const;
export type ChaosMode = (typeof CHAOS_MODES)[number];

/** SHOP_CHAOS as a mode; empty or unset is none. A wrong value ends the start with one line. */
export function chaosFromEnv(raw: string | undefined): ChaosMode | undefined {
  const v = raw?.trim();
  if (!v) return undefined;
  if ((CHAOS_MODES as readonly string[]).includes(v)) return v as ChaosMode;
  throw new ShopEnvError(`SHOP_CHAOS=${v} is not a chaos mode; known: ${CHAOS_MODES.join(', ')} (bench only).`);
}

/**
 * The preflight's first read: a GET without path or required query parameters, shortest path
 * first (the rule of `probeOperations` in src/preflight/preflight.ts, repeated here so the shop
 * does not load Playwright; test/shop/chaos.spec.ts keeps the two in step).
 */
export function preflightReadPath(catalogue: Catalogue): string | undefined {
  return catalogue.operations
    .filter((o) => o.method === 'get' && !o.path.includes('{') && !o.parameters.some((p) => p.required && p.in !== 'header'))
    .map((o) => o.path)
    .sort((a, b) => a.length - b.length || a.localeCompare(b))[0];
}

export const CHAOS_BODY = 'Internal Server Error';

export function chaosHook(mode: ChaosMode, catalogue: Catalogue): onSendHookHandler {
  const base = catalogue.info.basePath;
  const read = preflightReadPath(catalogue);
  const spared = new Set([base, `${base}/`, ...(read ? [`${base}${read}`] : [])]);
  const spare = (req: FastifyRequest): boolean => req.method === 'GET' && spared.has(req.url);
  return (req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: Error | null, value?: unknown) => void): void => {
    if (spare(req)) return done(null, payload);
    // A stream nobody reads would hold its file open.
    if (payload && typeof payload === 'object' && 'destroy' in payload && typeof payload.destroy === 'function') (payload as { destroy(): void }).destroy();
    reply.code(500);
    reply.header('Content-Type', 'text/plain; charset=utf-8');
    for (const h of ['Location', 'Link', 'Allow', 'WWW-Authenticate']) reply.removeHeader(h);
    done(null, `${CHAOS_BODY} (SHOP_CHAOS=${mode})\n`);
  };
}
