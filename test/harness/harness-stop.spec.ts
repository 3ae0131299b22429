// A run whose harness breaks says so: workers that cannot load (a preload that kills
// every Playwright worker as it starts, test/harness/support/worker-cannot-load.mjs) stop
// `npm run conformance` after a handful of tests with one line naming the cause and exit code 3,
// never "failure(s) not in the baseline"; and Ctrl-C mid-run exits 130 without presenting the
// interrupted tests as the target's failures.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { EXIT } from '../../src/core/exit-codes.js';
import { HARNESS_STOP_AFTER } from '../../src/report/harness-stop.js';
import type { CompatibilityReport } from '../../src/report/compatibility/types.js';
import { childEnv } from './support/proof-run.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BREAK = path.join(import.meta.dirname, 'support/worker-cannot-load.mjs');

interface Run {
  code: number | null;
  output: string;
  report: CompatibilityReport;
}

/** `npm run conformance -- --reporter=dot` against the embedded shop; `interrupt` sends SIGINT once the output shows it. */
async function conformance(env: Record<string, string>, interrupt?: (output: string) => boolean): Promise<Run> {
  const reportDir = mkdtempSync(path.join(tmpdir(), 'harness-stop-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/conformance.ts', '--reporter=dot'], { cwd: ROOT, env: childEnv({ REPORT_DIR: reportDir, FC_RUNS: '5', ...env }) });
  let output = '';
  let sent = false;
  const take = (d: Buffer): void => {
    output += d.toString('utf8');
    if (interrupt && !sent && interrupt(output)) {
      sent = true;
      child.kill('SIGINT');
    }
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const report = JSON.parse(readFileSync(path.join(reportDir, 'compatibility', 'report.json'), 'utf8')) as CompatibilityReport;
  return { code, output, report };
}

test.describe('a run whose harness breaks @harness', () => {
  test('should stop early when workers cannot load, name the cause in one line and exit 3, with no failure of the target', async () => {
    const run = await conformance({ NODE_OPTIONS: `--import=${BREAK}` });
    expect(run.code, run.output).toBe(EXIT.harnessBroke);
    const stops = run.output.split('\n').filter((l) => l.startsWith('Stopping: the harness broke: '));
    expect(stops).toHaveLength(1);
    expect(stops[0]).toContain('worker process exited unexpectedly');
    expect(stops[0]).toContain('ReferenceError: StubAssembly is not defined');
    expect(stops[0]).toContain(`ended ${HARNESS_STOP_AFTER + 1} tests`);
    expect(run.output).not.toContain('not in the baseline');
    // Early: the sixth broken test stopped it, the rest never ran.
    expect(run.report.harnessStop?.tests).toBe(HARNESS_STOP_AFTER + 1);
    // (A worker already starting when the run stopped may add one more.)
    expect(run.report.counts.testsByOutcome.error).toBeGreaterThanOrEqual(HARNESS_STOP_AFTER + 1);
    expect(run.report.counts.testsByOutcome.error).toBeLessThanOrEqual(HARNESS_STOP_AFTER + 3);
    expect(run.report.counts.testsByOutcome.pass ?? 0).toBe(0);
    expect(run.report.gate.newFailures).toEqual([]);
    expect(run.report.gate.harnessErrors?.length).toBe(run.report.counts.testsByOutcome.error);
    expect(run.report.gate.runErrors.join('\n')).toContain('the harness broke: ');
  });

  test('should end an interrupted run with 130 and never list its interrupted tests as failures', async () => {
    // Interrupted once a few dozen tests have passed (the dot reporter prints one character a test).
    const run = await conformance({}, (out) => (out.match(/[·°]/g) ?? []).length >= 40);
    expect(run.code, run.output).toBe(EXIT.interrupted);
    expect(run.report.runStatus).toBe('interrupted');
    expect(run.output).not.toContain('not in the baseline');
    expect(run.report.gate.newFailures).toEqual([]);
    expect(run.report.counts.testsByOutcome.error ?? 0).toBe(0);
    expect(run.report.gate.runErrors).toEqual(['the run was interrupted before it ended (its interrupted tests are not verdicts)']);
  });
});
