// Baselines that know defects, proven on the reference shop. A baseline written from the
// list of customers of a shop that answers registrees with their password
// (`customer-password-returned`) and error bodies without `message` (`error-body-without-message`)
// holds getCustomers · responseSchemaConformance and · errorBodyShape by those defects' signatures.
// Then the shop also drops the e-mail from customer records (`customer-without-email`) and answers
// a missing customer with 200 and an empty record (`customer-missing-200`), while the baseline holds
// getCustomer · rule:error-status by another defect (GX 3.2's: a non-numeric id answered 200).
// Checked: both new defects fail the gate although their cells are in the baseline; the known error
// body defect that reached one more operation (getCustomer) fails the gate there, and the report
// says so; an older baseline that names the cells but no defect lets them through (what
// signatures fix).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { readBaseline } from '../../src/report/compatibility/baseline.js';
import { rebaseline } from '../../src/report/compatibility/build.js';
import type { BaselineEntry, CompatibilityReport } from '../../src/report/compatibility/types.js';
import { runNode, tsx, type ChildResult } from './support/child.js';
import { readReport, testWithRuns } from './support/runs.js';

/** GX 3.2's known defect of getCustomer · rule:error-status, as its signature reads. */
const ABC_200 = 'invalid-input-accepted | 2xx |  | a wrong-typed id';
const PASSWORD = 'responseSchemaConformance | 2xx | /password must not be present here | any input';
const NO_MESSAGE = 'errorBodyShape | error | # error body says nothing | any input';
const NO_EMAIL = 'responseSchemaConformance | 2xx | lacks email | any input';

interface Runs {
  dir: string;
  baseline: BaselineEntry[];
  first: ChildResult;
  second: ChildResult;
  json: CompatibilityReport;
}

const test = testWithRuns('defect-baseline', async (dir): Promise<Runs> => {
  const file = path.join(dir, 'baseline.json');
  writeFileSync(file, JSON.stringify({ version: 1, deviations: [] }));
  // 1. The shop as the baseline knows it: the list of customers answers their passwords.
  const first = await runNode(tsx('src/cli/conformance.ts', '--update-baseline', '--baseline', file, '--reporter', 'dot', 'suites/contract', '--grep', '@op:getCustomers\\b'), { REPORT_DIR: path.join(dir, 'first'), RUN_ID: 'rdefects1', SHOP_FAULTS: 'customer-password-returned,error-body-without-message' });
  const written = readBaseline(file).entries;
  // The team words its reasons, and holds getCustomer · rule:error-status by GX 3.2's defect.
  const baseline = [...written.map((e) => ({ ...e, reason: `known: ${e.defect ?? ''}` })), { operation: 'getCustomer', check: 'rule:error-status', defect: ABC_200, reason: 'GET /customers/abc answers 200 with the customer list' }];
  writeFileSync(file, JSON.stringify({ version: 1, deviations: baseline }));
  // 2. The shop changed: it also drops the e-mail and answers a missing customer with 200 and an empty record.
  const second = await runNode(tsx('src/cli/conformance.ts', '--baseline', file, '--reporter', 'dot', 'suites/contract', 'suites/resources/customers.spec.ts', '--grep', '@op:getCustomers?\\b'), { REPORT_DIR: path.join(dir, 'second'), RUN_ID: 'rdefects2', SHOP_FAULTS: 'customer-password-returned,error-body-without-message,customer-without-email,customer-missing-200' });
  return { dir, baseline, first, second, json: readReport(path.join(dir, 'second')) };
});

test.describe('baselines that know defects, on the reference shop @reports', () => {
  test.describe.configure({ mode: 'default' });

  test('should write a baseline that names the defect of each failing cell', ({ runs }) => {
    expect(runs.first.status, runs.first.output.slice(-2000)).toBe(0);
    const named = (check: string) => runs.baseline.filter((e) => e.operation === 'getCustomers' && e.check === check).map((e) => e.defect);
    expect(named('responseSchemaConformance')).toContain(PASSWORD);
    expect(named('errorBodyShape')).toEqual([NO_MESSAGE]);
  });

  test('should fail the gate on a shop that drops the e-mail, although getCustomers · responseSchemaConformance is known', ({ runs }) => {
    const r = runs.json;
    expect(runs.second.status, runs.second.output.slice(-3000)).toBe(1);
    const email = r.defects.find((d) => d.signature === NO_EMAIL);
    expect(email, JSON.stringify(r.defects.map((d) => d.signature), null, 1)).toBeDefined();
    expect(email?.known).toBeUndefined();
    expect(r.defects.find((d) => d.signature === PASSWORD)?.cells).toContainEqual({ operation: 'getCustomers', check: 'responseSchemaConformance' });
    expect(r.defects.find((d) => d.signature === PASSWORD)?.known).toBe(true);
    expect(r.gate.newFailures).toContainEqual({ operation: 'getCustomers', check: 'responseSchemaConformance', outcome: 'fail', defects: [email?.id] });
    expect(runs.second.output).toContain(`${email?.id ?? '?'} ${email?.title ?? '?'}`);
  });

  test('should fail the gate on a missing record answered 200, although its cell holds a known defect', ({ runs }) => {
    const r = runs.json;
    const missing = r.defects.find((d) => d.cells.some((c) => c.operation === 'getCustomer' && c.check === 'rule:error-status'));
    expect(missing?.signature).toBe('invalid-input-accepted | 2xx | an empty object | a request for a record that does not exist');
    expect(missing?.title).toBe('Answers 200 with an empty object to a request for a record that does not exist instead of refusing it with a 4xx');
    expect(r.gate.newFailures).toContainEqual({ operation: 'getCustomer', check: 'rule:error-status', outcome: 'fail', defects: [missing?.id] });
  });

  test('should fail the gate where the known defect reached one more operation, and say so', ({ runs }) => {
    const r = runs.json;
    const noMessage = r.defects.find((d) => d.signature === NO_MESSAGE);
    expect(noMessage?.known).toBe(true);
    expect(noMessage?.cells.filter((c) => c.beyondBaseline).map((c) => `${c.operation} · ${c.check}`)).toContain('getCustomer · errorBodyShape');
    // A known defect in a cell the baseline does not name is a regression there.
    expect(r.gate.newFailures).toContainEqual({ operation: 'getCustomer', check: 'errorBodyShape', outcome: 'fail', defects: [noMessage?.id] });
    expect(r.gate.defects?.reached?.map((s) => s.id)).toContain(noMessage?.id);
    expect(r.gate.defects?.new).not.toContain(noMessage?.id);
    expect(runs.second.output).toMatch(/known defect\(s\) reached cells the baseline does not name \(a regression/);
  });

  test('should let both through with a baseline that names the cells but no defect (what signatures fix)', ({ runs }) => {
    const cellsOnly = runs.json.failures.map((f) => ({ operation: f.operation, check: f.check, reason: 'accepted' }));
    const old = rebaseline(runs.json, { file: path.join(runs.dir, 'cells-only.json'), entries: cellsOnly }, runs.dir);
    expect(old.gate.ok).toBe(true);
    expect(old.gate.defects?.cellOnly).toBe(cellsOnly.length);
  });
});
