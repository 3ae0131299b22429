// The fault matrix as one Playwright run: the conformance suites and settings of the main config,
// with one project per fault (a worker-scoped in-process reference shop with that fault on, see
// fixtures `shopFaults`) running the tests tagged with the fault's `catches` plus a smoke set, and
// clean projects (no fault) as the baseline. Started by matrix.ts, which sets REPORT_DIR to the
// matrix's own folder so failures on purpose never land in a conformance run's reports, and
// FAULT_MATRIX_* to choose the faults. Workers re-evaluate this file: it must stay deterministic.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Project } from '@playwright/test';
import base from '../../playwright.config.js';
import { BUNDLED_SPEC, loadConfigOrExit } from '../../src/config/config.js';
import { FAULTS } from '../../reference/faults/registry.js';
import { planMatrix, projectGrep } from './plan.js';

interface ShopOptions {
  shopFaults: string[] | undefined;
  shopTls: boolean;
  keepWorkerOnFailure: boolean;
  profileOverride: 'full' | undefined;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const config = loadConfigOrExit();

// The matrix proves faults of OUR shop with OUR spec; anything else would prove nothing (and a
// BASE_URL from .env would send fault tests to a live shop).
if (config.baseUrl !== undefined) throw new Error(`the fault matrix runs against the reference shop, but BASE_URL is set (${config.baseUrl}); unset it (also in .env).`);
if (config.spec !== BUNDLED_SPEC) throw new Error(`the fault matrix needs the bundled spec, but SPEC is ${config.spec}; unset it (also in .env).`);

const only = (process.env.FAULT_MATRIX_ONLY ?? '').split(',').map((s) => s.trim()).filter(Boolean);
const plan = planMatrix(FAULTS, { only, quick: process.env.FAULT_MATRIX_QUICK === '1' });
const raw = process.env.FAULT_MATRIX_RAW ?? path.join(config.reportDir, 'raw.json');

const projects: Project<object, ShopOptions>[] = plan.projects.map((p) => ({
  name: p.name,
  ...(p.tags ? { grep: projectGrep(p.tags) } : {}),
  // A fault project runs few tests: one worker for all of them saves worker starts (each loads
  // the spec, compiles validators and starts a shop, ~2.5 s of CPU); two fault projects run side
  // by side instead. The clean baselines spread over all workers.
  fullyParallel: p.fault === undefined,
  ...(p.fault === undefined ? {} : { workers: 1 }),
  // Fault projects fail on purpose; without keepWorkerOnFailure every failure would cost a new worker.
  use: { shopFaults: p.fault ? [p.fault] : [], shopTls: p.variant.tls, keepWorkerOnFailure: p.fault !== undefined, profileOverride: p.variant.profile },
}));

export default defineConfig<object, ShopOptions>({
  ...base,
  testDir: path.join(root, 'suites'),
  outputDir: path.join(config.reportDir, 'test-results'),
  // Every project starts its own in-process shops; no shared webServer, no preflight against it,
  // no ledger report (in-process shops vanish with their worker).
  webServer: undefined,
  globalSetup: undefined,
  globalTeardown: undefined,
  workers: process.env.CI ? 2 : '100%',
  reporter: [[path.join(root, 'src/report/redacting-reporter.ts'), { keptFailuresExpected: true }], [path.join(here, 'matrix-reporter.ts'), { output: raw, root }]],
  projects,
});
