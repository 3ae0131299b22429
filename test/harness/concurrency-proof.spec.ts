// Proof that concurrency is a finding, not noise. The same selection of suites runs
// twice with two workers against the embedded reference shop: clean, and in the chaos mode
// overlap-500 (reference/http/chaos.ts: a list read that overlaps another request answers 500
// "Invalid argument supplied for foreach()", as GX 3.2 does; alone it answers correctly). The
// harness sends such a breakdown again alone before anyone judges it (src/client/replay.ts), so:
// - every cell has the same outcome in both runs (no rule fails, nothing is skipped over it);
// - the chaos run reports the overlap as a concurrency defect of the operations it hit, with the
//   answer, the replay alone and the overlapped replay as evidence; the clean run reports none.
// Without the replay the chaos run fails 9 cells of these groups (measured 27 Nov 2026).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { OVERLAP_MESSAGE } from '../../reference/http/chaos.js';
import { PROJECT_ROOT } from '../../src/config/config.js';
import type { CompatibilityReport } from '../../src/report/compatibility/types.js';

const GREP = '@countries|@languages';

function run(chaos: string): { report: CompatibilityReport; output: string } {
  const reportDir = mkdtempSync(path.join(tmpdir(), `concurrency-${chaos || 'clean'}-`));
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/conformance.ts', '--grep', GREP, '--workers=2', '--reporter', 'dot'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, REPORT_DIR: reportDir, SHOP_CHAOS: chaos, BASE_URL: '', SHOP_FAULTS: '', FC_SEED: '20261127', CI: '' },
    encoding: 'utf8',
    timeout: 240_000,
  });
  const output = `${r.stdout}\n${r.stderr}`;
  const report = JSON.parse(readFileSync(path.join(reportDir, 'compatibility', 'report.json'), 'utf8')) as CompatibilityReport;
  return { report, output };
}

function cells(r: CompatibilityReport): Record<string, string> {
  const out: Record<string, string> = {};
  for (const row of r.operations) for (const [check, outcome] of Object.entries(row.cells)) out[`${row.id} · ${check}`] = outcome;
  return out;
}

test('should report overlapping 500s as a concurrency defect of the operation and leave every cell as a clean run has it @harness', () => {
  test.setTimeout(600_000);
  const clean = run('');
  const chaos = run('overlap-500');
  expect(Object.keys(cells(clean.report)).length, clean.output.slice(-2000)).toBeGreaterThan(30);
  expect(cells(chaos.report), chaos.output.slice(-3000)).toEqual(cells(clean.report));
  expect(chaos.report.failures).toEqual([]);
  expect(clean.report.unreproduced ?? []).toEqual([]);

  const found = (chaos.report.unreproduced ?? []).filter((u) => u.showing === 'concurrency');
  expect(found.length, JSON.stringify(chaos.report.unreproduced, null, 1).slice(0, 3000)).toBeGreaterThan(0);
  for (const u of found) {
    expect(u.evidence?.status).toBe(500);
    expect(u.evidence?.bodyExcerpt).toContain(OVERLAP_MESSAGE);
    // Alone it answered; overlapped it broke down again.
    expect(u.replays.map((e) => e.status)).toEqual([200, 500]);
  }
  expect(chaos.report.counts.concurrency).toBe(found.length);
  expect(chaos.output).toContain('only under concurrency');
});
