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
// The title names the shards' runs: npm run report -- --merge reads their target.json files
// (CONFORMANCE_HTML_TITLE); a merge started otherwise takes the one target.json in REPORT_DIR.
const t = readTargetFile(config.reportDir);
const htmlTitle = process.env.CONFORMANCE_HTML_TITLE || (t?.runId ? runTitle({ runId: t.runId, baseUrl: t.embedded ? undefined : t.url, profile: t.profile ?? config.profile, depth: t.depth, seed: t.fcSeed, fcRuns: t.fcRuns }) : undefined);

export default defineConfig({
  testDir: path.join(PROJECT_ROOT, 'suites'),
  reporter: conformanceReporters(config.reportDir, ['list'], { baseline: process.env.CONFORMANCE_BASELINE, watch: false, ...(htmlTitle ? { htmlTitle } : {}) }),
});
