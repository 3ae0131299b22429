// The proof run (child process of test/harness/contract-proof.spec.ts): the contract suite against
// in-process reference shops, one Playwright project per fault, plus a deliberately leaky spec,
// with the full reporter list (redacting reporter first), so the artefacts can be scanned.
import { defineConfig } from '@playwright/test';
import { loadConfigOrExit } from '../../../src/config/config.js';
import { conformanceReporters } from '../../../src/report/reporters.js';
import { FAULT_CASES, grepFor } from '../support/fault-cases.js';

interface ShopOptions {
  shopFaults: string[] | undefined;
  shopTls: boolean;
  keepWorkerOnFailure: boolean;
}

const config = loadConfigOrExit();
const cleanOps = [...new Set(FAULT_CASES.map((c) => c.op))];

export default defineConfig<object, ShopOptions>({
  testDir: '../../../suites/contract',
  outputDir: `${config.reportDir}/test-results`,
  fullyParallel: true,
  retries: 0,
  workers: 2,
  timeout: 60_000,
  reporter: conformanceReporters(config.reportDir, ['json', { outputFile: `${config.reportDir}/results.json` }]),
  use: { trace: 'off', screenshot: 'off', video: 'off' },
  projects: [
    { name: 'clean', use: { shopFaults: [] }, grep: new RegExp(cleanOps.map((op) => grepFor(op).source).join('|')) },
    { name: 'clean-tls', use: { shopFaults: [], shopTls: true }, grep: grepFor('getCustomers', ['transportSecurity']) },
    ...FAULT_CASES.map((c) => ({
      name: `fault:${c.fault}`,
      // A caught fault keeps its worker (no restart, no reload of spec and shop per failure).
      use: { shopFaults: [c.fault], shopTls: c.tls === true, keepWorkerOnFailure: true },
      grep: c.expect === 'unsupported' ? grepFor(c.op) : grepFor(c.op, c.checks.slice(0, 1)),
    })),
    { name: 'leaky', testDir: '.', testMatch: '*.leak.ts', use: { shopFaults: [], keepWorkerOnFailure: true } },
  ],
});
