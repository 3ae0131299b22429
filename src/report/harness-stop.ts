// What stopped a run whose harness broke: the same harness error (a worker that cannot
// load, a fixture that crashes) ending test after test tells nothing about the target, and a full
// run of it costs minutes and ends as hundreds of Error cells. The harness watch
// (harness-watch.ts) counts the harness errors of a run by their cause and, past a handful of the
// same, stops the run and writes `${reportDir}/harness-broke.json`; the compatibility report names
// it among the reasons the run cannot be trusted, and `npm run conformance` exits with
// EXIT.harnessBroke.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { runArtefact } from '../core/run-artefacts.js';

/** More than a handful: the sixth test that ends with the same harness error stops the run. */
export const HARNESS_STOP_AFTER = 5;

export interface HarnessStop {
  /** The cause, as the error said it (first line; a crashed worker's own error where it printed one). */
  cause: string;
  /** Tests it ended before the run stopped. */
  tests: number;
  /** A few of them, by title. */
  examples: string[];
  /** The run it stopped (RUN_ID), so a stale file is never read as this run's. */
  runId: string;
}

export function harnessStopFile(reportDir: string): string {
  return runArtefact(reportDir, 'harnessStop');
}

export function writeHarnessStop(reportDir: string, stop: HarnessStop): void {
  writeFileSync(harnessStopFile(reportDir), `${JSON.stringify(stop, null, 2)}\n`);
}

export function clearHarnessStop(reportDir: string): void {
  rmSync(harnessStopFile(reportDir), { force: true });
}

/** The stop of run `runId`, if the harness watch stopped it. */
export function readHarnessStop(reportDir: string, runId: string | null | undefined): HarnessStop | undefined {
  const file = harnessStopFile(reportDir);
  if (!existsSync(file)) return undefined;
  try {
    const stop = JSON.parse(readFileSync(file, 'utf8')) as HarnessStop;
    return runId && stop.runId === runId ? stop : undefined;
  } catch {
    return undefined;
  }
}

/** How the report and the console name it: one line. */
export function harnessStopLine(stop: Pick<HarnessStop, 'cause' | 'tests'>): string {
  return `the harness broke: "${stop.cause}" ended ${stop.tests} tests, and the run stopped early (a fault of the harness or its runtime, not of the target)`;
}

/** How the gate names its Error cells (the page, the Markdown and the console alike), or '' for none. */
export function harnessErrorsText(cells: readonly unknown[] | undefined): string {
  return cells?.length ? `${cells.length} cell(s) the harness could not judge (Error: the harness's, not the target's)` : '';
}

/**
 * The cause two errors share when they differ only in numbers (ids, ports, exit codes, line and
 * column): the first line, numbers out, whitespace collapsed.
 */
export function causeKey(message: string): string {
  return (message.split('\n')[0] ?? '').replace(/\d+/g, 'N').replace(/\s+/g, ' ').trim().slice(0, 300);
}
