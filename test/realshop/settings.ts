// How a conformance run against a real shop is set up: what the real-shop phase of `npm test`
// (run.ts) and `npm run bench -- --realshop` (bench/realshop.ts) both run, so the bench measures
// exactly the run the phase judges. What differs between shops is data in shops.ts.
import { DEFAULT_MAX_RESPONSE_MS } from '../../src/config/budgets.js';
import type { Depth } from '../../src/config/depth.js';
import type { Instance } from './recipe.js';
import { shopByKey, type ShopDef } from './shops.js';

/** The seed of the runs unless REALSHOP_FC_SEED says otherwise (the reproducibility pair draws its own). */
export const DEFAULT_SEED = '20261124';

/** The run's target, credentials, profile and seed (REPORT_DIR and the rest are the caller's). */
/**
 * The response-time budget of the phase's runs: the user's default, MAX_RESPONSE_MS 2000
 * (REALSHOP_MAX_RESPONSE_MS overrides it). The shop, its database and the harness share this
 * machine's two cores, so an answer here may be slow because the machine was busy. A timing
 * verdict is therefore reproduced before it fails: the answers over budget are measured again
 * alone (fixtures/replays.ts settleSlowness), and a slowness that does not show alone is listed as
 * unreproduced, never in the gate. So the phase judges what a user's gate judges.
 */
export const PHASE_RESPONSE_BUDGET_MS = String(DEFAULT_MAX_RESPONSE_MS);

export function realShopEnv(inst: Instance, profile: string, env: NodeJS.ProcessEnv = process.env, seed?: string, depth: Depth = 'standard'): { BASE_URL: string; API_USER: string; API_PASSWORD: string; PROFILE: string; DEPTH: string; FC_SEED: string; MAX_RESPONSE_MS: string } {
  return {
    BASE_URL: inst.baseUrl,
    API_USER: inst.user,
    API_PASSWORD: inst.password,
    PROFILE: profile,
    // Always named: a DEPTH in the caller's environment must not turn the standard runs quick.
    DEPTH: depth,
    // The same drawn cases every run, so the gate judges the same requests against a pristine shop
    // (property tests otherwise draw new keywords, pages and bodies each run).
    FC_SEED: seed ?? realShopSeed(env),
    MAX_RESPONSE_MS: env.REALSHOP_MAX_RESPONSE_MS || PHASE_RESPONSE_BUDGET_MS,
  };
}

/** The seed of a shop's runs: REALSHOP_FC_SEED, else DEFAULT_SEED. */
export function realShopSeed(env: NodeJS.ProcessEnv = process.env): string {
  return env.REALSHOP_FC_SEED || DEFAULT_SEED;
}

/**
 * Arguments of the conformance command (src/cli/conformance.mjs) for a real shop: its baseline and its workers (`null`: the
 * harness's default, as a user's run has).
 */
export function realShopArgs(inst: Instance, env: NodeJS.ProcessEnv = process.env, workers: string | null = realShopWorkers(inst.shop, env) ?? null): string[] {
  return ['--baseline', inst.shop.baseline, ...(workers ? [`--workers=${workers}`] : [])];
}

/**
 * Workers of a shop's runs: <env>_WORKERS, else the shop's own setting (shops.ts says why). The
 * shop defaults to GX 3.2, the one bench --realshop measures.
 */
export function realShopWorkers(shop: ShopDef = shopByKey('gx32'), env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env[`${shop.env}_WORKERS`] || shop.workers;
}

/**
 * The reproducibility runs (same shop, same verdicts), on unless REALSHOP_REPRO=0: the harness replays failures
 * alone (src/client/replay.ts), so two runs of an unchanged shop with two seeds and the default
 * workers must fail the same cells.
 */
export function reproWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.REALSHOP_REPRO !== '0';
}

/**
 * The DEPTH=quick run of each shop, on unless REALSHOP_QUICK=0: after the shop's other
 * runs, on a pristine shop (runs.ts), with the same baseline and gate; its Fail cells must be a
 * subset of the standard run's.
 */
export function quickWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.REALSHOP_QUICK !== '0';
}

/**
 * Whether a shop's standard run goes twice (two seeds, pristine each time): REALSHOP_REPRO_SHOPS
 * (shop keys, comma-separated) where set, else the shops marked `repro` in shops.ts (GX 3.2: its
 * runs are short); never with REALSHOP_REPRO=0. GX 4.8's pair costs a second 6-7 minute run, so
 * CI leaves it out and a developer asks for it (README: The real shops).
 */
export function reproFor(shop: Pick<ShopDef, 'key' | 'repro'>, env: NodeJS.ProcessEnv = process.env): boolean {
  if (!reproWanted(env)) return false;
  const list = env.REALSHOP_REPRO_SHOPS?.trim();
  return list ? list.split(',').map((k) => k.trim()).includes(shop.key) : shop.repro;
}

/** The variables of the real-shop phase, for `npm run test:realshop -- --help` (README: The real shops). */
export const REALSHOP_FIELDS: readonly { env: string; default: string; meaning: string }[] = [
  { env: 'REALSHOP_SHOPS', default: 'gx32,gx48', meaning: 'The shops to run (keys of test/realshop/shops.ts)' },
  { env: 'REALSHOP_DIR', default: '../shared/realshop', meaning: "GX 3.2's recipe folder (holding setup.sh)" },
  { env: 'REALSHOP_ROOT', default: '/tmp/gambio/npm-test', meaning: "GX 3.2's files, database and logs (the recipe's GAMBIO_ROOT); a developer's shop elsewhere is never touched" },
  { env: 'REALSHOP_PORT', default: '8091', meaning: "GX 3.2's port on 127.0.0.1" },
  { env: 'REALSHOP_WORKERS', default: "(the harness's default)", meaning: "Playwright workers of GX 3.2's runs" },
  { env: 'REALSHOP_GX48_DIR', default: '../shared/realshop-gx48', meaning: "GX 4.8's recipe folder" },
  { env: 'REALSHOP_GX48_ROOT', default: '/tmp/gambio/npm-test-gx48', meaning: "GX 4.8's files, database and logs (about 0.7 GB)" },
  { env: 'REALSHOP_GX48_PORT', default: '8093', meaning: "GX 4.8's port on 127.0.0.1" },
  { env: 'REALSHOP_GX48_WORKERS', default: "(the harness's default)", meaning: "Playwright workers of GX 4.8's runs" },
  { env: 'REALSHOP_FC_SEED', default: DEFAULT_SEED, meaning: 'fast-check seed of every run' },
  { env: 'REALSHOP_MAX_RESPONSE_MS', default: PHASE_RESPONSE_BUDGET_MS, meaning: "MAX_RESPONSE_MS of the phase's runs (the shop shares the machine with the harness)" },
  { env: 'REALSHOP_REPORTER', default: 'dot', meaning: "Console reporter of the runs (their output goes to each run's console.log)" },
  { env: 'REALSHOP_REPRO', default: 'on', meaning: '0 turns off the second standard run of GX 3.2 (two seeds must fail the same cells)' },
  { env: 'REALSHOP_REPRO_SEEDS', default: '777,1644147794', meaning: "The two seeds of GX 3.2's standard runs, a,b; drawn draws two" },
  { env: 'REALSHOP_QUICK', default: 'on', meaning: "0 turns off each shop's DEPTH=quick run (last, on the shop made pristine again; its Fail cells must be a subset of the standard run's)" },
  { env: 'REALSHOP_REPRO_SHOPS', default: 'gx32', meaning: 'The shops whose standard run goes twice with the two seeds (same Fail cells, and compared with itself: 0 items); gx32,gx48 adds a second GX 4.8 run (6-7 min)' },
  { env: 'REALSHOP_SERIAL', default: 'off', meaning: "1: each shop is set up just before its own runs, never beside the previous shop's" },
  { env: 'NODE22', default: '(unset)', meaning: "A Node 22 binary: GX 3.2's readonly run runs under it (npm test's Node 22 check of a real shop)" },
];
