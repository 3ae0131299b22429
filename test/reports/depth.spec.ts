// DEPTH: the setting, what quick declares, and what its report may say. quick's Fail
// cells are a subset of standard's on the same shop (proved here on the reference shop with faults
// quick catches and faults only standard's extra cases catch), its page and closing line say which
// depth ran and what it did not look at, a baseline entry quick did not fail is "not run" or
// "passed at quick, not judged fixed", never "fixed", never a failure, and --gate-against a
// standard run claims nothing fixed from quick and still fails on what quick saw fail anew.
// quick sends one case of each list parameter through the resource suites' list-parameter tests.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import { ConfigError, loadConfig } from '../../src/config/config.js';
import { depthNote, ignoredSuites, ignoredTests, LIST_PARAMETER_TAG, probesAt } from '../../src/config/depth.js';
import { compare, QUICK_NOT_FIXED } from '../../src/compare/compare.js';
import { gateAgainst } from '../../src/compare/gate.js';
import { loadRun, type LoadedRun } from '../../src/compare/run.js';
import { readRequestSummary } from '../../src/client/tally.js';
import { CHECKS } from '../../src/checks/registry.js';
import { applyBaseline } from '../../src/report/compatibility/baseline.js';
import { depthLine } from '../../src/report/compatibility/closing.js';
import type { CellReport } from '../../src/report/compatibility/rows.js';
import type { CompatibilityReport } from '../../src/report/compatibility/types.js';
import { planContract } from '../../suites/contract/plan.js';
import { bundled } from '../harness/support/exchanges.js';
import { runNode, tsx, type ChildResult } from './support/child.js';
import { readReport, testWithRuns } from './support/runs.js';

const spec = await bundled();
const all = { onlyGroups: [] as string[], skipGroups: [] as string[] };

/** A root with the bundled spec's path taken by a stub, so loadConfig validates nothing else. */
function root(dotenv?: string): string {
  const r = path.join(tmpdir(), `depth-${process.pid}-${Math.random().toString(36).slice(2, 8)}`);
  mkdirSync(path.join(r, 'spec'), { recursive: true });
  writeFileSync(path.join(r, 'spec/own.yaml'), 'swagger: "2.0"\n');
  if (dotenv !== undefined) writeFileSync(path.join(r, '.env'), dotenv);
  return r;
}

base.describe('DEPTH, the setting and the plan @reports @config', () => {
  base('should default to standard, take the environment over .env, and refuse an unknown depth with its source', () => {
    expect(loadConfig({ SPEC: 'spec/own.yaml' }, root()).depth).toBe('standard');
    expect(loadConfig({ SPEC: 'spec/own.yaml', DEPTH: 'QUICK' }, root('DEPTH=deep\n')).depth).toBe('quick');
    expect(loadConfig({ SPEC: 'spec/own.yaml' }, root('DEPTH=deep\n')).depth).toBe('deep');
    let err: unknown;
    try {
      loadConfig({ SPEC: 'spec/own.yaml' }, root('DEPTH=fast\n'));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).problems).toEqual([{ variable: 'DEPTH', message: 'DEPTH=fast is unknown; use one of quick, standard, deep.', source: '.env' }]);
  });

  base('should raise FC_RUNS at deep unless FC_RUNS says otherwise', () => {
    expect(loadConfig({ SPEC: 'spec/own.yaml', DEPTH: 'deep' }, root()).fcRuns).toBe(100);
    expect(loadConfig({ SPEC: 'spec/own.yaml', DEPTH: 'deep', FC_RUNS: '30' }, root()).fcRuns).toBe(30);
    expect(loadConfig({ SPEC: 'spec/own.yaml' }, root()).fcRuns).toBe(25);
  });

  base('should declare at quick every operation, with only the checks of the probes it sends, a subset of standard', () => {
    const standard = planContract(spec.catalogue, all);
    const quick = planContract(spec.catalogue, { ...all, depth: 'quick' });
    expect(quick.map((p) => p.op.id)).toEqual(spec.catalogue.operations.map((o) => o.id));
    const key = (t: { op: { id: string }; check: { name: string } }): string => `${t.op.id} ${t.check.name}`;
    const std = new Set(standard.flatMap((p) => p.tests).map(key));
    const q = quick.flatMap((p) => p.tests);
    expect(q.every((t) => std.has(key(t)))).toBe(true);
    const names = new Set(q.map((t) => t.check.name));
    expect([...names].sort()).toEqual(CHECKS.filter((c) => probesAt('quick', c.probes).length).map((c) => c.name).sort());
    expect(names.has('methodOverride')).toBe(false);
    expect(names.has('transportSecurity')).toBe(false);
    expect(names.has('statusCodeConformance') && names.has('responseSchemaConformance') && names.has('authRequired') && names.has('negativeDataRejection')).toBe(true);
    // quick leaves out the security pack's active probes; its passive scan (answers.spec.ts) stays.
    expect(ignoredSuites('quick')).toEqual(['**/suites/properties/**', '**/suites/model/**', '**/suites/security/injection.spec.ts', '**/suites/security/mass-assignment.spec.ts', '**/suites/security/credentials.spec.ts']);
    expect(ignoredSuites('standard')).toEqual([]);
  });

  base('should keep of the resource suites at quick only the list-parameter tests, under any project name', () => {
    const out = ignoredTests('quick');
    expect(ignoredTests('standard')).toBeUndefined();
    expect(ignoredTests('deep')).toBeUndefined();
    // Playwright's grep line: project name, file relative to suites/, titles, tags.
    const line = (project: string, file: string, tags: string): string => `${project} ${file} customers should do it ${tags}`;
    for (const project of ['', 'fault:per-page-ignored']) {
      expect(out?.test(line(project, 'resources/customers.spec.ts', `@customers @rule:per-page ${LIST_PARAMETER_TAG}`))).toBe(false);
      expect(out?.test(line(project, 'resources/customers.spec.ts', `@customers @rule:per-page ${LIST_PARAMETER_TAG} @readonly`))).toBe(false);
      expect(out?.test(line(project, 'resources/customers.spec.ts', '@customers @rule:filter-type'))).toBe(true);
      expect(out?.test(line(project, 'resources/customers.spec.ts', '@customers @rule:fields'))).toBe(true);
      expect(out?.test(line(project, 'contract/contract-1.spec.ts', '@customers @check:authRequired'))).toBe(false);
      expect(out?.test(line(project, 'security/answers.spec.ts', '@security'))).toBe(false);
    }
  });

  base('should keep a baseline entry quick did not fail as not run, never fixed, and pass the gate', () => {
    const cells: CellReport[] = [
      { operation: 'getCustomer', check: 'negativeDataRejection', outcome: 'pass', tests: [], findings: [] },
      { operation: 'getCustomer', check: 'statusCodeConformance', outcome: 'pass', tests: [], findings: [] },
    ];
    const entries = [
      { operation: 'getCustomer', check: 'negativeDataRejection', reason: 'vendor ticket 1: a huge id answers 500' },
      { operation: 'getCustomers', check: 'rule:sort', reason: 'vendor ticket 2: sorts by bytes' },
    ];
    const input = { baseline: { file: undefined, entries }, cells, runErrors: [], projectRoot: '/' };
    const quick = applyBaseline({ ...input, depth: 'quick' });
    expect(quick.ok).toBe(true);
    expect(quick.fixed).toEqual([]);
    expect(quick.unmatched).toEqual([]);
    // Its cell ran and passed: said apart, not fixed; the cell quick never ran: not run.
    expect(quick.passedAtDepth).toEqual([entries[0]]);
    expect(quick.notRun).toEqual([entries[1]]);
    const standard = applyBaseline({ ...input, depth: 'standard' });
    expect(standard.fixed.map((e) => e.operation)).toEqual(['getCustomer']);
    expect(standard.notRun).toBeUndefined();
    expect(standard.passedAtDepth).toBeUndefined();
  });

  base('should fail the gate at quick on a failure no entry knows, and keep a wildcard entry that matched a pass as not run', () => {
    const cells: CellReport[] = [
      { operation: 'getCustomer', check: 'authRequired', outcome: 'fail', tests: [], findings: [], defects: ['d1'] },
      { operation: 'getCustomers', check: 'rule:per-page', outcome: 'pass', tests: [], findings: [] },
    ];
    const entries = [{ operation: '*', check: 'rule:per-page', reason: 'vendor ticket 3' }];
    const gate = applyBaseline({ baseline: { file: undefined, entries }, cells, runErrors: [], projectRoot: '/', depth: 'quick' });
    expect(gate.ok).toBe(false);
    expect(gate.newFailures.map((f) => `${f.operation} · ${f.check}`)).toEqual(['getCustomer · authRequired']);
    // "*" reaches cells quick never runs: its pass here says nothing of them.
    expect(gate.notRun).toEqual(entries);
    expect(gate.passedAtDepth).toEqual([]);
    expect(gate.fixed).toEqual([]);
  });

  base('should say at quick, and only there, what the run did not look at', () => {
    const gate = applyBaseline({ baseline: { file: undefined, entries: [{ operation: 'x', check: 'y', reason: 'z' }] }, cells: [], runErrors: [], projectRoot: '/', depth: 'quick' });
    expect(depthLine({ depth: 'quick', gate })).toBe(`${depthNote('quick') ?? ''}; 1 baseline entry not run here, kept (never "fixed" at this depth).`);
    const passed = applyBaseline({ baseline: { file: undefined, entries: [{ operation: 'x', check: 'y', reason: 'z' }] }, cells: [{ operation: 'x', check: 'y', outcome: 'pass', tests: [], findings: [] }], runErrors: [], projectRoot: '/', depth: 'quick' });
    expect(depthLine({ depth: 'quick', gate: passed })).toBe(`${depthNote('quick') ?? ''}; 1 baseline entry passed here, not judged fixed (kept: a standard run decides).`);
    expect(depthLine({ depth: 'standard', gate })).toBeUndefined();
    expect(depthLine({ gate })).toBeUndefined();
    expect(depthNote('quick')).toContain('not looked at: the resource rules');
    expect(depthNote('quick')).toContain('list parameters beyond one case each');
    expect(depthNote('quick')).not.toContain('not sent even once');
  });
});

// Faults quick catches (one case of each kind it sends) and faults only standard's further cases
// or rules catch: quick fails some of standard's cells and none of its own.
// With auth-missing-credentials-accepted, quick's DELETE without credentials (sent first, to the
// record the valid DELETE then takes) is served and deletes it: the valid DELETE must get a record
// of its own and pass. per-page-ignored shows in the first case of per_page (quick catches it);
// sort-descending-ignored only in the flipped sort standard sends after it.
const FAULTS = 'non-integer-id-accepted,huge-id-500,auth-wrong-password-accepted,auth-missing-credentials-accepted,sort-descending-ignored,per-page-ignored';
const SCOPE = { ONLY_GROUPS: 'tax,countries,manufacturers', SHOP_FAULTS: FAULTS, FC_SEED: '35' };

interface Runs {
  dir: string;
  quick: ChildResult;
  standard: ChildResult;
  q: CompatibilityReport;
  s: CompatibilityReport;
}

const test = testWithRuns('depth', async (dir): Promise<Runs> => {
  // Every cell standard fails is known: the gate of the quick run then says what quick knows.
  const file = path.join(dir, 'baseline.json');
  writeFileSync(file, JSON.stringify({ version: 1, deviations: [] }));
  const standard = await runNode(tsx('src/cli/conformance.ts', '--update-baseline', '--baseline', file, '--reporter', 'dot'), { ...SCOPE, REPORT_DIR: path.join(dir, 'standard'), RUN_ID: 'rdepthstd', DEPTH: 'standard' });
  // The same baseline, and the regression gate against the standard run beside it.
  const quick = await runNode(tsx('src/cli/conformance.ts', '--baseline', file, '--gate-against', path.join(dir, 'standard'), '--reporter', 'dot'), { ...SCOPE, REPORT_DIR: path.join(dir, 'quick'), RUN_ID: 'rdepthquick', DEPTH: 'quick' });
  return { dir, quick, standard, q: readReport(path.join(dir, 'quick')), s: readReport(path.join(dir, 'standard')) };
});

const failCells = (r: CompatibilityReport): string[] => r.failures.filter((c) => c.outcome === 'fail').map((c) => `${c.operation} · ${c.check}`).sort();

test.describe('DEPTH=quick against the reference shop with faults @reports', () => {
  test.describe.configure({ mode: 'default' });

  test('should fail a subset of the cells standard fails, and fewer', ({ runs }) => {
    const q = failCells(runs.q);
    const s = failCells(runs.s);
    expect(q.length, runs.quick.output.slice(-3000)).toBeGreaterThan(0);
    expect(q.filter((c) => !s.includes(c)), `quick: ${q.join(', ')}\nstandard: ${s.join(', ')}`).toEqual([]);
    expect(s.length).toBeGreaterThan(q.length);
    // Wrong credentials accepted and a wrong-typed id read as its digits: the kinds quick sends.
    expect(q.some((c) => c.endsWith('authRequired'))).toBe(true);
    expect(q.some((c) => c.endsWith('negativeDataRejection'))).toBe(true);
    // per_page's first case shows it ignored; a descending sort ignored only standard's flip shows.
    expect(q.some((c) => c.endsWith('rule:per-page'))).toBe(true);
    expect(q.some((c) => c.includes('rule:sort'))).toBe(false);
    expect(s.some((c) => c.includes('rule:sort'))).toBe(true);
    // The list rules quick sends a case of are the rules of list parameters, nothing else.
    expect(q.filter((c) => c.includes('rule:') && !/rule:(paging|per-page|link-header|sort|fields|search)$/.test(c))).toEqual([]);
  });

  test('should share a DELETE\'s record between its refusal and its valid request, and take a fresh one when the refusal deleted it', ({ runs }) => {
    const row = runs.q.operations.find((o) => o.id === 'deleteManufacturers');
    expect(row?.cells.authRequired).toBe('fail');
    expect(row?.cells.statusCodeConformance).toBe('pass');
    expect(row?.cells.responseSchemaConformance).toBe('pass');
  });

  test('should pass the gate of the same baseline, keeping the entries it did not fail as passed at quick or not run', ({ runs }) => {
    expect(runs.quick.status, runs.quick.output.slice(-3000)).toBe(0);
    const g = runs.q.gate;
    expect(g.fixed).toEqual([]);
    // The descending sort standard failed: quick ran rule:sort (one key ascending) and it passed.
    expect(g.passedAtDepth?.some((e) => e.check === 'rule:sort')).toBe(true);
    // Cells quick never runs (the filters' rules, method overrides, ...): not run.
    expect(g.notRun?.length).toBeGreaterThan(0);
    expect(g.notRun?.some((e) => e.check === 'rule:sort')).toBe(false);
    expect(runs.quick.output).toContain('passed here, not judged fixed');
    expect(runs.q.depth).toBe('quick');
    expect(runs.s.depth).toBe('standard');
  });

  test('should say on the console, the page and in the Markdown which depth ran and what it did not look at', ({ runs }) => {
    expect(runs.quick.output).toMatch(/Compatibility \(tax, countries, manufacturers only\) at DEPTH=quick: /);
    expect(runs.quick.output).toContain('DEPTH=quick: every operation judged once; not looked at: the resource rules');
    expect(runs.standard.output).not.toContain('DEPTH=');
    const page = readFileSync(path.join(runs.dir, 'quick', 'compatibility', 'index.html'), 'utf8');
    expect(page).toContain('id="score-depth"');
    expect(page).toContain('not run at DEPTH=quick');
    expect(page).toContain('passed at DEPTH=quick, not judged fixed');
    const md = readFileSync(path.join(runs.dir, 'quick', 'compatibility', 'report.md'), 'utf8');
    expect(md).toContain('| Profile / depth / seed | standard / quick /');
    expect(md).toContain('DEPTH=quick: every operation judged once');
  });

  test('should send no property or model test at quick, and of the resource suites the list parameters\' first cases alone', ({ runs }) => {
    const tests = [...runs.q.failures, ...runs.q.other, ...runs.q.unsupported].flatMap((c) => c.tests);
    const odd = tests.filter((t) => !t.file.startsWith('suites/contract/') && !(t.file.startsWith('suites/resources/') && t.title.includes('(first case only, DEPTH=quick)')));
    expect(odd.map((t) => `${t.file}: ${t.title}`)).toEqual([]);
    expect(tests.some((t) => t.file.startsWith('suites/resources/'))).toBe(true);
    expect(runs.q.counts.tests).toBeLessThan(runs.s.counts.tests);
  });

  test('should gate against the standard run without calling anything fixed, and fail on a cell quick saw fail that the old run passed', ({ runs }) => {
    expect(runs.quick.output).toMatch(/Gate against .*standard.*: passed/);
    const older = loadRun(path.join(runs.dir, 'standard'));
    const newer = loadRun(path.join(runs.dir, 'quick'));
    expect(newer.report.depth).toBe('quick');
    const c = compare(older, newer);
    expect(c.new.depth).toBe('quick');
    expect(c.old.depth).toBe('standard');
    // Standard's descending-sort defect: quick judged its cells (one key ascending passed), yet it is not fixed.
    expect(c.items.filter((i) => i.category === 'defect-fixed').map((i) => i.title)).toEqual([]);
    expect(c.notComparable.some((n) => n.in === 'old' && n.why === QUICK_NOT_FIXED && n.cells.some((x) => x.endsWith('rule:sort')))).toBe(true);
    // Cells standard failed that quick never ran (standard's further cases): no item at all.
    const qCells = new Set(runs.q.operations.flatMap((o) => Object.keys(o.cells).map((k) => `${o.id} · ${k}`)));
    expect(c.items.filter((i) => i.category === 'cell' && !qCells.has(`${i.operation ?? ''} · ${i.outcomes?.check ?? ''}`))).toEqual([]);
    expect(c.caveats.some((x) => x.includes('DEPTH=standard, DEPTH=quick'))).toBe(true);
    // Two quick runs: the same rule holds, and the comparison says so.
    expect(compare(newer, newer).caveats.some((x) => x.startsWith('both runs were DEPTH=quick'))).toBe(true);
    expect(gateAgainst(c).ok).toBe(true);
    // An old run where a cell quick fails passed, without the defect: the quick run's gate fails on it.
    const failing = runs.q.failures.find((f) => f.outcome === 'fail' && f.check === 'rule:per-page');
    expect(failing).toBeDefined();
    const op = failing?.operation ?? '';
    const ids = new Set(failing?.defects ?? []);
    const sigs = new Set(runs.q.defects.filter((d) => ids.has(d.id)).map((d) => d.signature));
    const report = structuredClone(older.report);
    const row = report.operations.find((o) => o.id === op);
    if (row) row.cells['rule:per-page'] = 'pass';
    report.defects = report.defects.filter((d) => !sigs.has(d.signature));
    const passedBefore: LoadedRun = { ...older, report };
    const g = gateAgainst(compare(passedBefore, newer));
    expect(g.ok).toBe(false);
    expect(g.reasons.join('; ')).toMatch(/new defect|did not fail in the old run/);
  });

  test("should try another user's credentials at standard and not at quick, nor register that user", ({ runs }) => {
    const sent = (d: string): Record<string, number> => readRequestSummary(path.join(runs.dir, d), undefined)?.byIntent ?? {};
    expect(sent('standard')['other-auth']).toBeGreaterThan(0);
    expect(sent('quick')['other-auth']).toBeUndefined();
    expect(readRequestSummary(path.join(runs.dir, 'quick'), undefined)?.byOperation['POST createCustomers']).toBeUndefined();
  });
});
