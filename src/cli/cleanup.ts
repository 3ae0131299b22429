// `npm run cleanup`: deletes what the ledger says earlier runs created on the configured target
// and could not remove (a crash, a failed delete), newest first, and reports what it removed.
// Only ledger records are touched: the client's write guard refuses anything else.
import { CONFIG_FIELDS, loadConfigOrExit } from '../config/config.js';
import { printHelpAndExit, variableRows, wantsHelp, type Help } from '../core/help.js';
import { loadCatalogue } from '../spec/load.js';
import { compactLedger, ledgerFile, outstandingEntries, readLedger, type LedgerEntry } from '../client/ledger.js';
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
