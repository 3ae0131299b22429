// The proof run of the catalogue suites (child process of test/harness/resources-catalogue.spec.ts):
// the suites of issue 6 against in-process reference shops, clean and with each fault of
// support/catalogue-fault-cases.ts (a project per fault, running only the tests it must break).
// CATALOGUE_PROOF_CLEAN_ONLY=1 runs the clean project alone (the PROFILE=readonly and full runs).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { loadConfigOrExit } from '../../../src/config/config.js';
import { CATALOGUE_FAULT_CASES, CATALOGUE_SUITES, titlesGrep } from '../support/catalogue-fault-cases.js';

interface ShopOptions {
  shopFaults: string[] | undefined;
  keepWorkerOnFailure: boolean;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const config = loadConfigOrExit();
const cleanOnly = process.env.CATALOGUE_PROOF_CLEAN_ONLY === '1';

export default defineConfig<object, ShopOptions>({
  testDir: path.resolve(here, '../../../suites'),
  testMatch: CATALOGUE_SUITES,
  outputDir: `${config.reportDir}/test-results`,
  fullyParallel: true,
  retries: 0,
  workers: 2,
  timeout: 60_000,
  reporter: [['json', { outputFile: `${config.reportDir}/results.json` }]],
  use: { trace: 'off', screenshot: 'off', video: 'off' },
  projects: [
    { name: 'clean', use: { shopFaults: [] } },
    ...(cleanOnly
      ? []
      : CATALOGUE_FAULT_CASES.map((c) => ({
          name: `fault:${c.fault}`,
          grep: titlesGrep(c.fails),
          // A fault project runs a few tests that fail on purpose: one worker for all of them (each
          // worker loads the spec and starts a shop), kept after failures.
          fullyParallel: false,
          workers: 1,
          use: { shopFaults: [c.fault], keepWorkerOnFailure: true },
        }))),
  ],
});
