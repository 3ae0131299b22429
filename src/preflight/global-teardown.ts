// Playwright globalTeardown: the leftover report. Workers have deleted what they created; what
// the ledger still shows open for this run is listed in `${reportDir}/leftovers.json` (and on
// stderr) with its reason, and `npm run cleanup` as the way out:
//   leftovers        records and files the run made and could not delete (the reason cleanup gave);
//   possiblePartial  requests that may have made a record the run could not find or rule out (no
//                    answer, 5xx, 201 naming nothing, and nothing in the body to look for it by;
//                    src/client/record-keeper.ts): the shop may keep it, or a half-written row
//                    its API does not show.
// What the record keeper found or ruled out is not listed: the report names exactly what is left.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { entryKey, ledgerFile, outstandingEntries, readCleanupFailures, readLedger, unsettledRequests, type LedgerEntry } from '../client/ledger.js';
import { loadConfigOrExit } from '../config/config.js';
import { runArtefact } from '../core/run-artefacts.js';

export interface Leftover extends LedgerEntry {
  /** Why the run could not delete it. */
  reason: string;
}

export interface PossiblePartial {
  operationId: string;
  target: string;
  time: string;
  /** The method on the wire (and the override it carried) and the path, relative to the API root. */
  method: string;
  path: string;
  /** The request as a curl command line (no credentials, no body). */
  request: string;
  reason: string;
}

/** Why an open ledger entry is still there, when its cleanup said nothing. */
const NO_REASON = 'not deleted: its test or worker ended before its cleanup ran (a crash or a timeout)';
/** Why a request never settled, when the record keeper said nothing. */
const NO_ANSWER = 'its answer was never read (the worker ended while it was on the wire): it may have made a record';

export function leftoverReport(reportDir: string, runId: string): { leftovers: Leftover[]; possiblePartial: PossiblePartial[] } {
  const file = ledgerFile(reportDir);
  const reasons = readCleanupFailures(file);
  const entries = readLedger(file).filter((e) => e.run === runId);
  const leftovers = outstandingEntries(entries).map((e) => ({ ...e, reason: reasons.get(entryKey(e)) ?? NO_REASON }));
  const possiblePartial = unsettledRequests(entries)
    .filter((e) => !e.ephemeral)
    .map((e) => {
      const method = e.method ?? 'POST';
      const wire = method.split(' ')[0] ?? 'POST';
      return { operationId: e.operationId, target: e.target, time: e.time, method, path: e.path, request: `curl -sS -i -X ${wire} '${e.target}${e.path}'`, reason: reasons.get(entryKey(e)) ?? NO_ANSWER };
    });
  return { leftovers, possiblePartial };
}

export default function globalTeardown(): void {
  const config = loadConfigOrExit();
  const { leftovers, possiblePartial } = leftoverReport(config.reportDir, config.runId);
  mkdirSync(config.reportDir, { recursive: true });
  writeFileSync(runArtefact(config.reportDir, 'leftovers'), JSON.stringify({ runId: config.runId, leftovers, possiblePartial }, null, 2) + '\n');
  const live = leftovers.filter((e) => !e.ephemeral);
  const where = path.relative(process.cwd(), runArtefact(config.reportDir, 'leftovers'));
  if (live.length) {
    const lines = live.slice(0, 20).map((e) => `  ${e.kind === 'file' ? `file ${e.id} in ${e.collection}` : e.path} (${e.operationId}) on ${e.target}: ${e.reason}`);
    process.stderr.write(`\n${live.length} record(s) this run created could not be removed:\n${lines.join('\n')}${live.length > 20 ? '\n  …' : ''}\nRun \`npm run cleanup\` to retry; ${where} lists them all.\n`);
  }
  if (possiblePartial.length) {
    const lines = possiblePartial.slice(0, 20).map((p) => `  ${p.method} ${p.path} (${p.operationId}) on ${p.target}: ${p.reason}`);
    process.stderr.write(`\n${possiblePartial.length} request(s) may have made a record the run could not find or rule out:\n${lines.join('\n')}${possiblePartial.length > 20 ? '\n  …' : ''}\n(${where} lists them all.)\n`);
  }
}
