// The proof run of the order suites (child process of test/harness/resources-orders.spec.ts): the
// suites of issue 7 against in-process reference shops, clean and with each fault of
// support/order-fault-cases.ts (a project per fault, running only the tests it must break).
// ORDERS_PROOF_CLEAN_ONLY=1 runs the clean project alone (the PROFILE=readonly run).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { BUNDLED_SPEC, loadConfigOrExit } from '../../../src/config/config.js';
import { ORDER_FAULT_CASES, ORDER_SUITES, titleGrep } from '../support/order-fault-cases.js';

interface ShopOptions {
  shopFaults: string[] | undefined;
  keepWorkerOnFailure: boolean;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const config = loadConfigOrExit();
const cleanOnly = process.env.ORDERS_PROOF_CLEAN_ONLY === '1';
// Faults are proven on OUR shop with OUR spec; a BASE_URL from .env would send fault tests to a live shop.
if (config.baseUrl !== undefined) throw new Error(`the order proof runs against in-process reference shops, but BASE_URL is set (${config.baseUrl}); unset it (also in .env).`);
if (config.spec !== BUNDLED_SPEC) throw new Error(`the order proof needs the bundled spec, but SPEC is ${config.spec}; unset it (also in .env).`);

export default defineConfig<object, ShopOptions>({
  testDir: path.resolve(here, '../../../suites'),
  testMatch: ORDER_SUITES,
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
      : ORDER_FAULT_CASES.map((c) => ({
          name: `fault:${c.fault}`,
          grep: titleGrep(c.fails),
          // A fault project's failures are the point: keep the worker (and its shop) after each.
          use: { shopFaults: [c.fault], keepWorkerOnFailure: true },
        }))),
  ],
});
