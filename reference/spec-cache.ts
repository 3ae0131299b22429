// The spec is loaded and its validators are built once per process and per file: Playwright
// workers start one shop each (and fault tests start several), and loading takes ~0.4 s. The
// catalogue comes through the harness's cache (src/spec/cache.ts: once per process, and kept on disk
// between runs), so the embedded shop of a conformance run no longer parses, lints and dereferences
// the spec afresh in the runner before its preflight, nor loads the parser to do so.
import { BUNDLED_SPEC } from '../src/config/config.js';
import { catalogueFor } from '../src/spec/cache.js';
import type { Catalogue, Operation } from '../src/spec/types.js';
import { ValidatorSet } from '../src/spec/validators.js';

export interface LoadedSpec {
  catalogue: Catalogue;
  validators: ValidatorSet;
  /** operationId -> operation */
  byId: ReadonlyMap<string, Operation>;
}

const cache = new Map<string, Promise<LoadedSpec>>();

export function loadSpec(file: string = BUNDLED_SPEC): Promise<LoadedSpec> {
  let hit = cache.get(file);
  if (!hit) {
    hit = catalogueFor(file, undefined).then((catalogue) => ({
      catalogue,
      validators: new ValidatorSet(catalogue),
      byId: new Map(catalogue.operations.map((op) => [op.id, op])),
    }));
    // A failed load must not poison the cache for a corrected retry.
    hit.catch(() => cache.delete(file));
    cache.set(file, hit);
  }
  return hit;
}
