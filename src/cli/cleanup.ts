// `npm run cleanup`: deletes what the ledger says earlier runs created on the configured target
// and could not remove (a crash, a failed delete), newest first, and reports what it removed.
// Only ledger records are touched: the client's write guard refuses anything else.
import { loadConfigOrExit } from '../config/config.js';
import { loadCatalogue } from '../spec/load.js';
import { compactLedger, ledgerFile, outstandingEntries, readLedger, type LedgerEntry } from '../client/ledger.js';
import { nodeTransport } from '../client/http.js';
import { Session } from '../client/session.js';
import { apiRoot } from '../client/url.js';
import { PreflightError, runPreflight } from '../preflight/preflight.js';

function describe(e: LedgerEntry): string {
  return e.kind === 'file' ? `file ${e.id} in ${e.collection}` : e.path;
}

async function main(): Promise<number> {
  const config = loadConfigOrExit();
  const file = ledgerFile(config.reportDir);
  const open = outstandingEntries(readLedger(file)).filter((e) => !e.ephemeral);
  if (!open.length) {
    compactLedger(file);
    process.stdout.write(`Nothing to clean up: the ledger (${file}) has no open records on a live target.\n`);
    return 0;
  }
  if (config.baseUrl === undefined) {
    process.stdout.write(`${open.length} open record(s) in the ledger, but BASE_URL is not set. Set BASE_URL (and the credentials) of the target they live on:\n`);
    for (const t of new Set(open.map((e) => e.target))) process.stdout.write(`  ${t}\n`);
    return 1;
  }
  const catalogue = await loadCatalogue(config.spec, { errata: config.errata });
  const root = apiRoot(config.baseUrl, catalogue.info.basePath);
  const mine = open.filter((e) => e.target === root);
  const elsewhere = open.filter((e) => e.target !== root);
  try {
    await runPreflight({ apiRoot: root, user: config.apiUser, password: config.apiPassword, insecureTls: config.insecureTls, catalogue });
  } catch (err) {
    if (err instanceof PreflightError) {
      process.stderr.write(`Cleanup cannot start: ${err.message}\n`);
      return 2;
    }
    throw err;
  }
  const transport = nodeTransport();
  // Cleanup deletes the harness's own records even when the run profile is readonly.
  const session = new Session({ config: { ...config, profile: config.profile === 'readonly' ? 'standard' : config.profile }, catalogue, transport, apiRoot: root, ephemeral: false, workerIndex: 0 });
  for (const e of mine) session.ledger.adopt(e);
  const client = session.client();
  const result = await client.cleanup([...mine].reverse());
  transport.close();
  compactLedger(file);

  process.stdout.write(`Cleanup on ${root}: removed ${result.removed.length}, could not remove ${result.failed.length}.\n`);
  for (const e of result.removed) process.stdout.write(`  removed  ${describe(e)}\n`);
  for (const f of result.failed) process.stdout.write(`  LEFT     ${describe(f.entry)}: ${f.reason}\n`);
  if (elsewhere.length) {
    process.stdout.write(`${elsewhere.length} open record(s) live on other targets and were not touched:\n`);
    for (const t of new Set(elsewhere.map((e) => e.target))) process.stdout.write(`  ${t}\n`);
  }
  return result.failed.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`cleanup failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
