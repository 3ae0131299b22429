// The contract suite against another API (SPEC=test/fixtures/specs/other-api.yaml, BASE_URL = the
// in-test library server of test/harness/other-api.spec.ts), with the conformance run's global
// setup (preflight), teardown (leftover report) and full reporter list, JSON added for the test.
import { defineConfig } from '@playwright/test';
import { loadConfigOrExit } from '../../../src/config/config.js';
import { conformanceReporters } from '../../../src/report/reporters.js';

const config = loadConfigOrExit();
process.env.RUN_ID = config.runId;

export default defineConfig({
  testDir: '../../../suites/contract',
  outputDir: `${config.reportDir}/test-results`,
  fullyParallel: true,
  retries: 0,
  workers: 1,
  timeout: 60_000,
  reporter: conformanceReporters(config.reportDir, ['json', { outputFile: `${config.reportDir}/results.json` }]),
  globalSetup: '../../../src/preflight/global-setup.ts',
  globalTeardown: '../../../src/preflight/global-teardown.ts',
  use: { trace: 'off', screenshot: 'off', video: 'off' },
});
