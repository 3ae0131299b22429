// The loaded spec and its validators, once per process: the contract suite needs the catalogue
// while Playwright collects tests (top-level await), and the worker fixtures reuse the same load.
// Loading a large spec takes seconds (parse, validate, lint, dereference) and every worker
// process (a new one after each failed test) needs it, so the result is also kept on disk,
// v8-serialised (it has cycles: recursive schemas), keyed by the spec, the errata and the loader's
// own source: any change to one of them loads afresh. The reporters of the runner take the same
// load (no second parse at the end of the run).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { PROJECT_ROOT } from '../config/config.js';
import type { Catalogue } from './types.js';
import { ValidatorSet } from './validators.js';

const catalogues = new Map<string, Promise<Catalogue>>();
const validatorSets = new WeakMap<Catalogue, ValidatorSet>();
const CACHE_DIR = path.join(PROJECT_ROOT, 'node_modules/.cache/shop-api-conformance');

function sourcesOf(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) sourcesOf(p, out);
    else if (name.endsWith('.ts')) out.push(p);
  }
  return out;
}

function cacheKey(spec: string, errata: string | undefined): string {
  const h = createHash('sha256');
  h.update(process.version).update(spec).update(readFileSync(spec));
  if (errata) h.update(errata).update(readFileSync(errata));
  for (const f of sourcesOf(path.join(PROJECT_ROOT, 'src/spec'))) h.update(f).update(readFileSync(f));
  return h.digest('hex').slice(0, 24);
}

async function loadCached(spec: string, errata: string | undefined): Promise<Catalogue> {
  let file: string | undefined;
  try {
    file = path.join(CACHE_DIR, `catalogue-${cacheKey(spec, errata)}.v8`);
    if (existsSync(file)) return deserialize(readFileSync(file)) as Catalogue;
  } catch {
    file = undefined; // an unreadable cache is only a slower start
  }
  // Imported only on a miss: the loader brings swagger-parser, its $ref resolver and the meta-schemas,
  // which a process that finds the cache never needs (every worker and the runner of a run).
  const { loadCatalogue } = await import('./load.js');
  const catalogue = await loadCatalogue(spec, { errata });
  if (file) {
    try {
      mkdirSync(CACHE_DIR, { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, serialize(catalogue));
      renameSync(tmp, file);
    } catch {
      // Not writable (read-only checkout): load every time.
    }
  }
  return catalogue;
}

export function catalogueFor(spec: string, errata: string | undefined): Promise<Catalogue> {
  const key = `${spec}\n${errata ?? ''}`;
  let hit = catalogues.get(key);
  if (!hit) {
    hit = loadCached(spec, errata);
    // A failed load must not poison the cache for a corrected retry (the reference shop's loadSpec relies on it).
    hit.catch(() => catalogues.delete(key));
    catalogues.set(key, hit);
  }
  return hit;
}

export function validatorsFor(catalogue: Catalogue): ValidatorSet {
  let v = validatorSets.get(catalogue);
  if (!v) {
    v = new ValidatorSet(catalogue);
    validatorSets.set(catalogue, v);
  }
  return v;
}
