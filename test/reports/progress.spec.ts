// The default console output of a conformance run (src/report/progress-reporter.ts, progress.ts):
// a count, the elapsed time, an estimate only where honest, the outcomes of the verdict records; on
// a terminal one line rewritten in place, elsewhere plain lines without a carriage return. Driven
// here with a fake clock and hand-made tests; `npm run conformance` shows it for real
// (list-mode.spec.ts and previous-run.spec.ts run the CLI with it).
import type { FullConfig, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import { expect, test } from '@playwright/test';
import { VERDICT_ATTACHMENT, VERDICT_VERSION, type VerdictRecord } from '../../src/core/verdict.js';
import type { Outcome } from '../../src/core/finding.js';
import { clock, progressLine, roughly, timeLeft } from '../../src/report/progress.js';
import ProgressReporter, { FAILURES_NAMED } from '../../src/report/progress-reporter.js';
import { latencyLine } from '../../src/report/compatibility/closing.js';

function verdict(outcome: Outcome, extra: Partial<VerdictRecord> = {}): VerdictRecord {
  return { version: VERDICT_VERSION, operations: ['getA'], checks: ['c1'], group: 'alpha', outcome, findings: [], advisories: [], notes: [], leftovers: [], deprecated: [], ...extra };
}

function testCase(n: number, file = 'contract/a.spec.ts'): TestCase {
  const parent = { type: 'describe', title: 'getA (GET /a)', parent: { type: 'file', title: file, parent: { type: 'project', title: '' } } };
  return { title: `should do thing ${n}`, retries: 0, tags: [], annotations: [], parent, titlePath: () => ['', '', file, 'getA (GET /a)', `should do thing ${n}`] } as unknown as TestCase;
}

function result(v: VerdictRecord, duration = 1_000): TestResult {
  const status = v.outcome === 'pass' ? 'passed' : v.outcome === 'fail' || v.outcome === 'error' ? 'failed' : 'skipped';
  const errors = status === 'failed' ? [{ message: `${v.outcome === 'fail' ? 'ConformanceError' : 'HarnessError'}: ${v.findings[0]?.title ?? v.reason ?? ''}\nevidence line 1\nevidence line 2` }] : [];
  return { retry: 0, status, duration, errors, attachments: [{ name: VERDICT_ATTACHMENT, contentType: 'application/json', body: Buffer.from(JSON.stringify(v)) }] } as unknown as TestResult;
}

function harness(total: number, tty: boolean) {
  let now = 1_000_000;
  const out: string[] = [];
  const reporter = new ProgressReporter({ tty, write: (t) => out.push(t), now: () => now, columns: 100 });
  reporter.onBegin({ workers: 2, shard: null } as unknown as FullConfig, { allTests: () => Array.from({ length: total }, (_, i) => testCase(i)) } as unknown as Suite);
  return {
    out,
    reporter,
    tick: (ms: number) => (now += ms),
    end: (i: number, v: VerdictRecord) => reporter.onTestEnd(testCase(i), result(v)),
  };
}

test.describe('progress of a run @reports', () => {
  test('should count, time and estimate only where honest', () => {
    expect(clock(8_400)).toBe('8s');
    expect(clock(65_000)).toBe('1m 05s');
    expect(clock(3_725_000)).toBe('1h 02m');
    expect(roughly(12_000)).toBe('about 10 s');
    expect(roughly(150_000)).toBe('about 3 min');
    expect(roughly(4_300_000)).toBe('about 1 h 12 min');
    // Each kind of test at its own pace: no estimate before every kind with tests left has a tenth
    // of them (at least 3) finished, nor before 20 s; then each kind's mean duration, scaled to the wall time.
    const kinds = (propertiesDone: number): Map<string, { total: number; done: number; ms: number }> =>
      new Map([
        ['contract', { total: 100, done: 100, ms: 1_000 }],
        ['properties', { total: 10, done: propertiesDone, ms: propertiesDone * 10_000 }],
      ]);
    expect(timeLeft({ kinds: kinds(0) }, 60_000)).toBeUndefined();
    expect(timeLeft({ kinds: kinds(2) }, 60_000)).toBeUndefined();
    expect(timeLeft({ kinds: kinds(3) }, 10_000)).toBeUndefined();
    expect(timeLeft({ kinds: kinds(3) }, 62_000)).toBe(140_000);
    expect(timeLeft({ kinds: kinds(10) }, 62_000)).toBeUndefined();
    expect(timeLeft({}, 62_000)).toBeUndefined();
    const byOutcome = { pass: 790, fail: 3, error: 0, unsupported: 0, skip: 17, disabled: 0 };
    expect(progressLine({ done: 810, total: 1934, byOutcome, kinds: kinds(3) }, 62_000)).toBe('[  810/1,934]  41% · 1m 02s · about 2 min left · 790 passed, 3 failed, 17 skipped');
    expect(progressLine({ done: 10, total: 1934, byOutcome: { ...byOutcome, pass: 10, fail: 0, skip: 0 }, kinds: kinds(0) }, 2_000)).toBe('[   10/1,934]   0% · 2s · 10 passed');
  });

  test('should print plain lines away from a terminal: a tenth at a time, the first failures named, no carriage return', () => {
    const h = harness(40, false);
    for (let i = 0; i < 40; i++) {
      h.tick(1_000);
      h.end(i, i % 13 === 5 ? verdict('fail', { findings: [{ check: 'c1', operationId: 'getA', outcome: 'fail', title: 'served without credentials', message: 'GET /a answered 200', severity: 'critical' }] }) : i === 7 ? verdict('skip') : verdict('pass'));
    }
    h.reporter.onEnd({ status: 'failed', startTime: new Date(), duration: 40_000 });
    const text = h.out.join('');
    expect(text.includes('\r') || text.includes('\x1b')).toBe(false);
    const lines = text.trim().split('\n');
    expect(lines[0]).toBe('Running 40 tests using 2 workers');
    expect(lines.filter((l) => l.startsWith('['))).toEqual([
      '[ 4/40]  10% · 4s · 4 passed',
      '[ 8/40]  20% · 8s · 6 passed, 1 failed, 1 skipped',
      '[12/40]  30% · 12s · 10 passed, 1 failed, 1 skipped',
      '[16/40]  40% · 16s · 14 passed, 1 failed, 1 skipped',
      '[20/40]  50% · 20s · about 20 s left · 17 passed, 2 failed, 1 skipped',
      '[24/40]  60% · 24s · about 20 s left · 21 passed, 2 failed, 1 skipped',
      '[28/40]  70% · 28s · about 10 s left · 25 passed, 2 failed, 1 skipped',
      '[32/40]  80% · 32s · about 10 s left · 28 passed, 3 failed, 1 skipped',
      '[36/40]  90% · 36s · about 10 s left · 32 passed, 3 failed, 1 skipped',
      '[40/40] 100% · 40s · 36 passed, 3 failed, 1 skipped',
    ]);
    expect(lines).toContain('  ✘ fail  getA (GET /a) › should do thing 5: served without credentials: GET /a answered 200');
    // Few failures: each in full at the end, as Playwright's reporters print them (a replay shows its failure).
    expect(text).toContain('\n  1) contract/a.spec.ts › getA (GET /a) › should do thing 5\n\n    ConformanceError: served without credentials\n    evidence line 1\n    evidence line 2\n');
    expect(text).toContain('\n  3) contract/a.spec.ts › getA (GET /a) › should do thing 31\n');
    expect(lines[lines.length - 1]).toBe('40 tests in 40s: 36 passed, 3 failed, 1 skipped');
  });

  test('should keep one status line on a terminal, print above it, and name at most a few failures', () => {
    const n = FAILURES_NAMED + 5;
    const h = harness(n + 1, true);
    h.tick(300);
    h.reporter.onStdOut('a line a test printed\n');
    for (let i = 0; i < n; i++) {
      h.tick(300);
      h.end(i, verdict('error', { reason: 'Harness error: boom' }));
    }
    const text = h.out.join('');
    // The status line is rewritten in place; every other line is printed whole above it.
    expect(text).toContain('\r\x1b[2K[ 0/16]   0% · 0s · none finished yet');
    expect(text).toContain('\r\x1b[2Ka line a test printed\n');
    expect(text.match(/✘ error/g)?.length).toBe(FAILURES_NAMED);
    expect(text).toContain('further failures are counted');
    h.tick(300);
    h.end(n, verdict('pass'));
    // All done: the last line stays, plainly, before the reports print.
    expect(h.out.slice(-1)[0]).toBe(`[16/16] 100% · 5s · 1 passed, ${n} errors\n`);
    h.reporter.onEnd({ status: 'failed', startTime: new Date(), duration: 4_800 });
    expect(h.out.slice(-1)[0]).toBe(`\n16 tests in 5s: 1 passed, ${n} errors\n`);
    // Many failures: not each in full (the defects and the reports say it shorter).
    expect(h.out.join('')).toContain(`\n${n} tests failed: the defects follow, grouped and ranked;`);
    expect(h.out.join('')).not.toContain('evidence line 1');
  });

  test('should hold the estimate back while a kind of test with tests left has too few finished', () => {
    let now = 0;
    const out: string[] = [];
    const reporter = new ProgressReporter({ tty: false, write: (t) => out.push(t), now: () => now });
    const tests = [...Array.from({ length: 30 }, (_, i) => testCase(i)), ...Array.from({ length: 10 }, (_, i) => testCase(100 + i, 'properties/p.spec.ts'))];
    reporter.onBegin({ workers: 1, shard: null } as unknown as FullConfig, { allTests: () => tests } as unknown as Suite);
    for (const t of tests) {
      now += t.titlePath()[2]?.startsWith('properties') ? 10_000 : 1_000;
      reporter.onTestEnd(t, result(verdict('pass'), t.titlePath()[2]?.startsWith('properties') ? 10_000 : 1_000));
    }
    const lines = out.join('').split('\n').filter((l) => l.startsWith('['));
    // 30 contract tests in 30 s: the rate would say 10 s left; the properties have not started.
    expect(lines.slice(0, 8).every((l) => !l.includes('left'))).toBe(true);
    expect(lines.find((l) => l.startsWith('[32/40]'))).toBe('[32/40]  80% · 50s · 32 passed');
    // Six properties done: 4 more at 10 s each.
    expect(lines.find((l) => l.startsWith('[36/40]'))).toBe('[36/40]  90% · 1m 30s · about 40 s left · 36 passed');
  });

  test('should say how far an interrupted run came', () => {
    const h = harness(10, false);
    h.tick(2_000);
    h.end(0, verdict('pass'));
    h.reporter.onEnd({ status: 'interrupted', startTime: new Date(), duration: 2_000 });
    expect(h.out.join('')).toContain('interrupted after 1 of 10 tests in 2s: 1 passed');
  });

  test("should close with the run's p95 response time", () => {
    const l = { definition: '', budgets: { default: 2000, overrides: {} }, answers: 4796, run: { p50: 1, p95: 4, max: 214 }, operations: [{ operation: 'createOrderItem', group: 'orders', count: 30, p50: 3, p95: 27, max: 40, budgetMs: 2000, budgetSource: 'MAX_RESPONSE_MS', overBudget: false, slowest: [] }], slowest: [] };
    expect(latencyLine({ latency: l })).toBe('Response times: p95 4 ms over 4,796 answers (p50 1 ms, max 214 ms); slowest operation createOrderItem (p95 27 ms); none over its budget (MAX_RESPONSE_MS=2000 ms).');
    expect(latencyLine({ latency: { ...l, operations: [{ ...l.operations[0]!, p95: 2500, overBudget: true }] } })).toContain('1 operation over budget: createOrderItem (p95 2500 ms) (MAX_RESPONSE_MS=2000 ms)');
    expect(latencyLine({})).toBeUndefined();
  });
});
