// The reference shop: a faithful, stateful implementation of the Shop API v2 spec, started
// in-process (createShop) by self-tests and fixtures, or alone by main.ts (`npm run shop`).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BUNDLED_SPEC, DEFAULT_PASSWORD, DEFAULT_USER } from '../src/config/config.js';
import type { ShopEnv } from './engine/context.js';
import { State, type StateSnapshot } from './engine/state.js';
import { pointsWith } from './faults/apply.js';
import { FaultSet } from './faults/registry.js';
import { quirksNamed } from './quirks/registry.js';
import { buildHandlers } from './groups/index.js';
import { buildApp } from './http/app.js';
import type { ChaosMode } from './http/chaos.js';
import type { RateLimit } from './http/rate-limit.js';
import { selfSignedCertificate } from './http/tls.js';
import { seed } from './seed/index.js';
import { seedFiles } from './seed/files.js';
import { loadSpec } from './spec-cache.js';

export interface ShopOptions {
  /** Named faults to switch on (see reference/faults/); unknown names throw. */
  faults?: string[];
  user?: string;
  password?: string;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
  /** Serve HTTPS with a self-signed certificate made at start. */
  tls?: boolean;
  /** Default: 100000 requests per 15 minutes (the real shop's 5000 is too low for full runs). */
  rateLimit?: RateLimit;
  /** Spec file; default the bundled spec. */
  spec?: string;
  /** Where uploads go; default a fresh temp folder, removed on close. */
  uploadDir?: string;
  /** A chaos mode (SHOP_CHAOS): all-500 (bench) or overlap-500 (concurrency); see http/chaos.ts. */
  chaos?: ChaosMode;
  /** Habits of real shops to switch on (SHOP_QUIRKS, see reference/quirks/); unknown names throw. */
  quirks?: string[];
}

export interface RunningShop {
  /** Base URL including the API base path, no trailing slash. */
  url: string;
  /** Scheme, host and port. */
  origin: string;
  close(): Promise<void>;
  /** A deep copy of the whole state. */
  snapshot(): StateSnapshot;
  /** Back to the seed: every record, id counter and uploaded file as at start. */
  reset(): void;
}

export const DEFAULT_RATE_LIMIT: RateLimit = { limit: 100_000, windowSec: 15 * 60 };

export async function createShop(opts: ShopOptions = {}): Promise<RunningShop> {
  const faults = new FaultSet(opts.faults ?? []);
  const quirks = quirksNamed(opts.quirks ?? []);
  const user = opts.user ?? DEFAULT_USER;
  const password = opts.password ?? DEFAULT_PASSWORD;
  const [spec, tls] = await Promise.all([loadSpec(opts.spec ?? BUNDLED_SPEC), opts.tls ? selfSignedCertificate() : Promise.resolve(undefined)]);

  const ownUploadDir = opts.uploadDir === undefined;
  const uploadDir = opts.uploadDir ?? mkdtempSync(path.join(tmpdir(), 'reference-shop-'));
  const state = new State();
  seed(state, { adminEmail: user });
  /** The seed's files (restore() brings back only their index) and what the quirks change of the seed. */
  const finishSeed = (): void => {
    seedFiles(state, uploadDir);
    for (const q of quirks) q.seed?.(state, uploadDir);
  };
  finishSeed();
  const seeded = state.snapshot();
  // Faults and quirks act through the shop's extension points (engine/points.ts); the engine never sees their names.
  const env: ShopEnv = { spec, state, points: pointsWith([...faults.faults, ...quirks]), uploadDir, now: () => new Date() };
  const app = await buildApp({
    env,
    handlers: buildHandlers(spec.catalogue.operations, env.points),
    user,
    password,
    rateLimit: opts.rateLimit ?? DEFAULT_RATE_LIMIT,
    ...(tls ? { tls } : {}),
    ...(opts.chaos ? { chaos: opts.chaos } : {}),
  });
  const host = opts.host ?? '127.0.0.1';
  await app.listen({ host, port: opts.port ?? 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (opts.port ?? 0);
  const origin = `${tls ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${port}`;
  let closed = false;
  return {
    url: `${origin}${spec.catalogue.info.basePath}`,
    origin,
    snapshot: () => state.snapshot(),
    reset() {
      state.restore(seeded);
      finishSeed();
    },
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      if (ownUploadDir) rmSync(uploadDir, { recursive: true, force: true });
    },
  };
}
