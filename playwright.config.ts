// The conformance run: every suite, against BASE_URL or, when it is unset, the embedded reference
// shop, started on a free port by the global setup in the runner's process. Configuration is read and validated once, here and in
// src/config; a bad value ends the run with one line.
import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { loadConfigOrExit } from './src/config/config.js';
import { ignoredSuites, ignoredTests } from './src/config/depth.js';
import { embeddedShopUrl } from './src/config/embedded.js';
import { runArtefact } from './src/core/run-artefacts.js';
import { SCOPE_METADATA } from './src/report/compatibility/scope.js';
import { isListing } from './src/report/listing.js';
import { consoleReporter, conformanceReporters } from './src/report/reporters.js';
import { runMetadata, runTitle, type RunLabel } from './src/report/run-title.js';
import { bannerStream, drawSeed, seedBanner } from './src/properties/seed.js';

const config = loadConfigOrExit();
// Workers re-evaluate this file: pin the run id chosen here so every worker writes the same one
// into names, e-mails and the ledger.
process.env.RUN_ID = config.runId;
// One fast-check seed per run (FC_SEED, or drawn here), pinned for the workers the same way and
// printed once by the runner (workers carry TEST_WORKER_INDEX); the HTML report shows it too.
const fcSeed = config.fcSeed ?? drawSeed();
if (process.env.TEST_WORKER_INDEX === undefined) process[bannerStream(process.argv, process.env)].write(`${seedBanner(fcSeed, config.fcSeed === undefined ? 'drawn' : 'FC_SEED', config.fcRuns)}\n`);
process.env.FC_SEED = String(fcSeed);
// Chosen here, in the runner, before workers start: they re-evaluate this file and read it back.
if (config.baseUrl === undefined) embeddedShopUrl();
const reportDir = config.reportDir;
const leftOut = ignoredTests(config.depth);
const runLabel: RunLabel = { runId: config.runId, baseUrl: config.baseUrl, profile: config.profile, depth: config.depth, seed: fcSeed, fcRuns: config.fcRuns };

/** The worker option of fixtures/index.ts this config sets. */
interface WorkerOptions {
  keepWorkerOnFailure: boolean;
}

export default defineConfig<object, WorkerOptions>({
  testDir: './suites',
  // DEPTH=quick declares the contract suite and, of the resource suites, the list-parameter tests
  // alone (src/config/depth.ts says what each depth runs).
  testIgnore: ignoredSuites(config.depth),
  ...(leftOut ? { grepInvert: leftOut } : {}),
  outputDir: runArtefact(reportDir, 'testResults'),
  fullyParallel: true,
  forbidOnly: true,
  // Contract suites get no retries: randomness is pinned by seeds, not hidden by reruns.
  retries: 0,
  // The group scope travels with the run (merge-reports keeps it) to the compatibility report.
  // The HTML report shows the run's label as its title (src/report/run-title.ts says why not as metadata).
  metadata: { ...runMetadata(runLabel), [SCOPE_METADATA]: { onlyGroups: config.onlyGroups, skipGroups: config.skipGroups } },
  // Against a target elsewhere the tests mostly wait on it: at least 2 workers (measured on 2
  // cores: 46 s with 1 worker, 33 s with 2). The embedded shop answers in the runner's own process,
  // so a run is bound by CPU: half the cores (at least 1), the runner keeps the rest. On 2 cores one
  // worker took 1-2 s more than two and ~180 MB less (a worker is a Node process of its own).
  // At DEPTH=quick two workers gained nothing (8.4 and 9.8 s with one, 8.6 and 13.7 s with two, in
  // pairs on the shared machine) and sent ~55 more requests: each worker makes its own setup records.
  workers: config.baseUrl === undefined ? Math.max(1, Math.floor(availableParallelism() / 2)) : Math.max(2, Math.floor(availableParallelism() / 2)),
  timeout: 60_000,
  // The redacting reporter comes first (src/report/reporters.ts): it scrubs credentials from
  // results before the list, HTML, JUnit and Allure reporters see them.
  // A sharded run also writes a blob report to merge (`npm run report -- --merge`); the baseline
  // file may be chosen by `npm run conformance -- --baseline <file>` (src/cli/conformance.ts).
  // The console shows the run's progress (src/report/progress-reporter.ts); `npm run conformance --
  // --reporter list` (or dot, line, ...) chooses another console reporter only (src/cli/conformance.ts).
  // `--list` runs nothing: no reporter may replace the last run's reports (src/report/listing.ts).
  reporter: conformanceReporters(reportDir, consoleReporter(process.env.CONFORMANCE_CONSOLE_REPORTER ?? 'progress'), {
    blob: process.argv.some((a) => a.startsWith('--shard')),
    baseline: process.env.CONFORMANCE_BASELINE,
    listing: isListing(process.argv),
    htmlTitle: runTitle(runLabel),
  }),
  // The embedded shop (when BASE_URL is unset) and the preflight (reachable? credentials? the API?)
  // before any worker; the leftover report after.
  globalSetup: './src/preflight/global-setup.ts',
  globalTeardown: './src/preflight/global-teardown.ts',
  use: {
    // A failed test keeps its worker (fixtures/index.ts, src/report/kept-worker.ts): a new worker per
    // failure made runs against broken targets crawl; the reports still show every failure.
    keepWorkerOnFailure: true,
    // Traces and screenshots would carry request headers; evidence is attached redacted instead.
    trace: 'off',
    screenshot: 'off',
    video: 'off',
    ignoreHTTPSErrors: config.insecureTls,
  },
});
