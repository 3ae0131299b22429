// The proof run of the customer-group suites (child process of
// test/harness/resources-customers.spec.ts): the suites of issue 5 against in-process reference
// shops, clean and with each fault of support/customer-fault-cases.ts (a project per fault,
// running only the tests it must break). CUSTOMERS_PROOF_MODE:
//   standard (default)  clean + every case without a profile
//   full                clean + the PROFILE=full cases (run it with PROFILE=full)
//   clean               the clean project alone (the PROFILE=readonly run)
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { loadConfigOrExit } from '../../../src/config/config.js';
import { CUSTOMER_FAULT_CASES, CUSTOMER_SUITES, titlesGrep } from '../support/customer-fault-cases.js';

interface ShopOptions {
  shopFaults: string[] | undefined;
  keepWorkerOnFailure: boolean;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const config = loadConfigOrExit();
const mode = process.env.CUSTOMERS_PROOF_MODE ?? 'standard';
const cases = mode === 'clean' ? [] : CUSTOMER_FAULT_CASES.filter((c) => (mode === 'full' ? c.profile === 'full' : c.profile === undefined));

export default defineConfig<object, ShopOptions>({
  testDir: path.resolve(here, '../../../suites'),
  testMatch: CUSTOMER_SUITES,
  outputDir: `${config.reportDir}/test-results`,
  fullyParallel: true,
  retries: 0,
  workers: 2,
  timeout: 60_000,
  reporter: [['json', { outputFile: `${config.reportDir}/results.json` }]],
  use: { trace: 'off', screenshot: 'off', video: 'off' },
  projects: [
    { name: 'clean', use: { shopFaults: [] } },
    ...cases.map((c) => ({
      name: `fault:${c.fault}`,
      grep: titlesGrep(c.fails),
      // A fault project runs a few tests that fail on purpose: one worker for all of them (each
      // worker loads the spec and starts a shop), kept after failures.
      fullyParallel: false,
      workers: 1,
      use: { shopFaults: [c.fault], keepWorkerOnFailure: true },
    })),
  ],
});
