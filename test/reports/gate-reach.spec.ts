// A known defect that reaches a cell the baseline does not name fails the gate: a defect that
// shares its signature with one the baseline knows elsewhere is a regression in a new cell, not
// "still known". Here the baseline knows a missing customer answered 200 {}
// (`customer-missing-200`, getCustomer · rule:error-status); then the shop also answers a missing
// category so (`category-missing-200`, the same kind of defect, the same signature): the gate
// fails on getCategory's cells, and says the known defect reached them. A baseline entry whose
// `spread` tolerates the defect anywhere lets it through, with its reason.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { readBaseline } from '../../src/report/compatibility/baseline.js';
import { rebaseline } from '../../src/report/compatibility/build.js';
import type { BaselineEntry, CompatibilityReport } from '../../src/report/compatibility/types.js';
import { runNode, tsx, type ChildResult } from './support/child.js';
import { readReport, testWithRuns } from './support/runs.js';

const MISSING_READ = 'invalid-input-accepted | 2xx | an empty object | a request for a record that does not exist';
const TESTS = ['suites/resources/customers.spec.ts', 'suites/resources/categories.spec.ts', '--grep', 'should answer 400 for an invalid customer id and 404 for a missing one|should answer 404 for a category that does not exist'];

interface Runs {
  dir: string;
  baseline: BaselineEntry[];
  second: ChildResult;
  json: CompatibilityReport;
}

const test = testWithRuns('gate-reach', async (dir): Promise<Runs> => {
  const file = path.join(dir, 'baseline.json');
  writeFileSync(file, JSON.stringify({ version: 1, deviations: [] }));
  // 1. The shop as the baseline knows it: a missing customer reads 200 {}.
  await runNode(tsx('src/cli/conformance.ts', '--update-baseline', '--baseline', file, '--reporter', 'dot', ...TESTS), { REPORT_DIR: path.join(dir, 'first'), RUN_ID: 'rgatereach1', SHOP_FAULTS: 'customer-missing-200' });
  const baseline = readBaseline(file).entries.map((e) => ({ ...e, reason: 'vendor ticket 37: a missing customer reads as an empty record' }));
  writeFileSync(file, JSON.stringify({ version: 1, deviations: baseline }));
  // 2. The shop changed: a missing category reads 200 {} too.
  const second = await runNode(tsx('src/cli/conformance.ts', '--baseline', file, '--reporter', 'dot', ...TESTS), { REPORT_DIR: path.join(dir, 'second'), RUN_ID: 'rgatereach2', SHOP_FAULTS: 'customer-missing-200,category-missing-200' });
  return { dir, baseline, second, json: readReport(path.join(dir, 'second')) };
});

test.describe('a known defect in a cell the baseline does not name @reports', () => {
  test.describe.configure({ mode: 'default' });

  test('should know the missing customer by its defect', ({ runs }) => {
    expect(runs.baseline.map((e) => [e.operation, e.check, e.defect])).toContainEqual(['getCustomer', 'rule:error-status', MISSING_READ]);
  });

  test('should fail the gate where the same kind of defect reached another operation, and say so', ({ runs }) => {
    const r = runs.json;
    const d = r.defects.find((x) => x.signature === MISSING_READ);
    expect(d?.cells.map((c) => c.operation).sort(), JSON.stringify(r.defects.map((x) => x.signature), null, 1)).toEqual(['getCategory', 'getCustomer']);
    expect(d?.known).toBe(true);
    expect(runs.second.status, runs.second.output.slice(-3000)).toBe(1);
    expect(r.gate.ok).toBe(false);
    expect(r.gate.newFailures).toContainEqual({ operation: 'getCategory', check: 'rule:error-status', outcome: 'fail', defects: [d?.id] });
    expect(r.gate.known.map((k) => `${k.operation} · ${k.check}`)).toContain('getCustomer · rule:error-status');
    expect(r.gate.defects?.reached).toEqual([{ id: d?.id, cells: [{ operation: 'getCategory', check: 'rule:error-status' }] }]);
    expect(runs.second.output).toMatch(/1 known defect\(s\) reached cells the baseline does not name \(a regression/);
  });

  test('should let it through only where an entry tolerates the spread, with its reason', ({ runs }) => {
    const tolerant = runs.baseline.map((e) => (e.defect === MISSING_READ ? { ...e, spread: 'one serializer answers every missing record: accepted wherever it shows' } : e));
    const r = rebaseline(runs.json, { file: path.join(runs.dir, 'tolerant.json'), entries: tolerant }, runs.dir);
    expect(r.gate.ok).toBe(true);
    expect(r.gate.defects?.spread.map((s) => s.cells)).toEqual([[{ operation: 'getCategory', check: 'rule:error-status' }]]);
  });
});
