// Playwright globalTeardown: the leftover report. Workers have deleted what they created; what
// the ledger still shows open for this run is listed in `${reportDir}/leftovers.json` (and on
// stderr) with its reason:
//   leftovers        records and files the run made and could not delete (the reason cleanup gave);
//                    those the API cannot delete at all (the spec declares no DELETE for them:
//                    `apiCannotDelete`, e.g. GX's e-mail attachments) carry the manual step that
//                    removes them, are named apart, and are released in the ledger: `npm run
//                    cleanup` retries only the others, and says so;
//   possiblePartial  requests that may have made a record the run could not find or rule out (no
//                    answer, 5xx, 201 naming nothing, and nothing in the body to look for it by;
//                    src/client/record-keeper.ts): the shop may keep it, or a half-written row
//                    its API does not show.
// What the record keeper found or ruled out is not listed: the report names exactly what is left.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { API_CANNOT_DELETE, manualStep } from '../client/cleanup.js';
import { entryKey, ledgerFile, outstandingEntries, readCleanupFailures, readLedger, releaseEntries, unsettledRequests, type LedgerEntry } from '../client/ledger.js';
import { deleteRequestOf } from '../client/record-keeper.js';
import { loadConfigOrExit, PROJECT_ROOT } from '../config/config.js';
import { catalogueFor } from '../spec/cache.js';
import type { Catalogue } from '../spec/types.js';
import { runArtefact } from '../core/run-artefacts.js';

export interface Leftover extends LedgerEntry {
  /** Why the run could not delete it. */
  reason: string;
  /** The API cannot delete it (the spec declares no DELETE for it): no cleanup will; `manualStep` says what does. */
  apiCannotDelete?: true;
  manualStep?: string;
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

/** One line naming a leftover on the console (the page and leftovers.json name it the same way). */
export function leftoverLine(e: Leftover): string {
  return `${e.kind === 'file' ? `file ${e.id} in ${e.collection}` : e.path} (${e.operationId}) on ${e.target}: ${e.apiCannotDelete && e.manualStep ? e.manualStep : e.reason}`;
}

export function leftoverReport(reportDir: string, runId: string, catalogue?: Pick<Catalogue, 'operations'>): { leftovers: Leftover[]; possiblePartial: PossiblePartial[] } {
  const file = ledgerFile(reportDir);
  const reasons = readCleanupFailures(file);
  const entries = readLedger(file).filter((e) => e.run === runId);
  const leftovers = outstandingEntries(entries).map((e): Leftover => {
    if (catalogue && !deleteRequestOf(catalogue, e)) return { ...e, reason: API_CANNOT_DELETE, apiCannotDelete: true, manualStep: manualStep(e) };
    return { ...e, reason: reasons.get(entryKey(e)) ?? NO_REASON };
  });
  const possiblePartial = unsettledRequests(entries)
    .filter((e) => !e.ephemeral)
    .map((e) => {
      const method = e.method ?? 'POST';
      const wire = method.split(' ')[0] ?? 'POST';
      return { operationId: e.operationId, target: e.target, time: e.time, method, path: e.path, request: `curl -sS -i -X ${wire} '${e.target}${e.path}'`, reason: reasons.get(entryKey(e)) ?? NO_ANSWER };
    });
  return { leftovers, possiblePartial };
}

export default async function globalTeardown(): Promise<void> {
  const config = loadConfigOrExit();
  const catalogue = await catalogueFor(config.spec, config.errata);
  const { leftovers, possiblePartial } = leftoverReport(config.reportDir, config.runId, catalogue);
  mkdirSync(config.reportDir, { recursive: true });
  writeFileSync(runArtefact(config.reportDir, 'leftovers'), JSON.stringify({ runId: config.runId, leftovers, possiblePartial }, null, 2) + '\n');
  const live = leftovers.filter((e) => !e.ephemeral);
  const where = path.relative(process.cwd(), runArtefact(config.reportDir, 'leftovers'));
  const list = (items: readonly Leftover[]): string => `${items.slice(0, 20).map((e) => `  ${leftoverLine(e)}`).join('\n')}${items.length > 20 ? '\n  …' : ''}`;
  const retry = live.filter((e) => !e.apiCannotDelete);
  const manual = live.filter((e) => e.apiCannotDelete);
  // The ledger is REPORT_DIR's: a run with another one (a replay's) needs it named to clean up.
  const cleanup = path.resolve(config.reportDir) === path.join(PROJECT_ROOT, 'reports') ? 'npm run cleanup' : `REPORT_DIR=${path.relative(PROJECT_ROOT, config.reportDir) || config.reportDir} npm run cleanup`;
  if (retry.length) process.stderr.write(`\n${retry.length} record(s) this run created could not be removed:\n${list(retry)}\nRun \`${cleanup}\` to retry; ${where} lists them all.\n`);
  if (manual.length) {
    process.stderr.write(`\n${manual.length} record(s) this run created cannot be deleted through the API (the spec declares no DELETE for them); remove them by hand:\n${list(manual)}\n(${where} lists them; \`npm run cleanup\` will not try them.)\n`);
    // Named once, here and in leftovers.json: no cleanup tries them again.
    releaseEntries(ledgerFile(config.reportDir), manual);
  }
  if (possiblePartial.length) {
    const lines = possiblePartial.slice(0, 20).map((p) => `  ${p.method} ${p.path} (${p.operationId}) on ${p.target}: ${p.reason}`);
    process.stderr.write(`\n${possiblePartial.length} request(s) may have made a record the run could not find or rule out:\n${lines.join('\n')}${possiblePartial.length > 20 ? '\n  …' : ''}\n(${where} lists them all.)\n`);
  }
}
