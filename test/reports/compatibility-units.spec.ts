// Units of the reports: how tests map to operations and checks, the outcome scale, the matrix
// and its score, the known-deviations baseline and gate, the page/Markdown/badge renderers, the
// Allure labels and the analytics stripping. No run, no browser: see the other files here (the
// artefact scanner's units are in test/unit/artefact-scan.spec.ts).
import { expect, test } from '@playwright/test';
import type { Outcome } from '../../src/core/finding.js';
import { decideCells, endOutcome, VERDICT_VERSION, type VerdictRecord } from '../../src/core/verdict.js';
import { stripAnalytics } from '../../src/report/allure-render.js';
import { allureMetadata } from '../../src/report/allure-labels.js';
import { severityOf } from '../../src/report/allure-severity.js';
import { badgeSvg } from '../../src/report/compatibility/badge.js';
import { BaselineError, parseBaseline, updatedEntries, type Baseline } from '../../src/report/compatibility/baseline.js';
import { buildReport, rebaseline } from '../../src/report/compatibility/build.js';
import { closingLines } from '../../src/report/compatibility/closing.js';
import { buildMatrix, cellKey } from '../../src/report/compatibility/matrix.js';
import { badgeLabel, safeUrl } from '../../src/report/compatibility/meta.js';
import { renderHtml } from '../../src/report/compatibility/render-html.js';
import { renderMarkdown } from '../../src/report/compatibility/render-md.js';
import { summaryLine } from '../../src/report/compatibility/reporter.js';
import { keysOf } from '../../src/core/keys.js';
import { verdictOfTest } from '../../src/report/verdicts.js';
import { OTHER_OPERATION } from '../../src/report/compatibility/types.js';
import { catalogue, META, op, rec } from './support/records.js';

const NO_BASELINE: Baseline = { file: undefined, entries: [] };
const never = (): boolean => false;

function build(records: Parameters<typeof buildReport>[0]['records'], baseline: Baseline = NO_BASELINE, ops = [op('getA', 'alpha'), op('getB', 'alpha'), op('getC', 'beta')]) {
  return buildReport({ catalogue: catalogue(ops), records, meta: META, baseline, projectRoot: '/p', runStatus: 'failed', now: new Date('2026-01-02T00:00:00Z') });
}

test.describe('test keys from tags and annotations @reports', () => {
  test('should read several operations, checks, rules and the group', () => {
    const k = keysOf(['@customers', '@op:getCustomer', '@op:updateCustomer', '@rule:registree-email-conflict', '@readonly'], [{ type: 'check', description: 'statusCodeConformance' }]);
    expect(k).toEqual({ operations: ['getCustomer', 'updateCustomer'], checks: ['statusCodeConformance', 'rule:registree-email-conflict'], group: 'customers' });
  });

  test('should prefer annotations, dedupe, and put a test naming no check under "other"', () => {
    const k = keysOf(['@readonly', '@op:getA'], [{ type: 'operation', description: 'getA' }, { type: 'group', description: 'alpha' }]);
    expect(k).toEqual({ operations: ['getA'], checks: ['other'], group: 'alpha' });
    expect(keysOf([], [])).toEqual({ operations: [], checks: ['other'] });
    expect(keysOf(['@property:paging-stable', '@model:customers'], []).checks).toEqual(['property:paging-stable', 'model:customers']);
  });
});

test.describe('outcome of a test @reports', () => {
  test('should keep what the suite said, corrected by how the test ended', () => {
    expect(endOutcome('pass', 'passed')).toBe('pass');
    expect(endOutcome('unsupported', 'skipped')).toBe('unsupported');
    expect(endOutcome('disabled', 'skipped')).toBe('disabled');
    expect(endOutcome('fail', 'failed')).toBe('fail');
    expect(endOutcome('error', 'failed')).toBe('error');
    // The check passed, then something after it failed the test: not a pass.
    expect(endOutcome('pass', 'failed')).toBe('fail');
    // A rule failure that was caught (and judged again) and a test that passed: a pass, as Playwright says.
    expect(endOutcome('fail', 'passed')).toBe('pass');
  });

  test('should read what the suite did not say from the status', () => {
    expect(endOutcome(undefined, 'passed')).toBe('pass');
    expect(endOutcome(undefined, 'failed')).toBe('fail');
    expect(endOutcome(undefined, 'timedOut')).toBe('error');
    expect(endOutcome('fail', 'interrupted')).toBe('error');
    expect(endOutcome(undefined, 'skipped')).toBe('skip');
    expect(endOutcome('pass', 'skipped')).toBe('skip');
  });
});

test.describe('matrix and score @reports', () => {
  test('should keep the worst outcome of a cell, whatever the order of the tests', () => {
    const outcomes: Outcome[] = ['pass', 'error', 'skip', 'fail', 'unsupported', 'disabled'];
    for (let i = 0; i < outcomes.length; i++) {
      const order = [...outcomes.slice(i), ...outcomes.slice(0, i)];
      const m = buildMatrix(catalogue([op('getA', 'alpha')]), order.map((o) => rec(['getA'], ['c1'], o)), never);
      expect(m.cells.get(cellKey('getA', 'c1'))?.outcome, order.join(',')).toBe('error');
    }
    const m = buildMatrix(catalogue([op('getA', 'alpha')]), [rec(['getA'], ['c1'], 'skip'), rec(['getA'], ['c1'], 'pass'), rec(['getA'], ['c1'], 'disabled')], never);
    expect(m.operations[0]?.cells).toEqual({ c1: 'pass' });
  });

  test('should fill a cell in every operation a test names, and keep the evidence of the worst tests', () => {
    const failing = rec(['getA', 'getB'], ['rule:r1'], 'fail', { message: 'expected 409, got 201' });
    const m = buildMatrix(catalogue([op('getA', 'alpha'), op('getB', 'alpha')]), [rec(['getA'], ['rule:r1'], 'pass'), failing], never);
    expect(m.operations.map((o) => o.cells['rule:r1'])).toEqual(['fail', 'fail']);
    const cell = m.cells.get(cellKey('getA', 'rule:r1'));
    expect(cell?.tests.map((t) => t.title)).toEqual([failing.title]);
    expect(cell?.message).toBe('expected 409, got 201');
  });

  test('should fill only the cells of the operations an Unsupported or failing test was about; the others were not reached', () => {
    const ops = catalogue([op('createA', 'alpha'), op('getA', 'alpha'), op('deleteA', 'alpha')]);
    const lackingCells = decideCells({ operations: ['createA', 'getA'], checks: ['rule:r1'], outcome: 'unsupported', reason: 'unsupported: createA answered 405', lacking: ['createA'] });
    const lacking = rec(['createA', 'getA'], ['rule:r1'], 'unsupported', { ...(lackingCells ? { cells: lackingCells } : {}), reason: 'unsupported: createA answered 405' });
    const earlyCells = decideCells({ operations: ['createA', 'getA', 'deleteA'], checks: ['rule:r2'], outcome: 'fail', reached: ['createA'] });
    const failedEarly = rec(['createA', 'getA', 'deleteA'], ['rule:r2'], 'fail', { ...(earlyCells ? { cells: earlyCells } : {}), message: 'create answered 500' });
    const m = buildMatrix(ops, [lacking, failedEarly], never);
    expect(m.operations.map((o) => [o.id, o.cells])).toEqual([
      ['createA', { 'rule:r1': 'unsupported', 'rule:r2': 'fail' }],
      ['getA', { 'rule:r1': 'skip', 'rule:r2': 'skip' }],
      ['deleteA', { 'rule:r2': 'skip' }],
    ]);
    expect(m.cells.get(cellKey('getA', 'rule:r2'))?.note).toMatch(/^not judged: the test failed on createA before this operation's part was judged/);
    expect(m.cells.get(cellKey('getA', 'rule:r1'))?.note).toMatch(/^not reached: another operation of the test is not implemented \(unsupported: createA answered 405\)/);
    // getA is not called unsupported or failing for what it never faced.
    expect(m.operations.find((o) => o.id === 'getA')?.status).toBe('untested');
  });

  test('should judge each operation of a test apart: one the target lacks is Unsupported, the others keep their pass or fail', () => {
    const ops = catalogue([op('getA', 'alpha'), op('getAChildren', 'alpha'), op('getAProducts', 'alpha')]);
    const all = ['getA', 'getAChildren', 'getAProducts'];
    const passCells = decideCells({ operations: all, checks: ['rule:error-status'], outcome: 'pass', lacking: ['getAProducts'] });
    expect(passCells?.map((c) => [c.operation, c.outcome])).toEqual([['getA', 'pass'], ['getAChildren', 'pass'], ['getAProducts', 'unsupported']]);
    const failCells = decideCells({ operations: all, checks: ['rule:error-status'], outcome: 'fail', lacking: ['getAProducts'], blamedOperations: ['getAChildren'], blamedChecks: ['rule:error-status'] });
    expect(failCells?.map((c) => [c.operation, c.outcome])).toEqual([['getA', 'skip'], ['getAChildren', 'fail'], ['getAProducts', 'unsupported']]);
    // Without an operation the target lacks nothing changes: a passing test fills its cells with its outcome.
    expect(decideCells({ operations: all, checks: ['rule:error-status'], outcome: 'pass', lacking: [] })).toBeUndefined();
    const m = buildMatrix(ops, [rec(all, ['rule:error-status'], 'pass', passCells ? { cells: passCells } : {})], never);
    expect(m.operations.map((o) => [o.id, o.cells['rule:error-status']])).toEqual([['getA', 'pass'], ['getAChildren', 'pass'], ['getAProducts', 'unsupported']]);
  });

  test('should classify operations and score them by the stated definition', () => {
    const r = build([
      rec(['getA'], ['c1'], 'pass'),
      rec(['getA'], ['c2'], 'skip'),
      rec(['getB'], ['c1'], 'pass'),
      rec(['getB'], ['c2'], 'fail'),
      rec(['getC'], ['c1'], 'unsupported'),
      rec(['getC'], ['c2'], 'pass'),
      rec(['notInSpec'], ['c1'], 'pass', { group: 'gamma' }),
    ]);
    expect(Object.fromEntries(r.operations.map((o) => [o.id, o.status]))).toEqual({ getA: 'conformant', getB: 'failing', getC: 'unsupported', notInSpec: 'conformant' });
    // Operations the spec does not declare are shown, never counted.
    expect(r.score).toEqual({ conformant: 1, declared: 3, inScope: 3, percent: 33.3 });
    expect(r.scope).toBeNull();
    expect(r.operations.find((o) => o.id === 'notInSpec')?.declared).toBe(false);
    expect(r.groups).toEqual([
      { name: 'alpha', operations: 2, conformant: 1, known: 0, failing: 1, unsupported: 0, untested: 0, outOfScope: 0 },
      { name: 'beta', operations: 1, conformant: 0, known: 0, failing: 0, unsupported: 1, untested: 0, outOfScope: 0 },
    ]);
    expect(r.definition).toContain('at least one check passed');
    expect(r.failures.map((f) => [f.operation, f.check])).toEqual([['getB', 'c2']]);
    expect(r.unsupported.map((f) => f.operation)).toEqual(['getC']);
  });

  test('should count an operation with only skipped or disabled checks as not tested', () => {
    const r = build([rec(['getA'], ['c1'], 'skip'), rec(['getA'], ['c2'], 'disabled')]);
    expect(r.operations.map((o) => o.status)).toEqual(['untested', 'untested', 'untested']);
    expect(r.counts.testedOperations).toBe(1);
    expect(r.score.conformant).toBe(0);
  });

  test('should say why each operation was not tested: the profile, skipped tests, or no test, on the page, in Markdown and in the closing lines', () => {
    const ops = [
      op('getA', 'alpha'),
      op('deleteCache', 'cache', { method: 'delete', path: '/cache', extensions: { 'x-destructive': true } }),
      op('deleteCacheText', 'cache', { method: 'delete', path: '/cache/text', extensions: { 'x-destructive': true } }),
      op('createB', 'beta', { method: 'post', path: '/beta' }),
      op('getC', 'gamma'),
      op('getD', 'delta'),
    ];
    const records = [
      rec(['getA'], ['c1'], 'pass'),
      rec(['deleteCache'], ['c1'], 'disabled', { reason: 'disabled: deleteCache is destructive (cache clears, job triggers, sending mail); it runs only with PROFILE=full' }),
      rec(['deleteCacheText'], ['c1'], 'disabled'),
      rec(['createB'], ['c1'], 'pass'),
      rec(['getC'], ['c1'], 'skip', { reason: 'skip: setup: POST /gamma answered 500' }),
      rec(['getC'], ['c2'], 'skip', { reason: 'skip: setup: POST /gamma answered 500' }),
    ];
    const standard = buildReport({ catalogue: catalogue(ops), records, meta: META, baseline: NO_BASELINE, projectRoot: '/p', runStatus: 'passed' });
    expect(standard.counts.operations.untested).toBe(4);
    expect(standard.notTested?.map((g) => [g.cause, g.needs, g.operations.map((o) => o.id)])).toEqual([
      ['profile', 'full', ['deleteCache', 'deleteCacheText']],
      ['skipped', undefined, ['getC']],
      ['unreached', undefined, ['getD']],
    ]);
    expect(standard.notTested?.[0]?.summary).toBe('2 destructive operations not run (they clear caches, trigger jobs or send mail): PROFILE=standard; PROFILE=full runs them');
    expect(standard.notTested?.[1]?.operations[0]?.reason).toBe('skip: setup: POST /gamma answered 500');
    const html = renderHtml(standard);
    expect(html).toContain('<p id="score-not-tested">4 not tested: 2 destructive operations not run (they clear caches, trigger jobs or send mail): PROFILE=standard; PROFILE=full runs them; 1 operation whose every test was skipped or disabled (each says why); 1 operation no test of this run reached.</p>');
    const section = html.slice(html.indexOf('<h2 id="not-tested"'), html.indexOf('<h2', html.indexOf('<h2 id="not-tested"') + 5));
    expect(section).toContain('Not tested (4)');
    expect(section).toContain('data-cause="profile" data-needs="full"');
    expect(section).toContain('skip: setup: POST /gamma answered 500');
    expect(html).toContain('<a href="#not-tested" title="deleteCache is destructive');
    expect(renderMarkdown(standard)).toContain('## Not tested (4)\n\n- 2 destructive operations not run (they clear caches, trigger jobs or send mail): PROFILE=standard; PROFILE=full runs them: deleteCache, deleteCacheText');
    expect(closingLines(standard)[0]).toBe('4 not tested: 2 destructive operations not run (they clear caches, trigger jobs or send mail): PROFILE=standard; PROFILE=full runs them; 1 operation whose every test was skipped or disabled (each says why); 1 operation no test of this run reached.');
    // Readonly: the writes wait for PROFILE=standard, the destructive ones for PROFILE=full.
    const readonly = buildReport({ catalogue: catalogue(ops), records: records.filter((x) => x.operations[0] !== 'createB').concat(rec(['createB'], ['c1'], 'disabled')), meta: { ...META, profile: 'readonly' }, baseline: NO_BASELINE, projectRoot: '/p', runStatus: 'passed' });
    expect(readonly.notTested?.map((g) => [g.cause, g.needs, g.operations.map((o) => o.id), g.summary])).toEqual([
      ['profile', 'full', ['deleteCache', 'deleteCacheText'], '2 destructive operations not run (they clear caches, trigger jobs or send mail): PROFILE=readonly; PROFILE=full runs them'],
      ['profile', 'standard', ['createB'], '1 write operation not run: PROFILE=readonly sends no writes; PROFILE=standard runs them'],
      ['skipped', undefined, ['getC'], '1 operation whose every test was skipped or disabled (each says why)'],
      ['unreached', undefined, ['getD'], '1 operation no test of this run reached'],
    ]);
    // An operation no test named (a --grep) is unreached, whatever the profile would have said.
    const grepped = buildReport({ catalogue: catalogue(ops), records: records.filter((x) => x.operations[0] !== 'deleteCacheText'), meta: META, baseline: NO_BASELINE, projectRoot: '/p', runStatus: 'passed' });
    expect(grepped.notTested?.find((g) => g.cause === 'unreached')?.operations.map((o) => o.id)).toEqual(['deleteCacheText', 'getD']);
    // Every operation tested: nothing to say.
    expect(build([rec(['getA', 'getB', 'getC'], ['c1'], 'pass')]).notTested).toEqual([]);
  });

  test('should put tests that name no operation under "other", by check or by title', () => {
    const r = build([rec([], ['property:paging'], 'fail'), rec([], ['other'], 'pass', { title: 'suites/misc.spec.ts › should do x' })]);
    expect(r.other.map((c) => [c.operation, c.check, c.outcome])).toEqual([
      [OTHER_OPERATION, 'property:paging', 'fail'],
      [OTHER_OPERATION, 'suites/misc.spec.ts › should do x', 'pass'],
    ]);
    // A failing test nobody can place still fails the gate.
    expect(r.gate.newFailures).toEqual([{ operation: OTHER_OPERATION, check: 'property:paging', outcome: 'fail', defects: [r.defects[0]?.id] }]);
    expect(r.failures).toEqual([]);
  });
});

test.describe('known-deviations baseline @reports', () => {
  test('should read JSON and YAML, normalise check:x, and refuse entries without a reason', () => {
    const json = JSON.stringify({ deviations: [{ operation: 'getA', check: 'check:c1', reason: 'vendor bug 12' }] });
    expect(parseBaseline(json, 'b.json')).toEqual([{ operation: 'getA', check: 'c1', reason: 'vendor bug 12' }]);
    expect(parseBaseline('deviations:\n  - operation: "*"\n    check: rule:r1\n    reason: not implemented\n', 'b.yaml')).toEqual([{ operation: '*', check: 'rule:r1', reason: 'not implemented' }]);
    expect(parseBaseline('', 'b.yaml')).toEqual([]);
    expect(() => parseBaseline(JSON.stringify({ deviations: [{ operation: 'getA', check: 'c1' }] }), 'b.json')).toThrow(/deviations\[0\] needs a non-empty "reason"/);
    expect(() => parseBaseline('{', 'b.json')).toThrow(BaselineError);
    expect(() => parseBaseline('[]', 'b.json')).toThrow(/"deviations" list/);
  });

  test('should not call an entry fixed when property tests, which draw new cases each run, took part in its passing cell', () => {
    const baseline: Baseline = { file: '/p/b.json', entries: [{ operation: 'getA', check: 'rule:search', reason: 'search misses numbers' }, { operation: 'getB', check: 'c1', reason: 'was broken' }] };
    const drawn = rec(['getA'], ['rule:search'], 'pass', { file: 'suites/properties/search.spec.ts' });
    const example = rec(['getA'], ['rule:search'], 'pass');
    const r = build([drawn, example, rec(['getB'], ['c1'], 'pass')], baseline);
    expect(r.gate.undecided).toEqual([{ operation: 'getA', check: 'rule:search', reason: 'search misses numbers' }]);
    expect(r.gate.fixed).toEqual([{ operation: 'getB', check: 'c1', reason: 'was broken' }]);
  });

  test('should fail the gate only on failures it does not list, and name entries that now pass', () => {
    const baseline: Baseline = {
      file: '/p/conformance.baseline.json',
      entries: [
        { operation: 'getB', check: 'c2', reason: 'vendor ticket 7' },
        { operation: 'getA', check: 'c1', reason: 'was broken' },
        { operation: 'getC', check: 'c9', reason: 'never run' },
      ],
    };
    const records = [rec(['getA'], ['c1'], 'pass'), rec(['getB'], ['c2'], 'fail'), rec(['getC'], ['c1'], 'error')];
    const r = build(records, baseline);
    expect(r.gate.ok).toBe(false);
    expect(r.gate.baselineFile).toBe('conformance.baseline.json');
    // An Error cell fails the gate as the harness's, never among the target's failures.
    expect(r.gate.newFailures).toEqual([]);
    expect(r.gate.harnessErrors).toEqual([{ operation: 'getC', check: 'c1' }]);
    expect(r.gate.known).toEqual([{ operation: 'getB', check: 'c2', outcome: 'fail', reason: 'vendor ticket 7' }]);
    expect(r.gate.fixed).toEqual([{ operation: 'getA', check: 'c1', reason: 'was broken' }]);
    expect(r.gate.unmatched).toEqual([{ operation: 'getC', check: 'c9', reason: 'never run' }]);
    expect(r.gate.outOfScope).toEqual([]);
    // Known deviations stay failures in the matrix and the score, marked.
    expect(r.failures.find((f) => f.operation === 'getB')).toMatchObject({ outcome: 'fail', known: true, reason: 'vendor ticket 7' });
    expect(r.operations.find((o) => o.id === 'getB')?.status).toBe('known');
    expect(r.score.conformant).toBe(1);

    const all = build(records, { ...baseline, entries: [...baseline.entries, { operation: '*', check: 'c1', reason: 'c1 is not implemented anywhere' }] });
    expect(all.gate.ok).toBe(true);
    expect(all.gate.known.map((k) => k.operation).sort()).toEqual(['getB', 'getC']);
  });

  test('should fail the gate when the run itself was cut short, whatever the baseline says', () => {
    const r = buildReport({ catalogue: catalogue([op('getA', 'alpha')]), records: [rec(['getA'], ['c1'], 'pass')], meta: META, baseline: NO_BASELINE, projectRoot: '/p', runStatus: 'interrupted' });
    expect(r.gate.ok).toBe(false);
    expect(r.gate.runErrors).toEqual(['the run was interrupted before it ended (its interrupted tests are not verdicts)']);
  });

  test('should take an interrupted test for no verdict, with or without the record its teardown wrote: a Skip that says so', () => {
    const t = { tags: ['@customers', '@op:getCustomers', '@check:statusCodeConformance'], annotations: [] };
    const cut = verdictOfTest(t, { status: 'interrupted', annotations: [], attachments: [] });
    expect(cut.outcome).toBe('skip');
    expect(cut.reason).toMatch(/^interrupted: /);
    const written: VerdictRecord = { version: VERDICT_VERSION, operations: ['getCustomers'], checks: ['statusCodeConformance'], group: 'customers', outcome: 'error', reason: 'test ended interrupted', findings: [], advisories: [], notes: [], leftovers: [], deprecated: [] };
    const withRecord = verdictOfTest(t, { status: 'interrupted', annotations: [], attachments: [{ name: 'verdict.json', contentType: 'application/json', body: Buffer.from(JSON.stringify(written)) }] });
    expect(withRecord).toMatchObject({ outcome: 'skip', operations: ['getCustomers'], findings: [] });
    // A test that failed before the interruption keeps its verdict; one that crashed is still Error.
    expect(verdictOfTest(t, { status: 'failed', annotations: [], attachments: [] }).outcome).toBe('error');
  });

  test('should name the harness error that stopped a run, instead of an interruption', () => {
    const r = buildReport({ catalogue: catalogue([op('getA', 'alpha')]), records: [rec(['getA'], ['c1'], 'error')], meta: META, baseline: NO_BASELINE, projectRoot: '/p', runStatus: 'interrupted', harnessStop: { cause: 'Error: worker process exited unexpectedly', tests: 6 } });
    expect(r.gate.ok).toBe(false);
    expect(r.harnessStop).toEqual({ cause: 'Error: worker process exited unexpectedly', tests: 6 });
    expect(r.gate.runErrors).toEqual(['the harness broke: "Error: worker process exited unexpectedly" ended 6 tests, and the run stopped early (a fault of the harness or its runtime, not of the target)']);
    expect(r.gate.newFailures).toEqual([]);
    expect(summaryLine(r, 'index.html')).toBe('Compatibility: not judged: the harness broke: "Error: worker process exited unexpectedly" ended 6 tests, and the run stopped early (a fault of the harness or its runtime, not of the target). index.html');
  });

  test('should update entries: keep what still fails or did not run, drop what passes, add new failures with a reason to write', () => {
    const old = [
      { operation: 'getA', check: 'c1', reason: 'was broken' },
      { operation: 'getB', check: 'c2', reason: 'vendor ticket 7' },
      { operation: 'getC', check: 'c9', reason: 'never run' },
    ];
    const r = build([rec(['getA'], ['c1'], 'pass'), rec(['getB'], ['c2'], 'fail'), rec(['getC'], ['c1'], 'fail')], { file: undefined, entries: old });
    const next = updatedEntries(old, JSON.parse(JSON.stringify(r.gate)) as typeof r.gate, (o, c) => `${o}/${c} failed`);
    expect(next).toEqual([old[1], old[2], { operation: 'getC', check: 'c1', reason: 'TODO: say why this is accepted. Recorded by baseline:update: getC/c1 failed' }]);
  });

  test('should judge a finished report against an edited baseline exactly as a run with it would', () => {
    const records = [rec(['getA'], ['c1'], 'pass'), rec(['getB'], ['c2'], 'fail'), rec(['getC'], ['c1'], 'fail')];
    const baseline: Baseline = { file: '/p/conformance.baseline.json', entries: [{ operation: 'getB', check: 'c2', reason: 'ticket' }, { operation: 'getA', check: 'c1', reason: 'old' }] };
    const direct = build(records, baseline);
    const later = rebaseline(build(records), baseline, '/p');
    expect(later.gate).toEqual(direct.gate);
    expect(later.operations).toEqual(direct.operations);
    expect(later.groups).toEqual(direct.groups);
    expect(later.failures).toEqual(direct.failures);
  });
});

test.describe('page, Markdown and badge @reports', () => {
  const evil = '<script>alert(1)</script>';
  const report = (): ReturnType<typeof build> => {
    const ops = [op('getA', 'alpha'), op('getB', 'alpha', { deprecated: true }), op('getC', 'beta'), op('getD', 'beta')];
    const finding = {
      check: 'responseSchemaConformance',
      title: 'body does not match',
      message: `${evil} in the answer`,
      severity: 'major',
      outcome: 'fail',
      evidence: { curl: "curl -sS -i 'https://shop.example.test/x' -H 'authorization: Basic [REDACTED]'", status: 200, headers: {}, bodyExcerpt: `{"name":"${evil}"}`, declaredStatuses: ['200'], schemaErrors: [{ path: '/name', schemaPath: '#/properties/name/type', message: 'must be integer' }] },
    };
    return buildReport({
      catalogue: { operations: ops, findings: [{ kind: 'example-invalid', pointer: '/definitions/A/example', message: 'example breaks its schema' }], errataApplied: ['set /definitions/A/required: vendor omits it'] },
      records: [
        rec(['getA'], ['responseSchemaConformance'], 'fail', { findings: [finding] }),
        rec(['getA'], ['statusCodeConformance'], 'pass'),
        rec(['getB'], ['statusCodeConformance'], 'fail', { message: 'deprecated and broken' }),
        rec(['getC'], ['statusCodeConformance'], 'unsupported', { reason: 'unsupported: 404 Resource not found for the whole path' }),
        rec(['getD'], ['rule:r1'], 'fail', { message: 'expected 409' }),
      ],
      meta: META,
      baseline: { file: '/p/conformance.baseline.json', entries: [{ operation: 'getD', check: 'rule:r1', reason: 'vendor ticket 9' }] },
      projectRoot: '/p',
      runStatus: 'failed',
    });
  };

  test('should render one self-contained page with every section, and escape what servers answered', () => {
    const html = renderHtml(report());
    expect(html).toContain('id="score-value">0/4<');
    expect(html).toContain('<svg id="group-overview"');
    expect(html).toContain('data-group="alpha"');
    expect(html).toContain('data-group="beta"');
    expect(html).toContain('Conformant operation:</strong> An operation is conformant when');
    // Evidence is shown, as text.
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('/name must be integer');
    expect(html).not.toContain(evil);
    // Nothing is loaded from anywhere: no script, no stylesheet link, no remote URL but the SVG namespace.
    expect(html).not.toMatch(/<script|<link|@import|src="http/i);
    expect([...html.matchAll(/https?:\/\/[^\s"'<]+/g)].map((m) => m[0]).filter((u) => !u.startsWith('http://www.w3.org/2000/svg') && !u.startsWith('https://shop.example.test'))).toEqual([]);
    const section = (id: string): string => html.slice(html.indexOf(`<h2 id="${id}"`), html.indexOf('<h2', html.indexOf(`<h2 id="${id}"`) + 5));
    expect(section('failures')).toContain('data-operation="getA"');
    expect(section('failures')).not.toContain('data-operation="getB"');
    expect(section('failures')).not.toContain('data-operation="getD"');
    expect(section('known')).toContain('vendor ticket 9');
    expect(section('unsupported')).toContain('404 Resource not found');
    expect(section('deprecated')).toContain('deprecated and broken');
    expect(section('spec-findings')).toContain('example breaks its schema');
    expect(section('errata')).toContain('vendor omits it');
  });

  test('should write the Markdown and the badge from the same numbers', () => {
    const r = report();
    const md = renderMarkdown(r);
    expect(md).toContain('**shop API v2: 0/4 operations conformant (0%)**');
    expect(md).toContain('## Failures (2)');
    expect(md).toContain('## Known deviations (1)');
    expect(md).toContain('| alpha | 0/2 |');
    expect(badgeLabel(r)).toBe('shop API v2');
    const badge = badgeSvg('shop API v2', 142, 170);
    expect(badge).toContain('>shop API v2</text>');
    expect(badge).toContain('>142/170</text>');
  });

  test('should show advisories apart with their evidence and count them, never as failures or in the gate', () => {
    const advisory = { check: 'responseSchemaConformance', operationId: 'getA', title: 'the answer should match the declared schema', message: '/_links must be object', severity: 'minor', outcome: 'advisory', basis: { kind: 'erratum' as const, ref: 'ERRATA #32' }, evidence: { curl: "curl -sS 'https://shop.example.test/a'", status: 200, headers: {}, bodyExcerpt: '{"_links":[]}', declaredStatuses: ['200'] } };
    const r = build([rec(['getA'], ['responseSchemaConformance'], 'pass', { advisories: [advisory] }), rec(['getA'], ['rule:r1'], 'pass', { advisories: [advisory] })]);
    expect(r.gate.ok).toBe(true);
    expect(r.counts.cellsByOutcome.fail).toBe(0);
    expect(r.counts.advisories).toBe(1);
    expect(r.advisories?.map((a) => [a.operation, a.check, a.seen, a.basis?.ref])).toEqual([['getA', 'responseSchemaConformance', 2, 'ERRATA #32']]);
    const html = renderHtml(r);
    const section = html.slice(html.indexOf('<h2 id="advisories"'), html.indexOf('<h2', html.indexOf('<h2 id="advisories"') + 5));
    expect(section).toContain('Advisories (1)');
    expect(section).toContain('rests on erratum: ERRATA #32; met in 2 tests');
    expect(section).toContain('{&quot;_links&quot;:[]}');
    expect(renderMarkdown(r)).toContain('## Advisories (1)');
    expect(summaryLine(r, 'x')).toContain('1 advisory (stricter than the vendor describes, not failures)');
  });

  test('should say beside a Fail how it reproduced when it was replayed', () => {
    const r = build([rec(['getA'], ['c1'], 'fail', { message: '500', reproduction: { alone: { reproduced: 2, of: 2 }, overlapped: { reproduced: 2, of: 2 }, command: 'npx playwright test x -g y' } })]);
    expect(r.failures[0]?.reproduction?.alone).toEqual({ reproduced: 2, of: 2 });
    expect(renderHtml(r)).toContain('reproduced 2 of 2 alone; 2 of 2 overlapped; replay: npx playwright test x -g y');
    expect(renderMarkdown(r)).toContain(`fail [defect ${r.defects[0]?.id ?? ''}]; reproduced 2 of 2 alone; 2 of 2 overlapped; replay: npx playwright test x -g y`);
  });

  test('should never put credentials of a URL in the report', () => {
    expect(safeUrl('https://admin:secret@shop.example.test/api/v2?token=x#y')).toBe('https://shop.example.test/api/v2');
    expect(safeUrl(undefined)).toBeNull();
  });
});

function verdict(operations: string[], checks: string[], group: string): VerdictRecord {
  return { version: VERDICT_VERSION, operations, checks, group, outcome: 'pass', findings: [], advisories: [], notes: [], leftovers: [], deprecated: [] };
}

test.describe('Allure labels and rendering @reports', () => {
  test('should label epic, feature, story and severity from the tags, with seed and profile', () => {
    const meta = allureMetadata({ tags: ['@customers', '@op:createCustomer', '@op:getCustomer', '@rule:registree-email-conflict'] }, verdict(['createCustomer', 'getCustomer'], ['rule:registree-email-conflict'], 'customers'), { fcSeed: 7, profile: 'standard' });
    expect(meta.labels).toEqual([
      { name: 'epic', value: 'customers' },
      { name: 'feature', value: 'createCustomer' },
      { name: 'feature', value: 'getCustomer' },
      { name: 'story', value: 'rule:registree-email-conflict' },
      { name: 'severity', value: 'critical' },
    ]);
    expect(meta.parameters).toEqual([{ name: 'seed', value: '7', excluded: true }, { name: 'profile', value: 'standard' }]);
    const other = allureMetadata({ tags: [] }, verdict([], ['other'], 'other'), { fcSeed: undefined, profile: 'readonly' });
    expect(other.labels.slice(0, 3)).toEqual([{ name: 'epic', value: 'other' }, { name: 'feature', value: '(no operation)' }, { name: 'story', value: 'other' }]);
  });

  test("should take the epic from the record's group (the catalogue's), not from a property test's first tag, and the seed it ran", () => {
    const prop = { ...verdict(['getCustomers'], ['property:paging'], 'customers'), property: { claim: 'pages partition GET /customers', seed: 99, runs: 3 } };
    const meta = allureMetadata({ tags: ['@properties', '@op:getCustomers', '@property:paging'] }, prop, { fcSeed: undefined, profile: 'standard' });
    expect(meta.labels[0]).toEqual({ name: 'epic', value: 'customers' });
    expect(meta.parameters[0]).toEqual({ name: 'seed', value: '99', excluded: true });
  });

  test('should make auth and data safety critical', () => {
    expect(severityOf(['authRequired'], [])).toBe('critical');
    expect(severityOf(['transportSecurity'], [])).toBe('critical');
    expect(severityOf(['rule:idempotent-delete'], [])).toBe('critical');
    expect(severityOf(['rule:customer-update-lost'], [])).toBe('critical');
    expect(severityOf(['statusCodeConformance'], [])).toBe('normal');
    expect(severityOf(['rule:paging'], [])).toBe('normal');
    expect(severityOf(['rule:paging'], ['@severity:minor'])).toBe('minor');
  });

  test('should strip the analytics scripts of the Allure template and nothing else', () => {
    const page = '<head><script>window.a=1</script></head><body><script src="data:text/javascript;base64,QQ=="></script>\n<script async src="https://www.googletagmanager.com/gtag/js?id=G-1"></script>\n<script>\n window.dataLayer = window.dataLayer || [];\n function gtag(){dataLayer.push(arguments);}\n gtag(\'js\', new Date());\n</script>\n<script>load()</script></body>';
    const out = stripAnalytics(page);
    expect(out).not.toMatch(/googletagmanager|gtag|dataLayer/);
    expect(out).toContain('<script>window.a=1</script>');
    expect(out).toContain('data:text/javascript;base64,QQ==');
    expect(out).toContain('<script>load()</script>');
    expect(() => stripAnalytics('<p>gtag( in prose</p>')).toThrow(/not inside a script element/);
  });
});
