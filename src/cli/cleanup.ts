// `npm run cleanup`: deletes what the ledger says earlier runs created on the configured target
// and could not remove (a crash, a failed delete), newest first, and reports what it removed.
// Only ledger records are touched: the client's write guard refuses anything else. Records the
// API cannot delete (the spec declares no DELETE for them) are named once with the manual step
// and released in the ledger: never retried, never a reason to exit 1.
import { CONFIG_FIELDS, loadConfigOrExit } from '../config/config.js';
import { printHelpAndExit, variableRows, wantsHelp, type Help } from '../core/help.js';
import { loadCatalogue } from '../spec/load.js';
import { API_CANNOT_DELETE, manualStep } from '../client/cleanup.js';
import { compactLedger, ledgerFile, outstandingEntries, readLedger, releaseEntries, type LedgerEntry } from '../client/ledger.js';
import { deleteRequestOf } from '../client/record-keeper.js';
import { nodeTransport } from '../client/http.js';
import { Session } from '../client/session.js';
import { apiRoot } from '../client/url.js';
import { PreflightError, runPreflight } from '../preflight/preflight.js';

function describe(e: LedgerEntry): string {
  return e.kind === 'file' ? `file ${e.id} in ${e.collection}` : e.path;
}

const READS = ['BASE_URL', 'API_USER', 'API_PASSWORD', 'SPEC', 'ERRATA', 'INSECURE_TLS', 'TIMEOUT_MS', 'REPORT_DIR'];

const HELP: Help = {
  usage: 'npm run cleanup',
  about:
    'Deletes what the ledger (REPORT_DIR/ledger.jsonl) says earlier runs created on the target and could not remove (a crash, a failed delete), ' +
    'newest first, and says what it removed. It touches only records of the ledger. Records the API cannot delete (no DELETE in the spec, ' +
    'e.g. uploaded attachment files) are named once with the manual step that removes them, and not tried again.',
  sections: [
    { title: 'Options', rows: [['--help, -h', 'this help; deletes nothing']] },
    { title: 'Variables (environment first, then .env)', rows: variableRows(CONFIG_FIELDS.filter((f) => READS.includes(f.env))) },
    {
      title: 'Exit codes',
      rows: [
        '0    nothing left that the API can delete (records it cannot delete are named, with the manual step)',
        '1    some deletes failed: run it again later, or see the reasons it printed',
        '2    cannot start: bad configuration, BASE_URL unset while the ledger holds records of a live target, or the target unreachable',
      ],
    },
  ],
};

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (wantsHelp(argv)) printHelpAndExit(HELP);
  if (argv.length) {
    process.stderr.write(`npm run cleanup: unknown argument ${argv[0]}; it takes none (--help says what it reads).\n`);
    return 2;
  }
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
    return 2;
  }
  const catalogue = await loadCatalogue(config.spec, { errata: config.errata });
  const root = apiRoot(config.baseUrl, catalogue.info.basePath);
  const here = open.filter((e) => e.target === root);
  const elsewhere = open.filter((e) => e.target !== root);
  // Records the API cannot delete (no DELETE in the spec) are named once, with the manual step,
  // and released: no cleanup tries them again, and they fail nothing.
  const manual = here.filter((e) => !deleteRequestOf(catalogue, e));
  const mine = here.filter((e) => !manual.includes(e));
  if (manual.length) {
    process.stdout.write(`${manual.length} record(s) the API cannot delete (${API_CANNOT_DELETE.replace(/^the API cannot delete it: /, '')}); remove them by hand, cleanup will not try them again:\n`);
    for (const e of manual) process.stdout.write(`  BY HAND  ${describe(e)}: ${manualStep(e)}\n`);
    releaseEntries(file, manual);
  }
  if (!mine.length) {
    compactLedger(file);
    if (elsewhere.length) reportElsewhere(elsewhere);
    if (!manual.length) process.stdout.write(`Nothing to clean up on ${root}.\n`);
    return 0;
  }
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
  for (const u of result.undeletable) process.stdout.write(`  BY HAND  ${describe(u.entry)}: ${u.manualStep}\n`);
  if (elsewhere.length) reportElsewhere(elsewhere);
  return result.failed.length ? 1 : 0;
}

function reportElsewhere(elsewhere: readonly LedgerEntry[]): void {
  process.stdout.write(`${elsewhere.length} open record(s) live on other targets and were not touched:\n`);
  for (const t of new Set(elsewhere.map((e) => e.target))) process.stdout.write(`  ${t}\n`);
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`cleanup failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
