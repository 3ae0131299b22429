// The child runs a report self-test file judges: its worker makes them once, in a fresh folder of
// the file's own under reports/self-test-reports, and hands them to every test of the file (which
// run in one worker, in order, since they share the runs). What a run wrote is read back from there.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { test as base } from '@playwright/test';
import type { CompatibilityReport } from '../../../src/report/compatibility/types.js';
import { selfTestDir } from './child.js';

/** `reports/self-test-reports/<name>`, emptied: nothing of an earlier run is judged. */
export function freshSelfTestDir(name: string): string {
  const dir = selfTestDir(name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** A test whose worker fixture `runs` is what `make` ran in the fresh folder `name`. */
export function testWithRuns<T>(name: string, make: (dir: string) => Promise<T>, timeout = 240_000) {
  return base.extend<object, { runs: T }>({
    runs: [
      // eslint-disable-next-line no-empty-pattern
      async ({}, use) => {
        await use(await make(freshSelfTestDir(name)));
      },
      { scope: 'worker', timeout },
    ],
  });
}

/** A JSON file a run wrote. */
export function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

/** The report.json of the run that wrote into `reportDir`. */
export function readReport(reportDir: string): CompatibilityReport {
  return readJson<CompatibilityReport>(path.join(reportDir, 'compatibility', 'report.json'));
}
