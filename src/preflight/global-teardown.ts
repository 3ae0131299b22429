// Playwright globalTeardown: the leftover report. Workers have deleted what they created; what
// the ledger still shows open for this run could not be removed and is listed in
// `${reportDir}/leftovers.json` (and on stderr) with the reason its cleanup gave, and
// `npm run cleanup` as the way out. Creates that answered 5xx are listed too: some shops keep a
// half-written record from such a request that their API never shows, so the run cannot delete it
// and says so instead.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { toCurl } from '../core/curl.js';
import { entryKey, ledgerFile, outstandingEntries, readCleanupFailures, readLedger, type LedgerEntry } from '../client/ledger.js';
import { loadConfigOrExit } from '../config/config.js';
import { boardFile, readBoard } from '../support/board.js';

export interface Leftover extends LedgerEntry {
  /** Why the run could not delete it. */
  reason: string;
}

export interface PossiblePartial {
  operationId: string;
  target: string;
  time: string;
  status: number;
  /** The request, as curl with credentials redacted. */
  request: string;
  reason: string;
}

/** Why an open ledger entry is still there, when its cleanup said nothing. */
const NO_REASON = 'not deleted: its test or worker ended before its cleanup ran (a crash or a timeout)';

export function leftoverReport(reportDir: string, runId: string): { leftovers: Leftover[]; possiblePartial: PossiblePartial[] } {
  const file = ledgerFile(reportDir);
  const reasons = readCleanupFailures(file);
  const open = outstandingEntries(readLedger(file).filter((e) => e.run === runId));
  const leftovers = open.map((e) => ({ ...e, reason: reasons.get(entryKey(e)) ?? NO_REASON }));
  const possiblePartial = readBoard(boardFile(reportDir))
    .filter((f) => f.run === runId && f.kind === '5xx')
    .map((f) => ({
      operationId: f.kind === '5xx' ? f.operationId : '',
      target: f.target,
      time: f.time,
      status: f.kind === '5xx' ? f.status : 0,
      request: f.kind === '5xx' ? toCurl(f.exchange.request) : '',
      reason: 'the create answered 5xx and named no record; the shop may have kept a partial record its API does not show, which the run cannot find or delete',
    }));
  return { leftovers, possiblePartial };
}

export default function globalTeardown(): void {
  const config = loadConfigOrExit();
  const { leftovers, possiblePartial } = leftoverReport(config.reportDir, config.runId);
  mkdirSync(config.reportDir, { recursive: true });
  writeFileSync(path.join(config.reportDir, 'leftovers.json'), JSON.stringify({ runId: config.runId, leftovers, possiblePartial }, null, 2) + '\n');
  const live = leftovers.filter((e) => !e.ephemeral);
  const where = path.relative(process.cwd(), path.join(config.reportDir, 'leftovers.json'));
  if (live.length) {
    const lines = live.slice(0, 20).map((e) => `  ${e.kind === 'file' ? `file ${e.id} in ${e.collection}` : e.path} (${e.operationId}) on ${e.target}: ${e.reason}`);
    process.stderr.write(`\n${live.length} record(s) this run created could not be removed:\n${lines.join('\n')}${live.length > 20 ? '\n  …' : ''}\nRun \`npm run cleanup\` to retry; ${where} lists them all.\n`);
  }
  // A live target (BASE_URL) only: the embedded reference shop keeps nothing it did not answer.
  if (possiblePartial.length && config.baseUrl !== undefined) {
    process.stderr.write(`\n${possiblePartial.length} create(s) answered 5xx; the shop may keep partial records from them that its API does not show (${where}).\n`);
  }
}
