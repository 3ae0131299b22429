// `npm run bench -- --realshop`: the harness against the vendor's real shop (GX 3.2.0.1, installed
// by the recipe in shared/realshop), the kind of target our users point it at. The embedded shop
// answers in the runner's own process in about half a millisecond, so on it a run is bound by the
// harness's CPU; a real shop takes about 100 ms per call, and what a user waits for is mostly the
// shop. Both figures go to RESULTS.md, side by side.
//
// Each run gets a pristine shop (`setup.sh reinstall`, not timed) and the rate-limit counter reset,
// then exactly what the real-shop phase of `npm test` runs for PROFILE=standard
// (test/realshop/settings.ts and shops.ts: one worker, the pinned seed and the GX 3.2 baseline). Requests are counted from the shop's own web-server log. The instance is the
// bench's own (REALSHOP_ROOT, default /tmp/gambio/bench; REALSHOP_PORT, default 8092), so neither a
// developer's shop nor npm test's is touched; it is stopped when the bench ends. Needs root, like
// the recipe.
import path from 'node:path';
import { shopByKey } from '../test/realshop/shops.js';
import { findRecipe, instance, isInstalled, resetRateLimit, runScript, whyFailed, writePhpWrapper, type Instance } from '../test/realshop/recipe.js';
import { logPosition, requestsBetween } from '../test/realshop/requests.js';
import { realShopArgs, realShopEnv } from '../test/realshop/settings.js';
import { PROJECT_ROOT } from '../src/config/config.js';
import { runHarness, type HarnessRun } from './harness.js';

export interface RealShopRun extends HarnessRun {
  /** Seconds `setup.sh` took to make the shop pristine before the run (not part of the run). */
  setupS: number;
  /** Status code -> answered API requests, from the shop's log. */
  statuses: Record<string, number>;
}

export interface RealShopResults {
  baseUrl: string;
  profile: 'standard';
  seed: string;
  workers: number;
  runs: RealShopRun[];
}

export class RealShopError extends Error {
  override name = 'RealShopError';
}

/** The bench's own instance of the recipe; throws RealShopError when it cannot be had. */
export function benchShop(): Instance {
  if (typeof process.getuid === 'function' && process.getuid() !== 0) throw new RealShopError('--realshop needs root (the recipe installs packages and runs MariaDB as the mysql user)');
  try {
    const shop = shopByKey('gx32');
    const dir = findRecipe(shop, PROJECT_ROOT);
    return instance(shop, dir, { ...process.env, REALSHOP_ROOT: process.env.REALSHOP_ROOT || '/tmp/gambio/bench', REALSHOP_PORT: process.env.REALSHOP_PORT || '8092' });
  } catch (err) {
    throw new RealShopError(err instanceof Error ? err.message : String(err));
  }
}

/** One measured standard run against a pristine shop. */
export async function runOnRealShop(inst: Instance, workDir: string, timeoutMs: number): Promise<RealShopRun> {
  writePhpWrapper(inst);
  const reinstall = isInstalled(inst);
  const setup = runScript(inst, 'setup.sh', reinstall ? ['reinstall'] : []);
  if (setup.status !== 0) throw new RealShopError(`setup.sh ${reinstall ? 'reinstall ' : ''}failed (exit ${setup.status}): ${whyFailed(setup.output)}`);
  resetRateLimit(inst);
  const from = logPosition(inst.serverLog);
  const run = await runHarness(workDir, realShopArgs(inst), undefined, timeoutMs, realShopEnv(inst, 'standard'));
  const count = requestsBetween(inst.serverLog, from, logPosition(inst.serverLog));
  return { ...run, requests: count.requests, statuses: count.statuses, setupS: setup.ms / 1000 };
}

/** Stops the bench's shop; the reason when that failed. */
export function stopBenchShop(inst: Instance): string | undefined {
  const r = runScript(inst, 'stop.sh');
  return r.status === 0 ? undefined : `stop.sh exited ${r.status}: ${whyFailed(r.output)} (${path.join(inst.root, 'run')})`;
}
