// Chaos modes (SHOP_CHAOS): the whole shop misbehaving in a way no named fault models. Faults
// break one rule each and the fault matrix proves every one is caught; a chaos mode breaks
// something that is not a rule of one operation. Each lives at the edge, in hooks around the
// shop's own (the last onSend hook, and for overlap-500 the first onRequest hook): the engine
// answers as usual and the answer is replaced on its way out, so no route or rule knows about it.
//
// all-500 (bench only): every answer becomes `500 Internal Server Error` with a plain-text body,
// except what the harness's preflight (src/preflight/preflight.ts) needs to let a run start: GET
// of the API root and GET of its first read (the cheapest list, e.g. /vpe), answered as usual. It
// measures what a run against a target that fails nearly everything costs.
//
// overlap-500: a concurrency defect as the vendor's GX 3.2 has it (it answers 500 "Invalid
// argument supplied for foreach()" to some requests that overlap another request with the same
// credentials). A list read (GET of an operation that answers an array) that arrives while another
// request with the same Authorization header is in flight answers 500 with that message in the
// shop's error body, instead of its list. Every request is held OVERLAP_HOLD_MS before it is
// answered, so requests sent within that window overlap reliably; the same request sent alone is
// answered correctly. Nothing else changes (writes, single reads and errors answer as usual).
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest, onRequestHookHandler, onSendAsyncHookHandler, onSendHookHandler } from 'fastify';
import type { Catalogue } from '../../src/spec/types.js';
import { ShopEnvError } from '../env.js';
import { errorBody } from './errors.js';
import { opOf, requestInfo } from './request-info.js';

export const CHAOS_MODES = ['all-500', 'overlap-500'] as const;
export type ChaosMode = (typeof CHAOS_MODES)[number];

/** SHOP_CHAOS as a mode; empty or unset is none. A wrong value ends the start with one line. */
export function chaosFromEnv(raw: string | undefined): ChaosMode | undefined {
  const v = raw?.trim();
  if (!v) return undefined;
  if ((CHAOS_MODES as readonly string[]).includes(v)) return v as ChaosMode;
  throw new ShopEnvError(`SHOP_CHAOS=${v} is not a chaos mode; known: all-500 (bench), overlap-500 (concurrency).`);
}

/** The hooks of a chaos mode: onRequest runs first of all, onSend last of all. */
export interface ChaosHooks {
  onRequest?: onRequestHookHandler;
  onSend: onSendHookHandler | onSendAsyncHookHandler;
}

export function chaosHooks(mode: ChaosMode, catalogue: Catalogue): ChaosHooks {
  return mode === 'all-500' ? { onSend: all500(catalogue) } : overlap500(catalogue);
}

// ---- all-500 ----------------------------------------------------------------------------------

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

function all500(catalogue: Catalogue): onSendHookHandler {
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
    done(null, `${CHAOS_BODY} (SHOP_CHAOS=all-500)\n`);
  };
}

// ---- overlap-500 ------------------------------------------------------------------------------

/** How long every request is held before it is answered in overlap-500 (its window for overlapping). */
export const OVERLAP_HOLD_MS = 25;
/** The message GX 3.2 answers an overlapped request with. */
export const OVERLAP_MESSAGE = 'Invalid argument supplied for foreach()';

function overlap500(catalogue: Catalogue): ChaosHooks {
  const listReads = new Set(
    catalogue.operations
      .filter((o) => o.method === 'get' && o.responses.some((r) => r.status.startsWith('2') && r.schema?.type === 'array'))
      .map((o) => o.id),
  );
  /** Requests in flight per Authorization header ('' for none). */
  const inFlight = new Map<string, number>();
  const overlapped = new WeakSet<FastifyRequest>();
  return {
    onRequest: (req, reply, done) => {
      const key = req.headers.authorization ?? '';
      const busy = inFlight.get(key) ?? 0;
      if (busy > 0) overlapped.add(req);
      inFlight.set(key, busy + 1);
      reply.raw.once('close', () => {
        const left = (inFlight.get(key) ?? 1) - 1;
        if (left > 0) inFlight.set(key, left);
        else inFlight.delete(key);
      });
      done();
    },
    onSend: async (req: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
      await sleep(OVERLAP_HOLD_MS);
      const op = opOf(req);
      if (!overlapped.has(req) || reply.statusCode !== 200 || !op || !listReads.has(op.id)) return payload;
      reply.code(500);
      reply.removeHeader('Link');
      return JSON.stringify(errorBody(500, OVERLAP_MESSAGE, requestInfo(req, catalogue.info.basePath)));
    },
  };
}
