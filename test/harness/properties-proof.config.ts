// The proof run of the property and model suites (child process of properties-proof.spec.ts):
// one project per property fault, each with a worker-scoped in-process reference shop with only
// that fault on (fixtures `shopFaults`), running the tests that should catch it, and a clean
// project running the same tests. Fault projects fail on purpose: keepWorkerOnFailure (fixtures)
// spares a new worker per failure. It starts from the conformance config, so the runner prints
// the seed banner exactly as `npm run conformance` does.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import base from '../../playwright.config.js';
import { loadConfigOrExit } from '../../src/config/config.js';
import { PROPERTY_FAULT_CASES, faultProject } from './properties-proof.cases.js';

interface ShopOptions {
  shopFaults: string[] | undefined;
  shopTls: boolean;
  keepWorkerOnFailure: boolean;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const config = loadConfigOrExit();

export default defineConfig<object, ShopOptions>({
  ...base,
  testDir: path.join(here, '../../suites'),
  outputDir: `${config.reportDir}/test-results`,
  webServer: undefined,
  globalSetup: undefined,
  globalTeardown: undefined,
  workers: 2,
  reporter: [
    [path.join(here, '../../src/report/redacting-reporter.ts')],
    ['json', { outputFile: `${config.reportDir}/results.json` }],
    [path.join(here, 'properties-steps.reporter.ts'), { output: `${config.reportDir}/steps.json` }],
  ],
  projects: [
    ...PROPERTY_FAULT_CASES.map((c) => ({ name: faultProject(c.fault), testMatch: c.file, grep: c.grep, use: { shopFaults: [c.fault], keepWorkerOnFailure: true } })),
    // The clean shop runs the same tests, each once.
    { name: 'clean', testMatch: [...new Set(PROPERTY_FAULT_CASES.map((c) => c.file))], grep: PROPERTY_FAULT_CASES.map((c) => c.grep), use: { shopFaults: [] } },
  ],
});
