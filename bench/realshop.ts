// `npm run bench -- --realshop`: the harness against the vendor's real shops (GX 3.2.0.1 and GX
// 4.8.0.3, installed by the recipes in shared/realshop and shared/realshop-gx48; the shops as data
// in test/realshop/shops.ts), the kind of target our users point it at. The embedded shop answers
// in the runner's own process in about half a millisecond, so on it a run is bound by the
// harness's CPU; a real shop takes 100-250 ms per call, and what a user waits for is mostly the
// shop. The figures go to RESULTS.md, side by side.
//
// Each run gets a pristine shop (`setup.sh reinstall`, not timed) and the rate-limit counter reset,
// then exactly what the real-shop phase of `npm test` runs for PROFILE=standard
// (test/realshop/settings.ts and shops.ts: the shop's workers, the pinned seed and its baseline).
// Requests are counted from the shop's own web-server log. The instances are the bench's own
// (<env>_ROOT, default /tmp/gambio/bench and /tmp/gambio/bench-gx48; <env>_PORT, default 8092 and
// 8094, with <env> the shop's prefix in shops.ts: REALSHOP, REALSHOP_GX48), so neither a
// developer's shop nor npm test's is touched; each is stopped when its runs end.
// `--shops=gx32,gx48` chooses (default both). Needs root, like the recipes.
import path from 'node:path';
import { SHOPS, shopByKey, type ShopDef } from '../test/realshop/shops.js';
import { findRecipe, instance, isInstalled, resetRateLimit, runScript, whyFailed, writePhpWrapper, type Instance } from '../test/realshop/recipe.js';
import { logPosition, requestsBetween } from '../test/realshop/requests.js';
import { realShopArgs, realShopEnv } from '../test/realshop/settings.js';
import { PROJECT_ROOT } from '../src/config/config.js';
import { runHarness, type HarnessRun } from './harness.js';
import type { Depth } from '../src/config/depth.js';
import { failCells } from '../test/realshop/repro.js';
import type { CompatibilityReport } from '../src/report/compatibility/types.js';
import { existsSync, readFileSync } from 'node:fs';

/** The Fail cells of a bench run (its report.json in <workDir>/reports), or undefined without one. */
export function runFailCells(workDir: string): string[] | undefined {
  const file = path.join(workDir, 'reports', 'compatibility', 'report.json');
  if (!existsSync(file)) return undefined;
  return failCells(JSON.parse(readFileSync(file, 'utf8')) as CompatibilityReport);
}

/**
 * Quick says nothing standard does not: per shop, the Fail cells of each quick run
 * against those of the standard runs of the same bench, each on a pristine shop.
 */
export interface QuickSubset {
  key: string;
  quickCells: number[];
  standardCells: number[];
  /** Cells some quick run failed and no standard run did (should be none). */
  onlyQuick: string[];
}

export interface RealShopRun extends HarnessRun {
  /** Seconds `setup.sh` took to make the shop pristine before the run (not part of the run). */
  setupS: number;
  /** Status code -> answered API requests, from the shop's log. */
  statuses: Record<string, number>;
}

export interface RealShopResults {
  /** shops.ts key; absent in results of benches that knew GX 3.2 only. */
  key?: string;
  /** DEPTH of the runs (--depths); absent in older results: standard. */
  depth?: Depth;
  /** The shop and version, for people. */
  title?: string;
  baseUrl: string;
  profile: 'standard';
  seed: string;
  workers: number;
  runs: RealShopRun[];
}

export class RealShopError extends Error {
  override name = 'RealShopError';
}

/** The bench's own instance of a shop's recipe, by default out of the way of npm test's and the lead's. */
const BENCH_INSTANCE: Record<string, { root: string; port: string }> = {
  gx32: { root: '/tmp/gambio/bench', port: '8092' },
  gx48: { root: '/tmp/gambio/bench-gx48', port: '8094' },
};

/** The shops `--shops=` names (keys of shops.ts), all by default. */
export function benchShops(keys: readonly string[] | undefined): ShopDef[] {
  return keys ? keys.map((k) => shopByKey(k)) : [...SHOPS];
}

/** The bench's own instance of `shop`; throws RealShopError when it cannot be had. */
export function benchShop(shop: ShopDef = shopByKey('gx32')): Instance {
  if (typeof process.getuid === 'function' && process.getuid() !== 0) throw new RealShopError('--realshop needs root (the recipe installs packages and runs MariaDB as the mysql user)');
  try {
    const dir = findRecipe(shop, PROJECT_ROOT);
    const own = BENCH_INSTANCE[shop.key] ?? { root: `/tmp/gambio/bench-${shop.key}`, port: '0' };
    return instance(shop, dir, { ...process.env, [`${shop.env}_ROOT`]: process.env[`${shop.env}_ROOT`] || own.root, [`${shop.env}_PORT`]: process.env[`${shop.env}_PORT`] || own.port });
  } catch (err) {
    throw new RealShopError(err instanceof Error ? err.message : String(err));
  }
}

/** One measured PROFILE=standard run at `depth` against a pristine shop. */
export async function runOnRealShop(inst: Instance, workDir: string, timeoutMs: number, depth: Depth = 'standard'): Promise<RealShopRun> {
  if (inst.shop.phpWrapper) writePhpWrapper(inst);
  const reinstall = isInstalled(inst);
  const setup = runScript(inst, 'setup.sh', reinstall ? ['reinstall'] : []);
  if (setup.status !== 0) throw new RealShopError(`setup.sh ${reinstall ? 'reinstall ' : ''}failed (exit ${setup.status}): ${whyFailed(setup.output)}`);
  resetRateLimit(inst);
  const from = logPosition(inst.serverLog);
  const run = await runHarness(workDir, realShopArgs(inst), undefined, timeoutMs, realShopEnv(inst, 'standard', process.env, undefined, depth));
  const count = requestsBetween(inst.serverLog, from, logPosition(inst.serverLog));
  return { ...run, requests: count.requests, statuses: count.statuses, setupS: setup.ms / 1000 };
}

/** Stops the bench's shop; the reason when that failed. */
export function stopBenchShop(inst: Instance): string | undefined {
  const r = runScript(inst, 'stop.sh');
  return r.status === 0 ? undefined : `stop.sh exited ${r.status}: ${whyFailed(r.output)} (${path.join(inst.root, 'run')})`;
}
