// The harness watch: a reporter of the conformance run that stops it when its harness broke
// (harness-stop.ts). A test ended by a harness error (outcome Error from its verdict record, or a
// test without one: a worker that died) is counted by its cause; errors outside tests (a file
// that cannot load) count too. A timeout does not: a slow target makes those as well. When the
// same cause has ended more than HARNESS_STOP_AFTER tests, the watch prints one line naming it,
// writes harness-broke.json and interrupts the run as Ctrl-C does (Playwright's own handler:
// workers stop and tear down, so their records are deleted, the global teardown writes the
// leftover report, reporters end). A worker that dies prints its error on its stderr, outside any
// test, and the test it took ends only with "worker process exited unexpectedly": that cause is
// read from the worker's last error line.
import type { FullConfig, Reporter, Suite, TestCase, TestError, TestResult } from '@playwright/test/reporter';
import { loadConfig } from '../config/config.js';
import { Redactor } from '../client/redact.js';
import { stripAnsi } from './compatibility/record.js';
import { causeKey, clearHarnessStop, HARNESS_STOP_AFTER, harnessStopLine, writeHarnessStop } from './harness-stop.js';
import { isListing } from './listing.js';
import { verdictOfTest } from './verdicts.js';

const STDERR_LINES = 40;
const EXAMPLES = 3;
/** The line of a thrown error in a dying process's output (`ReferenceError: WebAssembly is not defined`). */
const ERROR_LINE = /^\s*(?:Uncaught\s+)?((?:[A-Z]\w*)?Error(?: \[[A-Z_]+\])?: .+)$/;
const WORKER_DIED = /worker process exited unexpectedly/i;

interface Cause {
  text: string;
  tests: string[];
}

export interface HarnessWatchOptions {
  /** Stop the run when it breaks (default true); off, the watch only counts (merge-reports, where nothing runs). */
  stop?: boolean;
}

export default class HarnessWatch implements Reporter {
  private readonly causes = new Map<string, Cause>();
  /** Recent stderr lines printed outside any test (a worker's dying words). */
  private readonly stderr: string[] = [];
  private readonly reportDir: string;
  private readonly runId: string;
  private readonly redactor: Redactor;
  private readonly listing = isListing();
  private stopped = false;

  constructor(private readonly options: HarnessWatchOptions = {}) {
    const config = loadConfig();
    this.reportDir = config.reportDir;
    this.runId = config.runId;
    this.redactor = Redactor.forConfig(config);
  }

  printsToStdio(): boolean {
    return false;
  }

  onBegin(_config: FullConfig, _suite: Suite): void {
    if (this.listing || this.options.stop === false) return;
    // A stop written by an earlier run must not be read as this one's.
    clearHarnessStop(this.reportDir);
  }

  onStdErr(chunk: string | Buffer, test?: TestCase): void {
    if (test) return;
    for (const line of stripAnsi(chunk.toString()).split('\n')) if (line.trim()) this.stderr.push(line);
    this.stderr.splice(0, Math.max(0, this.stderr.length - STDERR_LINES));
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    // A timeout is Error too, but a slow target makes those; an interrupted test is no verdict.
    if (result.status !== 'failed') return;
    if (verdictOfTest(test, result).outcome !== 'error') return;
    const error = result.errors[0] ?? result.error;
    this.count(this.causeOf(stripAnsi(error?.message ?? error?.value ?? 'unknown error')), test.title);
  }

  onError(error: TestError): void {
    this.count(this.causeOf(stripAnsi(error.message ?? error.value ?? 'unknown error')), 'an error outside any test');
  }

  /** The first line of the error; for a worker that died, with the last error it printed itself. */
  private causeOf(message: string): string {
    const first = (message.split('\n').find((l) => l.trim()) ?? message).trim();
    if (!WORKER_DIED.test(first)) return first;
    for (let i = this.stderr.length - 1; i >= 0; i--) {
      const m = ERROR_LINE.exec(this.stderr[i] ?? '');
      if (m?.[1]) return `${first}: ${m[1].trim()}`;
    }
    return first;
  }

  private count(text: string, title: string): void {
    const key = causeKey(text);
    let cause = this.causes.get(key);
    if (!cause) {
      cause = { text: this.redactor.text(text).slice(0, 300), tests: [] };
      this.causes.set(key, cause);
    }
    cause.tests.push(title);
    if (cause.tests.length > HARNESS_STOP_AFTER) this.stop(cause);
  }

  private stop(cause: Cause): void {
    if (this.stopped || this.listing || this.options.stop === false) return;
    this.stopped = true;
    const stop = { cause: cause.text, tests: cause.tests.length, examples: cause.tests.slice(0, EXAMPLES).map((t) => this.redactor.text(t)), runId: this.runId };
    writeHarnessStop(this.reportDir, stop);
    process.stderr.write(`\nStopping: ${harnessStopLine(stop)}.\n`);
    // Playwright's SIGINT handler (the one Ctrl-C reaches) ends the run in order; emitted, not
    // sent, so nothing else in the process group sees a signal.
    process.emit('SIGINT');
  }
}
