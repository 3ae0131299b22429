// The generic contract suite: one test per operation of the LOADED spec and per check that
// applies to it, tagged @<group> @op:<operationId> @check:<name> (+ @readonly). The checks of one
// operation share its probes (one positive exchange, one set of negative ones, ... per worker).
// fixtures/outcome.ts says how Pass / Fail / Error / Unsupported / Skip / Disabled show in results.
import { test } from '../../fixtures/index.js';
import { catalogueFor } from '../../fixtures/catalogue.js';
import { loadConfig } from '../../src/config/config.js';
import { planContract } from './plan.js';
import { runContractCheck } from './run-check.js';

const config = loadConfig();
const catalogue = await catalogueFor(config.spec, config.errata);

for (const planned of planContract(catalogue, config)) {
  test.describe(planned.title, () => {
    // One operation's checks run together in one worker: they share its probes, and Playwright
    // dispatches one group instead of ten.
    test.describe.configure({ mode: 'default' });
    for (const { op, check, title, tags } of planned.tests) {
      const annotation = [
        { type: 'operation', description: op.id },
        { type: 'check', description: check.name },
        { type: 'group', description: op.group },
      ];
      test(title, { tag: tags, annotation }, async ({ contract, redactor }, testInfo) => {
        await runContractCheck(contract, redactor, op, check, testInfo);
      });
    }
  });
}
