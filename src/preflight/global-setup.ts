// Playwright globalSetup of the conformance run: the embedded reference shop when BASE_URL is unset
// (in this process, closed by the teardown returned here; embedded-shop.ts), then the preflight,
// once, before any worker starts.
// First it removes the reports of the run before (src/core/run-artefacts.ts), so a run the
// preflight stops leaves no earlier run's page to be read as its own.
// On failure it prints one plain message and ends the run (exit code 2). On success it writes
// `${reportDir}/target.json` (URL without credentials, X-API-Version, X-Shop-Version, spec, profile,
// run id) for the fixtures and the reports.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfigOrExit } from '../config/config.js';
import { embeddedShopUrl } from '../config/embedded.js';
import { unknownBudgetNames } from '../config/budgets.js';
import { catalogueFor } from '../spec/cache.js';
import { compactLedger, ledgerFile } from '../client/ledger.js';
import { clearRunArtefacts, runArtefact } from '../core/run-artefacts.js';
import { apiRoot } from '../client/url.js';
import { boardFile } from '../support/board.js';
import { tallyFile } from '../client/tally.js';
import { startEmbeddedShop, type EmbeddedShop } from './embedded-shop.js';
import { PreflightError, runPreflight } from './preflight.js';

export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  const config = loadConfigOrExit();
  // The configuration holds: this run starts, and the last run's reports stop being the latest
  // (even if the checks below or the preflight end it in a moment).
  clearRunArtefacts(config.reportDir);
  const catalogue = await catalogueFor(config.spec, config.errata);
  // A misspelt group would silently select nothing ("0/0 conformant"): name the known ones instead.
  const groups = new Set(catalogue.operations.map((op) => op.group));
  const unknown = [...config.onlyGroups, ...config.skipGroups].filter((g) => !groups.has(g));
  if (unknown.length) {
    process.stderr.write(`\nONLY_GROUPS/SKIP_GROUPS name ${unknown.length === 1 ? 'a group' : 'groups'} the spec does not have: ${unknown.join(', ')}. Known groups: ${[...groups].sort().join(', ')}.\n\n`);
    process.exit(2);
  }
  // A misspelt budget name would leave its operations on the default budget unseen.
  const unbudgeted = unknownBudgetNames(config.responseBudgets, catalogue.operations);
  if (unbudgeted.length) {
    process.stderr.write(`\nRESPONSE_BUDGETS names ${unbudgeted.join(', ')}, neither a group nor an operationId of the spec. Known groups: ${[...groups].sort().join(', ')}.\n\n`);
    process.exit(2);
  }
  const embedded = config.baseUrl === undefined;
  const root = apiRoot(config.baseUrl ?? embeddedShopUrl(), catalogue.info.basePath);
  const shop: EmbeddedShop | undefined = embedded ? await startEmbeddedShop(config, root) : undefined;
  try {
    const result = await runPreflight({ apiRoot: root, user: config.apiUser, password: config.apiPassword, insecureTls: config.insecureTls, catalogue });
    mkdirSync(config.reportDir, { recursive: true });
    const info = {
      url: result.url,
      embedded,
      apiVersion: result.apiVersion,
      shopVersion: result.shopVersion,
      spec: { file: path.relative(process.cwd(), catalogue.info.file), title: catalogue.info.title, version: catalogue.info.version, hash: catalogue.info.hash },
      profile: config.profile,
      depth: config.depth,
      runId: config.runId,
      // playwright.config.ts pinned the run's seed in FC_SEED; a merge of shards titles its HTML report with both.
      ...(config.fcSeed !== undefined ? { fcSeed: config.fcSeed } : {}),
      fcRuns: config.fcRuns,
      startedAt: new Date().toISOString(),
      preflight: result.probe,
      preflightTried: result.tried,
      ...(result.rootMap ? { rootMap: result.rootMap } : {}),
    };
    writeFileSync(runArtefact(config.reportDir, 'target'), JSON.stringify(info, null, 2) + '\n');
    // Workers have not started: the one moment the ledger can be rewritten safely, and the support
    // facts of an earlier run with the same RUN_ID forgotten (src/support/board.ts).
    compactLedger(ledgerFile(config.reportDir));
    rmSync(boardFile(config.reportDir), { force: true });
    rmSync(tallyFile(config.reportDir), { force: true });
  } catch (err) {
    await shop?.close();
    if (err instanceof PreflightError) {
      process.stderr.write(`\nPreflight failed: ${err.message}\n\n`);
      // One message, not a stack and hundreds of failed tests.
      process.exit(2);
    }
    throw err;
  }
  // Playwright calls a function returned by the global setup as a teardown, after the workers end.
  return shop ? () => shop.close() : undefined;
}
