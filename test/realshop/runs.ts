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
  /**
   * The run needs a pristine shop and counts on the run before it to have left one (a readonly run
   * that started pristine): reinstall first only if that run's database diff was not empty.
   */
  pristineAfter?: string;
  /** DEPTH of the run (absent: standard). */
  depth?: Depth;
  /** The Node binary of the run (NODE22 for the shop's node22Run), else this one. */
  node?: string;
}

/**
 * The runs of one shop: standard then readonly; a `repro` shop (seeds given) runs standard twice
 * (the second pristine) and readonly pristine too. Then DEPTH=quick (unless REALSHOP_QUICK=0),
 * last, so the other runs meet the shop as they always did, and on a pristine shop, so its Fail
 * cells can be compared with standard's. Where readonly started pristine, quick follows
 * it without a reinstall of its own: readonly writes nothing, and its "database unchanged" check
 * proves the shop is still pristine (where it does not, quick reinstalls after all: reinstallFirst).
 * Elsewhere (readonly after standard) quick reinstalls first.
 */
export function runSpecs(shop: ShopDef, seeds: [string, string] | undefined, env: NodeJS.ProcessEnv = process.env): RunSpec[] {
  const workers = realShopWorkers(shop, env) ?? null;
  const seed = realShopSeed(env);
  const quick = (pristineFirst: boolean): RunSpec[] =>
    quickWanted(env) ? [{ label: 'quick', profile: 'standard', depth: 'quick', seed, workers: seeds ? null : workers, pristineFirst, ...(pristineFirst ? {} : { pristineAfter: 'readonly' }) }] : [];
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

/**
 * Whether a run reinstalls the shop first: as its spec says, or, where it counts on the run before
 * (`pristineAfter`), when that run's database diff was not empty or not taken (it left the shop
 * changed, or nobody knows).
 */
export function reinstallFirst(run: RunSpec, before: { label: string; diffLines: number | undefined } | undefined): boolean {
  if (run.pristineFirst) return true;
  if (!run.pristineAfter) return false;
  return before?.label !== run.pristineAfter || before.diffLines !== 0;
}
