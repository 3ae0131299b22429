// Configuration for `playwright merge-reports` (used by `npm run report -- --merge <dir>`): the
// same reporter list as a run, redacting reporter first, so the merged HTML, JUnit, Allure results
// and compatibility report of all shards look exactly like those of one unsharded run.
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { loadConfigOrExit, PROJECT_ROOT } from '../config/config.js';
import { readTargetFile } from './compatibility/meta.js';
import { conformanceReporters } from './reporters.js';
import { runTitle } from './run-title.js';

const config = loadConfigOrExit();
// The shards' target.json (npm run report -- --merge copies one here) names the run for the title.
const t = readTargetFile(config.reportDir);
const htmlTitle = t?.runId ? runTitle({ runId: t.runId, baseUrl: t.embedded ? undefined : t.url, profile: t.profile ?? config.profile, seed: t.fcSeed, fcRuns: t.fcRuns }) : undefined;

export default defineConfig({
  testDir: path.join(PROJECT_ROOT, 'suites'),
  reporter: conformanceReporters(config.reportDir, ['list'], { baseline: process.env.CONFORMANCE_BASELINE, ...(htmlTitle ? { htmlTitle } : {}) }),
});
