// Configuration for `playwright merge-reports` (used by `npm run report -- --merge <dir>`): the
// same reporter list as a run, redacting reporter first, so the merged HTML, JUnit, Allure results
// and compatibility report of all shards look exactly like those of one unsharded run.
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { loadConfigOrExit, PROJECT_ROOT } from '../config/config.js';
import { conformanceReporters } from './reporters.js';

const config = loadConfigOrExit();

export default defineConfig({
  testDir: path.join(PROJECT_ROOT, 'suites'),
  reporter: conformanceReporters(config.reportDir, ['list'], { baseline: process.env.CONFORMANCE_BASELINE, watch: false }),
});
