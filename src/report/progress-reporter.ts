// The default console output of `npm run conformance`: how far the run is, not every test's title.
// A run against a real shop has ~2,000 tests; the list reporter printed a long line for each
// (`--reporter list` still does). This prints, as users of Playwright's line and dot reporters
// expect, a count, the elapsed time and, where honest, the time left (progress.ts: from the
// durations of finished tests of each kind, once every kind has some), with the
// outcomes so far as the verdict records say them (pass, fail, error, unsupported, skip).
//   On a terminal: one status line, rewritten in place at most every 250 ms and every second for
//   the clock; anything else printed (a failing test, a test's output, an error) goes above it.
//   Elsewhere (CI logs, a pipe, `npm test`, a file): no carriage returns or cursor moves, one
//   plain line at every tenth of the run and at least once a minute.
// The first failures are named as they happen (at most FAILURES_NAMED: on a shop with hundreds,
// the defects, grouped and ranked, come at the end from the compatibility report and the gate); a
// run with few (FAILURES_IN_FULL: a replay command, a focused --grep) ends with each in full.
// PLAYWRIGHT_FORCE_TTY is honoured as Playwright's own reporters honour it.
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestError, TestResult } from '@playwright/test/reporter';
import { OUTCOMES, type Outcome } from '../core/finding.js';
import { stripAnsi } from './compatibility/record.js';
import { isListing } from './listing.js';
import { clock, outcomesText, progressLine, type KindProgress, type ProgressCounts } from './progress.js';
import { verdictOfTest } from './verdicts.js';

/** Failing tests named as they happen; the rest are counted. */
export const FAILURES_NAMED = 10;
/**
 * Up to this many failing tests, the end prints each in full, as Playwright's reporters print every
 * one: a replay command or a focused run shows its failure (counterexample, evidence, replay).
 * Beyond it, the defects at the end and the reports say it shorter than ~30 lines a failure would.
 */
export const FAILURES_IN_FULL = 5;
/** Away from a terminal: a line at least this often while tests finish. */
const PLAIN_EVERY_MS = 60_000;
/** On a terminal: redraws at most this often on test ends; the clock ticks every second. */
const REDRAW_MS = 250;

export interface ProgressOptions {
  /** Terminal (status line rewritten in place) or plain lines; default from the stdout and PLAYWRIGHT_FORCE_TTY. */
  tty?: boolean;
  /** Where it writes (default process.stdout); tests hand a collector. */
  write?: (text: string) => void;
  now?: () => number;
  /** Terminal width for the status line (default the terminal's, else 120). */
  columns?: number;
}

function forcedTty(env: NodeJS.ProcessEnv): boolean | undefined {
  const v = env.PLAYWRIGHT_FORCE_TTY;
  if (v === undefined || v === '') return undefined;
  return !(v === 'false' || v === '0');
}

export default class ProgressReporter implements Reporter {
  private readonly tty: boolean;
  private readonly write: (text: string) => void;
  private readonly now: () => number;
  private readonly columns: number;
  private readonly kinds = new Map<string, KindProgress>();
  private readonly counts: ProgressCounts = { total: 0, done: 0, byOutcome: Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<Outcome, number>, kinds: this.kinds };
  private started = 0;
  /** The status line is kept up to date (a terminal, between the first and the last test). */
  private active = false;
  /** A status line is on the screen. */
  private shown = false;
  private lastDraw = 0;
  private lastPlain = 0;
  private lastTenth = 0;
  private named = 0;
  /** The failing tests, kept while they are few enough to print in full at the end. */
  private readonly failing: { test: TestCase; result: TestResult }[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** `playwright test --list` runs nothing: Playwright prints the list itself (listing.ts). */
  private readonly listing = isListing();

  constructor(options: ProgressOptions = {}) {
    this.tty = options.tty ?? forcedTty(process.env) ?? process.stdout.isTTY === true;
    this.write = options.write ?? ((t) => process.stdout.write(t));
    this.now = options.now ?? Date.now;
    this.columns = options.columns ?? (process.stdout.columns || 120);
  }

  printsToStdio(): boolean {
    return !this.listing;
  }

  onBegin(config: FullConfig, suite: Suite): void {
    if (this.listing) return;
    this.started = this.now();
    this.lastPlain = this.started;
    const tests = suite.allTests();
    this.counts.total = tests.length;
    for (const t of tests) {
      const k = this.kinds.get(kindOf(t)) ?? { total: 0, done: 0, ms: 0 };
      k.total++;
      this.kinds.set(kindOf(t), k);
    }
    const workers = config.workers;
    this.print(`Running ${this.counts.total.toLocaleString('en')} test${this.counts.total === 1 ? '' : 's'} using ${workers} worker${workers === 1 ? '' : 's'}${config.shard ? `, shard ${config.shard.current}/${config.shard.total}` : ''}`);
    if (!this.counts.total) return;
    this.active = true;
    this.draw();
    // The clock moves on while a long test runs: every second on a terminal, a line a minute elsewhere.
    this.timer = setInterval(() => (this.tty ? this.draw() : this.now() - this.lastPlain >= PLAIN_EVERY_MS && this.plainProgress()), this.tty ? 1000 : 5000);
    this.timer.unref();
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    // A test that will run again has not finished (conformance runs have no retries; self-tests may).
    if (result.retry < test.retries && result.status !== 'passed' && result.status !== 'skipped') return;
    const verdict = verdictOfTest(test, result);
    this.counts.done++;
    this.counts.byOutcome[verdict.outcome]++;
    const kind = this.kinds.get(kindOf(test));
    if (kind) {
      kind.done++;
      kind.ms += Math.max(0, result.duration);
    }
    if (verdict.outcome === 'fail') {
      const f = verdict.findings.find((x) => x.outcome === 'fail');
      this.nameFailure(test, result, 'fail', f ? `${f.title}: ${f.message}` : result.error?.message);
    } else if (verdict.outcome === 'error') this.nameFailure(test, result, 'error', verdict.reason ?? result.error?.message);
    if (this.counts.done >= this.counts.total) {
      this.finish();
      return;
    }
    if (this.tty) {
      if (this.now() - this.lastDraw >= REDRAW_MS) this.draw();
      return;
    }
    const tenth = Math.floor((this.counts.done * 10) / Math.max(1, this.counts.total));
    if (tenth > this.lastTenth || this.now() - this.lastPlain >= PLAIN_EVERY_MS) {
      this.lastTenth = tenth;
      this.plainProgress();
    }
  }

  onStdOut(chunk: string | Buffer): void {
    this.print(chunkText(chunk));
  }

  onStdErr(chunk: string | Buffer): void {
    this.print(chunkText(chunk));
  }

  onError(error: TestError): void {
    const first = stripAnsi(error.message ?? error.value ?? 'unknown error').split('\n').slice(0, 5).join('\n');
    this.print(`Error outside a test: ${first}`);
  }

  onEnd(result: FullResult): void {
    if (this.listing) return;
    this.stop();
    const c = this.counts;
    const elapsed = this.now() - this.started;
    const how = result.status === 'interrupted' ? `interrupted after ${c.done.toLocaleString('en')} of ${c.total.toLocaleString('en')} tests` : result.status === 'timedout' ? `stopped by the global timeout after ${c.done.toLocaleString('en')} of ${c.total.toLocaleString('en')} tests` : `${c.done.toLocaleString('en')} test${c.done === 1 ? '' : 's'}`;
    if (this.failing.length && this.failing.length <= FAILURES_IN_FULL) this.printFailures();
    else if (this.failing.length) this.print(`\n${this.named} tests failed: the defects follow, grouped and ranked; every failure's evidence is in the reports (\`--reporter list\` prints them all here).`);
    this.print(`\n${how} in ${clock(elapsed)}: ${outcomesText(c.byOutcome)}`);
  }

  /** Each failing test in full, numbered, as Playwright's reporters end a run. */
  private printFailures(): void {
    this.failing.forEach(({ test, result }, i) => {
      const title = test.titlePath().slice(2).join(' › ') || test.title;
      const errors = (result.errors.length ? result.errors : result.error ? [result.error] : []).map((e) => e.message ?? e.value ?? '').filter(Boolean);
      const body = errors.map((e) => (this.tty ? e : stripAnsi(e))).join('\n\n');
      this.print(`\n  ${i + 1}) ${title}\n\n${body.split('\n').map((l) => (l ? `    ${l}` : '')).join('\n')}`);
    });
  }

  private nameFailure(test: TestCase, result: TestResult, outcome: 'fail' | 'error', why: string | undefined): void {
    this.named++;
    if (this.failing.length <= FAILURES_IN_FULL) this.failing.push({ test, result });
    if (this.named > FAILURES_NAMED) return;
    const title = test.titlePath().slice(3).join(' › ') || test.title;
    const first = why ? stripAnsi(why).split('\n').find((l) => l.trim())?.trim() : undefined;
    const line = `  ✘ ${outcome === 'fail' ? 'fail ' : 'error'} ${title}${first ? `: ${first}` : ''}`;
    this.print(fit(line, this.tty ? this.columns : 240));
    if (this.named === FAILURES_NAMED) this.print(`  (further failures are counted; the report lists every defect, worst first, when the run ends)`);
  }

  private plainProgress(): void {
    this.lastPlain = this.now();
    this.write(`${progressLine(this.counts, this.now() - this.started)}\n`);
  }

  /** Prints whole lines above the status line (or plainly), then puts the status line back. */
  private print(text: string): void {
    if (!text) return;
    if (this.shown) this.write('\r\x1b[2K');
    this.shown = false;
    this.write(text.endsWith('\n') ? text : `${text}\n`);
    this.draw();
  }

  private draw(): void {
    if (!this.active || !this.tty) return;
    this.lastDraw = this.now();
    this.write(`\r\x1b[2K${fit(progressLine(this.counts, this.lastDraw - this.started), this.columns)}`);
    this.shown = true;
  }

  /** Every test finished: the last progress line stays, plainly, before the teardown and the reports print. */
  private finish(): void {
    this.stop();
    this.write(`${progressLine(this.counts, this.now() - this.started)}\n`);
  }

  private stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.active = false;
    if (this.shown) this.write('\r\x1b[2K');
    this.shown = false;
  }
}

/**
 * A test's kind, for the estimate (progress.ts): the first folder of its file under the test
 * directory (contract, resources, properties, model), or the file itself.
 */
export function kindOf(test: Pick<TestCase, 'parent'>): string {
  let s: Suite | undefined = test.parent;
  while (s && s.type !== 'file') s = s.parent;
  const file = (s?.title ?? '').replace(/\\/g, '/');
  return file.includes('/') ? (file.split('/')[0] ?? file) : file;
}

function chunkText(chunk: string | Buffer): string {
  return typeof chunk === 'string' ? chunk : chunk.toString('utf8');
}

/** One terminal line: cut to the width, so the in-place rewrite never wraps. */
function fit(line: string, columns: number): string {
  const max = Math.max(20, columns - 1);
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
