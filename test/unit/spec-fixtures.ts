// Worker-scoped fixtures for the spec self-tests: each spec file's catalogue and validators are
// loaded once per worker and shared by its tests (loading and compiling is the slow part).
import path from 'node:path';
import { test as base } from '@playwright/test';
import { BUNDLED_SPEC, PROJECT_ROOT } from '../../src/config/config.js';
import { loadCatalogue } from '../../src/spec/load.js';
import type { Catalogue } from '../../src/spec/types.js';
import { ValidatorSet } from '../../src/spec/validators.js';

export const SPECS_DIR = path.join(PROJECT_ROOT, 'test/fixtures/specs');

export interface LoadedSpec {
  catalogue: Catalogue;
  validators: ValidatorSet;
}

async function load(file: string): Promise<LoadedSpec> {
  const catalogue = await loadCatalogue(file);
  return { catalogue, validators: new ValidatorSet(catalogue) };
}

export const test = base.extend<object, { shopSpec: LoadedSpec; brokenSpec: LoadedSpec; otherSpec: LoadedSpec }>({
  // Playwright reads fixture dependencies from the destructuring pattern, so it must be `{}`.
  // eslint-disable-next-line no-empty-pattern
  shopSpec: [async ({}, use) => use(await load(BUNDLED_SPEC)), { scope: 'worker' }],
  // eslint-disable-next-line no-empty-pattern
  brokenSpec: [async ({}, use) => use(await load(path.join(SPECS_DIR, 'broken-swagger2.yaml'))), { scope: 'worker' }],
  // eslint-disable-next-line no-empty-pattern
  otherSpec: [async ({}, use) => use(await load(path.join(SPECS_DIR, 'other-api.yaml'))), { scope: 'worker' }],
});

export { expect } from '@playwright/test';
