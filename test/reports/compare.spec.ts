// What changed between two builds (issue 34), end to end on the reference shop: three real runs of
// the customers' contract and property tests (the clean shop with two seeds, and the shop with the
// named fault `customer-without-email`, which answers customers without their `email`), then
// `npm run compare` and `npm run conformance -- --gate-against`. Checked: clean against clean gives
// 0 items; the fault against the clean build names the fault's defect as new and its drift (the
// field gone, breaking for clients), also through the noise filter; the gate fails on the fault and
// passes clean; the matrix page and the comparison page in Chromium; no artefact holds the password.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from '@playwright/test';
import { compare, type Comparison } from '../../src/compare/compare.js';
import type { Matrix } from '../../src/compare/matrix.js';
import type { RunShapes } from '../../src/compare/shapes-file.js';
import { loadRun } from '../../src/compare/run.js';
import { withPage } from './support/browser.js';
import { PASSWORD, runNode, tsx, USER, type ChildResult } from './support/child.js';
import { readJson, testWithRuns } from './support/runs.js';
import { secretForms } from '../../src/client/redact.js';
import { scanTree } from '../support/artefact-scan.js';

const FAULT = 'customer-without-email';
/** The customers' contract and property tests: seconds on the embedded shop, and the seed matters for the properties. */
const SLICE = ['suites/contract', 'suites/properties', '--grep', '@customers'];

interface Runs {
  dir: string;
  clean: string;
  clean2: string;
  faulty: string;
}

const test = testWithRuns('compare', async (dir): Promise<Runs> => {
  const runs = { dir, clean: path.join(dir, 'clean'), clean2: path.join(dir, 'clean2'), faulty: path.join(dir, 'faulty') };
  const conformance = (reportDir: string, seed: string, faults = ''): Promise<ChildResult> => runNode(tsx('src/cli/conformance.ts', '--reporter', 'dot', ...SLICE), { REPORT_DIR: reportDir, FC_SEED: seed, SHOP_FAULTS: faults });
  for (const [reportDir, seed, faults] of [[runs.clean, '11', ''], [runs.clean2, '12', ''], [runs.faulty, '11', FAULT]] as const) {
    const r = await conformance(reportDir, seed, faults);
    if (!existsSync(path.join(reportDir, 'compatibility', 'shapes.json'))) throw new Error(`no shapes.json in ${reportDir}:\n${r.output.slice(-3000)}`);
  }
  return runs;
});

test.describe('comparing runs @reports', () => {
  test.describe.configure({ mode: 'default' });

  test('should record what the answers looked like beside report.json, per operation and kind of request, without values', ({ runs }) => {
    const shapes = readJson<RunShapes>(path.join(runs.clean, 'compatibility', 'shapes.json'));
    const read = shapes.operations.getCustomer?.['valid request'];
    expect(read?.fixed?.statuses['200']).toBeGreaterThan(0);
    expect(read?.fixed?.bodies?.['200']?.email).toEqual({ string: expect.any(Number) as unknown as number });
    expect(read?.fixed?.headers?.['200']?.['content-type']).toEqual({ 'application/json': expect.any(Number) as unknown as number });
    expect(shapes.operations.getCustomer?.['without credentials']?.fixed?.statuses).toEqual({ '401': expect.any(Number) as unknown as number });
    expect(Object.keys(shapes.operations.getCustomer ?? {})).toContain('a wrong-typed id');
    // The properties' drawn bodies are kept apart.
    expect(shapes.operations.createCustomers?.['valid request']?.drawn?.answers).toBeGreaterThan(0);
    // No value: the e-mails the run wrote are nowhere in the file.
    expect(readFileSync(path.join(runs.clean, 'compatibility', 'shapes.json'), 'utf8')).not.toMatch(/qa\+\S*@example\.test/);
    // The harness that made it: its version, and its commit where it is a git checkout (a copy without .git has none).
    expect(shapes.harness?.version).toMatch(/^\d+\.\d+\.\d+/);
    if (existsSync(path.resolve(import.meta.dirname, '../../.git'))) expect(shapes.harness?.commit).toMatch(/^[0-9a-f]{40}$/);
    else expect(shapes.harness?.commit).toBeNull();
  });

  test('should report 0 items for the clean build against itself, with another seed', async ({ runs }) => {
    const out = path.join(runs.dir, 'clean-vs-clean');
    const r = await runNode(tsx('src/cli/compare.ts', runs.clean, path.join(runs.clean2, 'compatibility', 'report.json'), '--out', out), {});
    expect(r.status, r.output).toBe(0);
    expect(r.output).toContain('0 items (0 breaking for clients)');
    const c = readJson<Comparison>(path.join(out, 'comparison.json'));
    expect(c.items).toEqual([]);
    expect(c.old.seed).toBe(11);
    expect(c.new.seed).toBe(12);
    expect(c.caveats).toEqual([]);
  });

  test('should say when two runs were made by different builds of the harness (a reworded rule reads as a change of the shop)', ({ runs }) => {
    const older = loadRun(runs.clean);
    const newer = loadRun(runs.clean2);
    expect(compare(older, newer).caveats).toEqual([]);
    const commit = newer.shapes?.harness?.commit ?? '';
    const other = { ...older, shapes: { ...(older.shapes as RunShapes), harness: { version: '0.0.9', commit: 'f'.repeat(40) } } };
    expect(compare(other, newer).caveats).toEqual([expect.stringContaining(`different builds of the harness (0.0.9 fffffff and ${newer.shapes?.harness?.version ?? ''} ${commit.slice(0, 7)})`)]);
    // A run from before it (no build recorded) is not called another build.
    const unknown = { ...older, shapes: { ...(older.shapes as RunShapes) } };
    delete unknown.shapes.harness;
    expect(compare(unknown, newer).caveats).toEqual([]);
  });

  test("should name the fault's defect as new and the field it drops as breaking drift", async ({ runs }) => {
    const out = path.join(runs.dir, 'clean-vs-faulty');
    const r = await runNode(tsx('src/cli/compare.ts', runs.clean, runs.faulty, '--out', out), {});
    expect(r.status, r.output).toBe(0);
    const c = readJson<Comparison>(path.join(out, 'comparison.json'));
    const schema = c.items.find((i) => i.category === 'defect-new' && i.defect?.signature === 'responseSchemaConformance | 2xx | lacks email | any input');
    expect(schema, JSON.stringify(c.items.map((i) => i.title), null, 2)).toBeDefined();
    expect(schema?.new.curl).toContain('/customers');
    expect(schema?.old.shows).toMatch(/^not shown; its cells: .*responseSchemaConformance: pass/);
    const gone = c.items.filter((i) => i.category === 'drift' && i.drift?.change === 'field-removed');
    expect(gone.map((i) => `${i.operation} ${i.drift?.field ?? ''}`)).toEqual(expect.arrayContaining(['getCustomer email', 'getCustomers [].email']));
    for (const i of gone) {
      expect(i.breaking).toBe(true);
      expect(i.new.shows).toMatch(/^absent from all \d+ objects/);
      expect(i.old.curl).toContain("-u \"$API_USER:$API_PASSWORD\"");
    }
    // Nothing the clean build already showed, and nothing but the customers' records moved.
    expect(c.counts.defects.fixed).toBe(0);
    expect(c.items.every((i) => !i.operation || /ustomer/.test(i.operation)), JSON.stringify(c.items.map((i) => i.title), null, 2)).toBe(true);
    expect(r.output).toMatch(/\[gate, breaking\] getCustomer: `email` is gone from 2xx answers to valid request/);
  });

  test('should keep the real change through the noise filter of a second clean run', async ({ runs }) => {
    const out = path.join(runs.dir, 'clean-vs-faulty-noise');
    const r = await runNode(tsx('src/cli/compare.ts', runs.clean, runs.faulty, '--noise', runs.clean2, '--out', out), {});
    expect(r.status, r.output).toBe(0);
    const c = readJson<Comparison>(path.join(out, 'comparison.json'));
    expect(c.noise?.seed).toBe(12);
    expect(c.counts.suppressed).toBe(0);
    expect(c.items.some((i) => i.drift?.change === 'field-removed' && i.drift.field === 'email')).toBe(true);
  });

  test('should fail --gate-against on the fault and pass the clean build, with the exit codes of the baseline gate', async ({ runs }) => {
    const gate = (run: string) => runNode(tsx('src/cli/conformance.ts', '--from', path.join(run, 'compatibility', 'report.json'), '--gate-against', runs.clean), { REPORT_DIR: path.join(runs.dir, 'gate') });
    const failed = await gate(runs.faulty);
    expect(failed.status, failed.output).toBe(1);
    expect(failed.output).toMatch(/Gate against reference shop .*: failed: \d+ new defect\(s\); .*breaking drift in answers\./);
    expect(failed.output).toContain('[gate] New defect: Answers 2xx bodies that break the declared schema: `email` is missing');
    expect(existsSync(path.join(runs.faulty, 'compatibility', 'comparison.html'))).toBe(true);
    const passed = await gate(runs.clean2);
    expect(passed.status, passed.output).toBe(0);
    expect(passed.output).toMatch(/Gate against reference shop .*: passed \(nothing new fails; 0 defect\(s\) the old run had too\)\./);
    // The baseline's account is not printed: it is not what decides this gate.
    expect(passed.output).not.toContain('failure(s) not in the baseline');
    const missing = await runNode(tsx('src/cli/conformance.ts', '--gate-against', path.join(runs.dir, 'no-such-run')), { REPORT_DIR: path.join(runs.dir, 'gate') });
    expect(missing.status).toBe(2);
    expect(missing.output).toContain('--gate-against');
  });

  test('should render the matrix of three runs and the comparison page from disk in Chromium', async ({ runs }) => {
    const out = path.join(runs.dir, 'matrix');
    const r = await runNode(tsx('src/cli/compare.ts', runs.clean, runs.clean2, runs.faulty, '--out', out), {});
    expect(r.status, r.output).toBe(0);
    const m = readJson<Matrix>(path.join(out, 'matrix.json'));
    expect(m.runs).toHaveLength(3);
    expect(m.neighbours.map((n) => n.counts.items)).toEqual([0, expect.any(Number) as unknown as number]);
    expect(m.neighbours[1]?.breaking.some((i) => i.drift?.field === 'email')).toBe(true);
    const requests = await withPage(async (page) => {
      await page.goto(pathToFileURL(path.join(out, 'matrix.html')).href);
      await expect(page.locator('h1')).toHaveText('Compatibility across versions');
      await expect(page.locator('#matrix-table th.run')).toHaveCount(3);
      const row = page.locator('#matrix-table tr[data-operation="getCustomer"]');
      await expect(row.locator('td.cell')).toHaveText(['conformant', 'conformant', 'failing']);
      await expect(row).toHaveClass(/changed/);
      await expect(page.locator('#matrix-table tr[data-operation="getTaxClasses"] td.cell')).toHaveText(['untested', 'untested', 'untested']);
      await expect(page.locator('details[data-run="2"] summary')).toContainText(/\d+ defects?/);
      const second = page.locator('section.neighbours[data-from="1"]');
      await expect(second.locator('details').first()).toHaveAttribute('open', '');
      await expect(second).toContainText('`email` is gone from 2xx answers to valid request');
      await page.screenshot({ path: path.join(out, 'matrix.png'), fullPage: false });

      await page.goto(pathToFileURL(path.join(runs.faulty, 'compatibility', 'comparison.html')).href);
      await expect(page.locator('#items-count')).not.toHaveText('0');
      const item = page.locator('section.item[data-category="drift"][data-operation="getCustomer"]').filter({ hasText: '`email` is gone' });
      await expect(item).toBeVisible();
      await expect(item.locator('.pill.breaking')).toHaveText('breaking for clients');
      await expect(item.locator('pre.cmd').first()).toContainText('curl');
      await expect(page.locator('section.item[data-category="defect-new"]').first()).toBeVisible();
    });
    expect(requests, 'the pages open from disk and fetch nothing').toEqual([]);
  });

  test('should write no password into shapes, comparisons or matrices', ({ runs }) => {
    const { hits, files } = scanTree(runs.dir, secretForms(USER, PASSWORD));
    expect(files.filter((f) => /shapes\.json$|comparison\.(html|json)$|matrix\.(html|json)$/.test(f)).length).toBeGreaterThanOrEqual(9);
    expect(hits).toEqual([]);
  });
});
