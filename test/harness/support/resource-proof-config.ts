// The Playwright config of a resource-suite proof run (catalogue, customers, orders: child processes
// of test/harness/resources-*.spec.ts): the area's suites against in-process reference shops, a
// clean project and one project per fault case running only the tests that fault must break.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { BUNDLED_SPEC, loadConfigOrExit } from '../../../src/config/config.js';

interface ShopOptions {
  shopFaults: string[] | undefined;
  keepWorkerOnFailure: boolean;
}

export interface ProofCase {
  fault: string;
  /** Own titles (or their starts) of the tests that must fail with the fault on. */
  fails: readonly string[];
  /** Own titles of the tests that must pass with an advisory instead (a fault of what the vendor does not describe). */
  advises?: readonly string[];
}

/** A Playwright grep for the tests whose title contains one of `titles` (the results are matched exactly). */
export function titlesGrep(titles: readonly string[]): RegExp {
  return new RegExp(titles.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'));
}

/**
 * `area` names the proof in its refusals; `suites` are relative to suites/; `cases` are the fault
 * projects to run (none: the clean project alone, for the PROFILE=readonly and full runs).
 */
export function resourceProofConfig(area: string, suites: readonly string[], cases: readonly ProofCase[]) {
  const config = loadConfigOrExit();
  // Faults are proven on OUR shop with OUR spec; a BASE_URL from .env would send fault tests to a live shop.
  if (config.baseUrl !== undefined) throw new Error(`the ${area} proof runs against in-process reference shops, but BASE_URL is set (${config.baseUrl}); unset it (also in .env).`);
  if (config.spec !== BUNDLED_SPEC) throw new Error(`the ${area} proof needs the bundled spec, but SPEC is ${config.spec}; unset it (also in .env).`);
  return defineConfig<object, ShopOptions>({
    testDir: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../suites'),
    testMatch: [...suites],
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
        grep: titlesGrep([...c.fails, ...(c.advises ?? [])]),
        // A fault project runs a few tests that fail on purpose: one worker for all of them (each
        // worker loads the spec and starts a shop), kept after failures.
        fullyParallel: false,
        workers: 1,
        use: { shopFaults: [c.fault], keepWorkerOnFailure: true },
      })),
    ],
  });
}
