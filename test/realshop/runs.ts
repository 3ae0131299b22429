// The runs of one shop in the real-shop phase, in order: which profile and depth, which seed and
// workers, and whether the shop is reinstalled pristine first. Pure (the environment is passed in),
// so test/unit/realshop.spec.ts proves the order the phase's checks rely on.
import type { Depth } from '../../src/config/depth.js';
import { quickWanted, realShopSeed, realShopWorkers } from './settings.js';
import type { ShopDef } from './shops.js';

export type Profile = 'standard' | 'readonly';

/** One conformance run of a shop: its folder name, profile, seed and workers (null: the harness's default). */
export interface RunSpec {
  label: string;
  profile: Profile;
  seed: string;
  workers: string | null;
  /** Reinstall the shop first (the second standard run of the reproducibility pair, the runs that need a pristine shop). */
  pristineFirst: boolean;
  /** DEPTH of the run (absent: standard). */
  depth?: Depth;
  /** The Node binary of the run (NODE22 for the shop's node22Run), else this one. */
  node?: string;
}

/**
 * The runs of one shop: standard then readonly; a `repro` shop (seeds given) runs standard twice
 * (the second pristine) and readonly pristine too. Then DEPTH=quick (unless REALSHOP_QUICK=0),
 * last, so the other runs meet the shop as they always did, and on a pristine shop, so its Fail
 * cells can be compared with standard's (issue 35). Where readonly started pristine, quick follows
 * it without a reinstall of its own: readonly writes nothing, and its "database unchanged" check
 * proves the shop is still pristine. Elsewhere (readonly after standard) quick reinstalls first.
 */
export function runSpecs(shop: ShopDef, seeds: [string, string] | undefined, env: NodeJS.ProcessEnv = process.env): RunSpec[] {
  const workers = realShopWorkers(shop, env) ?? null;
  const seed = realShopSeed(env);
  const quick = (pristineFirst: boolean): RunSpec[] =>
    quickWanted(env) ? [{ label: 'quick', profile: 'standard', depth: 'quick', seed, workers: seeds ? null : workers, pristineFirst }] : [];
  if (!seeds) {
    return [
      { label: 'standard', profile: 'standard', seed, workers, pristineFirst: false },
      { label: 'readonly', profile: 'readonly', seed, workers, pristineFirst: false },
      ...quick(true),
    ];
  }
  return [
    { label: 'standard', profile: 'standard', seed: seeds[0], workers: null, pristineFirst: false },
    { label: 'standard-2', profile: 'standard', seed: seeds[1], workers: null, pristineFirst: true },
    // Pristine again: what a standard run's cleanup could not remove (a DELETE that met the shop's
    // overlap 500, reported as a leftover) would otherwise be the readonly run's data, and a list
    // with one more record judges paging and search where a pristine shop gives them nothing to judge.
    { label: 'readonly', profile: 'readonly', seed: seeds[0], workers: null, pristineFirst: true },
    ...quick(false),
  ];
}
