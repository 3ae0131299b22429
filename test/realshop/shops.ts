// The vendor's real shops the real-shop phase of `npm test` runs against, as data: the phase takes
// each in turn through the same steps and checks (run.ts); only what is listed here differs.
//
// Each shop's variables are its `env` prefix plus _DIR (recipe folder), _ROOT (the recipe's
// GAMBIO_ROOT), _PORT (its GAMBIO_PORT) and _WORKERS. GX 3.2 keeps the prefix REALSHOP it had
// before GX 4.8 joined, so REALSHOP_ROOT still means what it meant (bench/realshop.ts uses it).
import { GX32_MAPPING, GX48_MAPPING, type ShopMapping } from './mapping.js';

export interface ShopDef {
  /** Short name: report folder (reports/realshop/<key>), check names, REALSHOP_SHOPS. */
  key: string;
  /** The shop and version, for people. */
  title: string;
  /** Prefix of the shop's variables (_DIR, _ROOT, _PORT, _WORKERS). */
  env: string;
  /** Where the recipe (its setup.sh) may be, in order, relative to the project root or absolute. */
  recipes: readonly string[];
  /** Default instance: the recipe's GAMBIO_ROOT and GAMBIO_PORT, the phase's own (never a developer's). */
  root: string;
  port: number;
  /** Known deviations (relative to the project root). */
  baseline: string;
  /** Which API record a changed database row belongs to (mapping.ts). */
  mapping: ShopMapping;
  /** What the installed shop must report (response headers of an authenticated read). */
  versions: { shop: string; api: string };
  /**
   * PHP through a wrapper with opcache.revalidate_freq=0 (recipe.ts says why). The GX 4.8 recipe
   * sets it on its own server.
   */
  phpWrapper: boolean;
  /**
   * Playwright workers of the shop's runs unless <env>_WORKERS says otherwise; undefined is the
   * harness's default, as a user's run has.
   */
  workers: string | undefined;
  /**
   * The standard run is made twice (unless REALSHOP_REPRO=0), pristine each time, with two seeds
   * and the harness's default workers, and the two runs' Fail cells must be the same.
   */
  repro: boolean;
  /**
   * The run that goes under Node 22 when NODE22 names its binary (npm test, .ci/run): the oldest
   * Node `engines` allows against a real shop elsewhere, at no cost in time: a Node that runs the
   * embedded shop may still fail every test against a shop elsewhere.
   */
  node22Run?: 'standard' | 'readonly';
}

export const SHOPS: readonly ShopDef[] = [
  {
    key: 'gx32',
    title: 'Gambio GX 3.2.0.1',
    env: 'REALSHOP',
    recipes: ['../shared/realshop', '/work/shared/realshop'],
    root: '/tmp/gambio/npm-test',
    port: 8091,
    baseline: 'spec/baselines/gambio-gx-3.2.0.1.baseline.json',
    mapping: GX32_MAPPING,
    versions: { shop: 'vv3.2.0.1', api: 'v2.2.0' },
    phpWrapper: true,
    // The default: GX 3.2 answers 500 ("Invalid argument supplied for foreach()") to some requests
    // that overlap another one with the same credentials; the harness replays such breakdowns
    // alone and reports them apart (src/client/replay.ts), so they move no cell.
    workers: undefined,
    repro: true,
    // The shortest run of the phase (about 50 s): its readonly run.
    node22Run: 'readonly',
  },
  {
    key: 'gx48',
    title: 'Gambio GX 4.8.0.3',
    env: 'REALSHOP_GX48',
    recipes: ['../shared/realshop-gx48', '/work/shared/realshop-gx48'],
    root: '/tmp/gambio/npm-test-gx48',
    port: 8093,
    baseline: 'spec/baselines/gambio-gx-4.8.0.3.baseline.json',
    mapping: GX48_MAPPING,
    versions: { shop: 'v4.8.0.3', api: 'v2.6.0' },
    phpWrapper: false,
    // The harness's default: GX 4.8 has no trouble with overlapping requests, and one worker
    // would double the phase's longest runs (about 2,300 and 1,170 requests at 100-250 ms each).
    workers: undefined,
    repro: false,
  },
];

export class ShopChoiceError extends Error {
  override name = 'ShopChoiceError';
}

/** The shops REALSHOP_SHOPS names (comma-separated keys), in the list's order; all by default. */
export function chosenShops(env: NodeJS.ProcessEnv = process.env): ShopDef[] {
  const text = env.REALSHOP_SHOPS?.trim();
  if (!text) return [...SHOPS];
  const keys = text.split(',').map((k) => k.trim()).filter(Boolean);
  const unknown = keys.filter((k) => !SHOPS.some((s) => s.key === k));
  if (unknown.length || !keys.length) throw new ShopChoiceError(`REALSHOP_SHOPS=${text}: ${unknown.length ? `no shop ${unknown.join(', ')}` : 'no shop named'} (known: ${SHOPS.map((s) => s.key).join(', ')})`);
  return SHOPS.filter((s) => keys.includes(s.key));
}

export function shopByKey(key: string): ShopDef {
  const shop = SHOPS.find((s) => s.key === key);
  if (!shop) throw new ShopChoiceError(`no shop ${key} (known: ${SHOPS.map((s) => s.key).join(', ')})`);
  return shop;
}
