// Sharding: the same slice of the suite, once unsharded and once as two shards (`--shard=i/2`,
// each writing a blob report and a partial compatibility report), then `npm run report --
// --merge` over the shards' folders. The merged matrix must be the unsharded one.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { test as base, expect } from '@playwright/test';
import type { CompatibilityReport } from '../../src/report/compatibility/types.js';
import { launchChromium } from './support/browser.js';
import { FAULT, FAULTY_OPS, PLAYWRIGHT_CLI, runNode, selfTestDir, SLICE, tsx, type ChildResult } from './support/child.js';

interface ShardRuns {
  whole: CompatibilityReport;
  shards: CompatibilityReport[];
  merged: CompatibilityReport;
  shardDirs: string[];
  mergedDir: string;
  merge: ChildResult;
}

function readReport(dir: string, output: string): CompatibilityReport {
  const file = path.join(dir, 'compatibility', 'report.json');
  if (!existsSync(file)) throw new Error(`no report in ${dir}:\n${output.slice(-3000)}`);
  return JSON.parse(readFileSync(file, 'utf8')) as CompatibilityReport;
}

/** What must not depend on how the run was split. */
function matrixOf(r: CompatibilityReport): unknown {
  return {
    checks: r.checks,
    operations: r.operations.map((o) => ({ id: o.id, status: o.status, cells: o.cells })),
    groups: r.groups,
    score: r.score,
    testsByOutcome: r.counts.testsByOutcome,
    cellsByOutcome: r.counts.cellsByOutcome,
    failures: r.failures.map((f) => ({ operation: f.operation, check: f.check, outcome: f.outcome, findings: f.findings.map((x) => x.title), tests: f.tests.map((t) => t.title) })),
    unsupported: r.unsupported.map((f) => `${f.operation}/${f.check}`),
    gate: { ok: r.gate.ok, newFailures: r.gate.newFailures },
    target: { apiVersion: r.target.apiVersion, shopVersion: r.target.shopVersion },
  };
}

const test = base.extend<object, { runs: ShardRuns }>({
  runs: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const root = selfTestDir('sharding');
      rmSync(root, { recursive: true, force: true });
      const wholeDir = path.join(root, 'whole');
      const shardDirs = [1, 2].map((i) => path.join(root, 'shards', `shard-${i}`));
      const mergedDir = path.join(root, 'merged');
      [wholeDir, ...shardDirs, mergedDir].forEach((d) => mkdirSync(d, { recursive: true }));
      const env = (dir: string, id: string): Record<string, string> => ({ REPORT_DIR: dir, RUN_ID: id, SHOP_FAULTS: FAULT });
      // The three runs are independent (own shop, own port, own folder): run them side by side.
      const [whole, ...shards] = await Promise.all([
        runNode([PLAYWRIGHT_CLI, 'test', ...SLICE], env(wholeDir, 'rwhole')),
        ...shardDirs.map((d, i) => runNode([PLAYWRIGHT_CLI, 'test', ...SLICE, `--shard=${i + 1}/2`], env(d, `rshard${i + 1}`))),
      ]);
      const merge = await runNode(tsx('src/cli/report.ts', '--merge', path.join(root, 'shards'), '--no-allure'), { REPORT_DIR: mergedDir, SHOP_FAULTS: FAULT });
      await use({
        whole: readReport(wholeDir, whole?.output ?? ''),
        shards: shardDirs.map((d, i) => readReport(d, shards[i]?.output ?? '')),
        merged: readReport(mergedDir, merge.output),
        shardDirs,
        mergedDir,
        merge,
      });
    },
    { scope: 'worker', timeout: 300_000 },
  ],
});

test.describe('sharded runs @reports', () => {
  test.describe.configure({ mode: 'default' });

  test('should write a blob report and a partial compatibility report per shard', ({ runs }) => {
    runs.shards.forEach((r, i) => {
      expect(r.shard).toEqual({ current: i + 1, total: 2 });
      // Playwright names it report[-<command hash>]-<shard>.zip.
      const blob = path.join(runs.shardDirs[i] ?? '', 'blob');
      expect(readdirSync(blob).filter((f) => f.endsWith(`-${i + 1}.zip`))).toHaveLength(1);
      expect(r.counts.tests).toBeGreaterThan(0);
    });
    expect(runs.shards.reduce((n, r) => n + r.counts.tests, 0)).toBe(runs.whole.counts.tests);
  });

  test('should merge two shards into the same matrix as one unsharded run', ({ runs }) => {
    expect(runs.merge.status, runs.merge.output.slice(-3000)).toBe(0);
    expect(runs.merged.shard).toBeNull();
    expect(runs.merged.counts.tests).toBe(runs.whole.counts.tests);
    expect(matrixOf(runs.merged)).toEqual(matrixOf(runs.whole));
    // The slice is not trivial: it has failures, and both shards had some of its operations.
    expect(runs.merged.failures.map((f) => f.operation)).toEqual(expect.arrayContaining(FAULTY_OPS));
    expect(runs.shards.every((r) => r.counts.testedOperations > 0)).toBe(true);
  });

  test('should merge the other reports too: HTML, JUnit and Allure results', ({ runs }) => {
    expect(existsSync(path.join(runs.mergedDir, 'html', 'index.html'))).toBe(true);
    const junit = readFileSync(path.join(runs.mergedDir, 'junit.xml'), 'utf8');
    expect(junit).toContain(`tests="${runs.whole.counts.tests}"`);
    expect(existsSync(path.join(runs.mergedDir, 'allure-results', 'environment.properties'))).toBe(true);
  });

  // Shards run apart, each with its run id and (FC_SEED unset) its own seed: the merged HTML
  // report's title names both, as the shards' target.json files say.
  test("should name every shard's run in the merged HTML report's title, in Chromium", async ({ runs }) => {
    const seeds = [...new Set(runs.shards.map((r) => String(r.seed)))].join(', ');
    const title = `Conformance run rshard1, rshard2 · embedded reference shop · PROFILE=standard · FC_SEED=${seeds} · FC_RUNS=${process.env.FC_RUNS ?? '25'}`;
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(pathToFileURL(path.join(runs.mergedDir, 'html', 'index.html')).href);
      await expect(page).toHaveTitle(title);
      await expect(page.getByText(title, { exact: true })).toBeVisible();
    } finally {
      await browser.close();
    }
  });
});
