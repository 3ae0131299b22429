// What a conformance run writes into REPORT_DIR that tells about that run alone: the one list of
// their names, for the reporters that write them (src/report/reporters.ts), the global setup and
// teardown, and the global setup's clearing of an earlier run's (below).
//
// Why a run clears them when it starts, before the preflight: a run that stops early (the
// preflight refused the target, the embedded shop could not start, the harness broke) writes no
// report of its own, and the page of the run before it, still saying "160/170 … CI gate passed",
// would read as this run's. A run refused at its configuration (a bad value in the environment or
// .env) and `playwright test --list` have not started and touch nothing (src/report/listing.ts);
// one the global setup stops at a group or budget name the spec lacks has (it reads the spec).
// Not listed, so never cleared here: the ledger (`ledger.jsonl`, it outlives runs: `npm run
// cleanup` deletes what earlier runs left), the files each run resets itself (support.jsonl,
// requests.jsonl, floor/) and anything else a user or the real-shop phase keeps in the folder
// (console.log, database dumps).
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';

export const RUN_ARTEFACTS = {
  /** Playwright's HTML report (a folder). */
  html: 'html',
  junit: 'junit.xml',
  allureResults: 'allure-results',
  /** `npm run report` renders it from allure-results. */
  allureReport: 'allure-report',
  /**
   * The compatibility page, report.json, report.md, badge, its junit.xml, and shapes.json (what the
   * answers looked like, for `npm run compare` and --gate-against: src/compare/shapes-file.ts) (a folder).
   */
  compatibility: 'compatibility',
  /** Blob reports of a sharded run (Playwright's blob reporter also clears it at its start). */
  blob: 'blob',
  /** The preflight's account of the target (global setup). */
  target: 'target.json',
  /** The leftover report (global teardown). */
  leftovers: 'leftovers.json',
  /** Why the harness watch stopped the run (src/report/harness-stop.ts). */
  harnessStop: 'harness-broke.json',
  /** Playwright's outputDir (each test's attachments); Playwright clears it too. */
  testResults: 'test-results',
} as const;

export type RunArtefact = keyof typeof RUN_ARTEFACTS;

export function runArtefact(reportDir: string, name: RunArtefact): string {
  return path.join(reportDir, RUN_ARTEFACTS[name]);
}

/** Removes what an earlier run wrote of the artefacts above; returns the names it removed. */
export function clearRunArtefacts(reportDir: string): string[] {
  const removed: string[] = [];
  for (const name of Object.values(RUN_ARTEFACTS)) {
    const p = path.join(reportDir, name);
    if (!existsSync(p)) continue;
    rmSync(p, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
