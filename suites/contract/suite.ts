// The generic contract suite: one test per operation of the LOADED spec and per check that
// applies to it, tagged @<group> @op:<operationId> @check:<name> (+ @readonly). The checks of one
// operation share its probes (one positive exchange, one set of negative ones, ... per worker).
// fixtures/outcome.ts says how Pass / Fail / Error / Unsupported / Skip / Disabled show in results.
//
// The tests are spread over CONTRACT_PARTS files (contract-<n>.spec.ts), whole resource groups per
// file: before each group of tests it runs, a worker copies and re-identifies every test of the
// group's file (Playwright's bindFileSuiteToProject, a SHA-1 per test), and one file of ~1,500
// tests made that ~0.8 s of each worker's time in a full run.
import { test } from '../../fixtures/index.js';
import { catalogueFor } from '../../src/spec/cache.js';
import { loadConfig } from '../../src/config/config.js';
import { planContract, type PlannedOperation } from './plan.js';
import { runContractCheck } from './run-check.js';
import { depthPlan } from '../../src/config/depth.js';

export const CONTRACT_PARTS = 8;

/**
 * Part (0-based) of each resource group: the largest groups first, each to the part with the fewest
 * tests so far, ties by name. Decided on the whole spec, so a group stays in its file whatever
 * ONLY_GROUPS / SKIP_GROUPS select.
 */
export function contractParts(planned: readonly PlannedOperation[], parts: number = CONTRACT_PARTS): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const p of planned) sizes.set(p.op.group, (sizes.get(p.op.group) ?? 0) + p.tests.length);
  const load = Array.from({ length: parts }, () => 0);
  const out = new Map<string, number>();
  for (const [group, size] of [...sizes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) {
    const part = load.indexOf(Math.min(...load));
    out.set(group, part);
    load[part] = (load[part] ?? 0) + size;
  }
  return out;
}

/** Declares the contract tests of part `part` (1-based) of CONTRACT_PARTS. */
export async function contractSuite(part: number): Promise<void> {
  const config = loadConfig();
  const catalogue = await catalogueFor(config.spec, config.errata);
  const parts = contractParts(planContract(catalogue, { onlyGroups: [], skipGroups: [] }));
  // Where the depth says so, one worker takes the whole file (src/config/depth.ts wholeFiles).
  if (depthPlan(config.depth).wholeFiles) test.describe.configure({ mode: 'default' });
  for (const planned of planContract(catalogue, config)) {
    if (parts.get(planned.op.group) !== part - 1) continue;
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
}
