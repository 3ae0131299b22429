// Self-tests of the fault matrix's plan and verdicts on made-up results: what counts as caught,
// that a fault nothing catches fails with a message naming it, that harness errors and tests
// failing on the clean shop prove nothing, that extra failures are listed, not hidden, and that
// an advisory catches a fault the vendor's description does not cover, and only such a fault.
import { expect, test } from '@playwright/test';
import { FAULTS } from '../../reference/faults/registry.js';
import type { Fault } from '../../reference/faults/types.js';
import { analyse, columnOfTag, matrixCounts } from './analyse.js';
import { planMatrix, projectGrep, quickFaults, tagGrep } from './plan.js';
import type { RawResult, RawRun } from './raw.js';
import { renderMarkdown } from './render.js';

const FAKE: Fault[] = [
  { name: 'auth-open', description: 'No auth.', catches: ['@check:authRequired'], area: 'core' },
  { name: 'http-too', description: 'Plain http.', catches: ['@check:transportSecurity'], area: 'core' },
  { name: 'sort-up', description: 'Sort ignores -.', catches: ['@rule:sort'], area: 'lists' },
  { name: 'nobody-tests-me', description: 'Untested.', catches: ['@rule:rate-limit'], area: 'lists' },
  { name: 'gone', description: 'Unrouted.', catches: ['@check:unsupportedOperation'], area: 'schema' },
];

const OPTS = { quick: false, only: [], profile: 'standard', fcRuns: 25 };

function r(project: string, id: string, tags: string[], status: RawResult['status'], extra: Partial<RawResult> = {}): RawResult {
  return { project, id, tags, status, durationMs: 1, ...extra };
}

function run(results: RawResult[], errors: string[] = []): RawRun {
  return { status: 'failed', durationMs: 1000, errors, results };
}

/** A clean baseline where every test passes, and the TLS one for transportSecurity. */
const CLEAN: RawResult[] = [
  r('clean', 'auth-1', ['@check:authRequired'], 'passed', { outcome: 'pass' }),
  r('clean', 'auth-2', ['@check:authRequired'], 'passed', { outcome: 'pass' }),
  r('clean', 'sort-1', ['@rule:sort'], 'passed'),
  r('clean', 'smoke-1', ['@op:getCustomers'], 'passed', { outcome: 'pass' }),
  r('clean', 'shop-info', ['@check:unsupportedOperation'], 'passed', { outcome: 'pass' }),
  r('clean:tls', 'tls-1', ['@check:transportSecurity'], 'passed', { outcome: 'pass' }),
];

test.describe('fault matrix plan @faults', () => {
  test('should plan a project per fault and clean baselines per shop variant', () => {
    const plan = planMatrix(FAKE);
    expect(plan.projects.map((p) => p.name)).toEqual(['clean', 'clean:tls', 'fault:auth-open', 'fault:http-too', 'fault:sort-up', 'fault:nobody-tests-me', 'fault:gone']);
    expect(plan.projects.find((p) => p.name === 'clean')?.tags).toBeUndefined();
    expect(plan.projects.find((p) => p.name === 'clean:tls')?.tags).toEqual(['@check:transportSecurity']);
    expect(plan.projects.find((p) => p.name === 'fault:http-too')?.variant).toEqual({ tls: true });
    expect(plan.projects.find((p) => p.name === 'fault:sort-up')?.tags).toEqual(['@rule:sort']);
  });

  test('should keep one fault per area in quick mode and refuse unknown names', () => {
    expect(quickFaults(FAKE).map((f) => f.name)).toEqual(['auth-open', 'sort-up', 'gone']);
    const quick = planMatrix(FAKE, { quick: true });
    expect(quick.projects.find((p) => p.name === 'clean')?.tags).toEqual(expect.arrayContaining(['@check:authRequired', '@rule:sort']));
    expect(() => planMatrix(FAKE, { only: ['no-such'] })).toThrow(/unknown fault\(s\): no-such/);
  });

  test('should cover every area of the real registry in quick mode', () => {
    const areas = new Set(FAULTS.map((f) => f.area));
    expect(new Set(quickFaults(FAULTS).map((f) => f.area))).toEqual(areas);
  });

  test('should grep whole tags only', () => {
    const g = tagGrep(['@rule:sort', '@check:authRequired']);
    expect(g.test('customers › should sort @customers @rule:sort')).toBe(true);
    expect(g.test('x @rule:sort @other')).toBe(true);
    expect(g.test('x @rule:sort-keys')).toBe(false);
    expect(g.test('x @check:authRequiredLater')).toBe(false);
  });

  test('should add the smoke set (contract checks of getCustomer) to every project, and only it to an empty tag list', () => {
    const g = projectGrep(['@rule:sort']);
    expect(g.test('getCustomer (GET /customers/{id}) › should x @customers @op:getCustomer @check:statusCodeConformance @readonly')).toBe(true);
    expect(g.test('model › should y @model @op:getCustomer @rule:lifecycle')).toBe(false);
    expect(g.test('getCustomers › should z @op:getCustomers @check:authRequired')).toBe(false);
    expect(g.test('customers › should sort @rule:sort')).toBe(true);
    const smokeOnly = projectGrep([]);
    expect(smokeOnly.test('customers › should sort @rule:sort')).toBe(false);
    expect(smokeOnly.test('x @op:getCustomer @check:authRequired')).toBe(true);
  });
});

test.describe('fault matrix verdicts @faults', () => {
  const plan = planMatrix(FAKE);

  test('should count a fault as caught when a test with its tag fails, and report every fault', () => {
    const m = analyse(plan, run([...CLEAN, r('fault:auth-open', 'auth-1', ['@check:authRequired'], 'failed', { outcome: 'fail', error: 'ConformanceError: no 401' }), r('fault:auth-open', 'auth-2', ['@check:authRequired'], 'passed')]), OPTS);
    const v = m.faults.find((f) => f.fault === 'auth-open');
    expect(v?.caught).toBe(true);
    expect(v?.caughtBy.map((t) => t.id)).toEqual(['auth-1']);
    expect(m.faults.map((f) => f.fault)).toEqual(FAKE.map((f) => f.name));
  });

  test('should fail a fault nothing catches with a message naming it and its tag', () => {
    const m = analyse(plan, run([...CLEAN, r('fault:sort-up', 'sort-1', ['@rule:sort'], 'passed')]), OPTS);
    const untested = m.faults.find((f) => f.fault === 'nobody-tests-me');
    expect(untested?.caught).toBe(false);
    expect(untested?.reason).toBe('not caught: no test carries the tag @rule:rate-limit');
    const toothless = m.faults.find((f) => f.fault === 'sort-up');
    expect(toothless?.reason).toBe('not caught: none of the 1 test(s) tagged @rule:sort failed because of it');
    expect(m.ok).toBe(false);
    expect(m.summary).toBe('caught 0/5, clean run green, one defect per fault 5/5');
    const md = renderMarkdown(m);
    expect(md).toContain('`nobody-tests-me` (Untested.) not caught: no test carries the tag @rule:rate-limit');
    expect(md).toContain('**NOT CAUGHT**');
  });

  test('should not count harness errors, timeouts or tests that fail on the clean shop too', () => {
    const clean = CLEAN.map((c) => (c.id === 'auth-2' ? { ...c, status: 'failed' as const, outcome: 'fail' } : c));
    const m = analyse(
      plan,
      run([
        ...clean,
        r('fault:auth-open', 'auth-1', ['@check:authRequired'], 'failed', { outcome: 'error', error: 'Harness error: socket hang up' }),
        r('fault:auth-open', 'auth-2', ['@check:authRequired'], 'failed', { outcome: 'fail' }),
        r('fault:sort-up', 'sort-1', ['@rule:sort'], 'timedOut'),
      ]),
      OPTS,
    );
    const auth = m.faults.find((f) => f.fault === 'auth-open');
    expect(auth?.caught).toBe(false);
    expect(auth?.harnessErrors.map((t) => t.id)).toEqual(['auth-1']);
    expect(auth?.failsCleanToo).toEqual(['auth-2']);
    expect(auth?.reason).toContain('1 ended in harness errors or timeouts; 1 fail on the clean shop too');
    expect(m.faults.find((f) => f.fault === 'sort-up')?.harnessErrors.map((t) => t.outcome)).toEqual(['timedOut']);
    expect(m.cleanGreen).toBe(false);
    expect(m.summary).toBe('caught 0/5, clean run: 1 failure(s), one defect per fault 5/5');
    expect(m.clean.find((c) => c.project === 'clean')?.failures.map((t) => t.id)).toEqual(['auth-2']);
  });

  test('should count Unsupported as caught only where the clean shop said otherwise', () => {
    const gone = [r('fault:gone', 'shop-info', ['@check:unsupportedOperation'], 'skipped', { outcome: 'unsupported' })];
    expect(analyse(plan, run([...CLEAN, ...gone]), OPTS).faults.find((f) => f.fault === 'gone')?.caught).toBe(true);
    const cleanUnsupported = CLEAN.map((c) => (c.id === 'shop-info' ? { ...c, status: 'skipped' as const, outcome: 'unsupported' } : c));
    expect(analyse(plan, run([...cleanUnsupported, ...gone]), OPTS).faults.find((f) => f.fault === 'gone')?.caught).toBe(false);
  });

  test('should judge TLS faults against the TLS baseline', () => {
    const m = analyse(plan, run([...CLEAN, r('fault:http-too', 'tls-1', ['@check:transportSecurity'], 'failed', { outcome: 'fail' })]), OPTS);
    expect(m.faults.find((f) => f.fault === 'http-too')?.caught).toBe(true);
  });

  test('should list extra failures of untagged tests without counting them as catches', () => {
    const m = analyse(plan, run([...CLEAN, r('fault:sort-up', 'sort-1', ['@rule:sort'], 'failed'), r('fault:sort-up', 'smoke-1', ['@op:getCustomers'], 'failed', { outcome: 'fail', error: 'ConformanceError: 1 finding:\n  ✗ wrong order' })]), OPTS);
    const v = m.faults.find((f) => f.fault === 'sort-up');
    expect(v?.caughtBy.map((t) => t.id)).toEqual(['sort-1']);
    expect(v?.extraFailures.map((t) => t.id)).toEqual(['smoke-1']);
    expect(renderMarkdown(m)).toContain('smoke-1 [fail]: ConformanceError: 1 finding: / ✗ wrong order');
  });

  test('should fail on run errors and sum one count per fault, one for the clean run and one for the grouping', () => {
    const one = (id: string) => ({ outcome: 'fail', defects: [{ id, title: id }] });
    const caughtAll = [
      r('fault:auth-open', 'auth-1', ['@check:authRequired'], 'failed', one('D-1')),
      r('fault:http-too', 'tls-1', ['@check:transportSecurity'], 'failed', one('D-2')),
      r('fault:sort-up', 'sort-1', ['@rule:sort'], 'failed', one('D-3')),
      r('fault:gone', 'shop-info', ['@check:unsupportedOperation'], 'skipped', { outcome: 'unsupported' }),
    ];
    const m = analyse(plan, run([...CLEAN, ...caughtAll]), OPTS);
    expect(m.score).toEqual({ caught: 4, total: 5, byAdvisory: 0 });
    expect(matrixCounts(m)).toEqual({ passed: 4 + 1 + 1, failed: 1, skipped: 0 });
    const broken = analyse(plan, run(CLEAN.filter((c) => c.project !== 'clean:tls'), ['SyntaxError in suites/x.spec.ts']), OPTS);
    expect(broken.errors).toEqual(['SyntaxError in suites/x.spec.ts', 'the clean project clean:tls ran no test']);
    expect(broken.ok).toBe(false);
    expect(matrixCounts(broken).failed).toBe(5 + 1 + 1);
  });

  test('should prove the grouping: one defect per fault, or a stated reason for more', () => {
    const two = { outcome: 'fail', defects: [{ id: 'D-1', title: 'answers 500' }] };
    const results = [...CLEAN, r('fault:sort-up', 'sort-1', ['@rule:sort'], 'failed', two), r('fault:sort-up', 'sort-2', ['@rule:sort'], 'failed', { outcome: 'fail', defects: [{ id: 'D-2', title: 'wrong order' }] })];
    const m = analyse(plan, run(results), OPTS);
    const sort = m.faults.find((f) => f.fault === 'sort-up');
    expect(sort?.defects.map((d) => d.id)).toEqual(['D-1', 'D-2']);
    expect(sort?.grouping).toEqual({ ok: false, note: '2 defects and no reason in test/faults/defect-reasons.ts: D-1 answers 500; D-2 wrong order' });
    expect(m.ok).toBe(false);
    expect(m.summary).toContain('one defect per fault 4/5');
    const explained = analyse(plan, run(results), { ...OPTS, reasons: { 'sort-up': [2, 'the sort breaks the paging too'] } });
    expect(explained.faults.find((f) => f.fault === 'sort-up')?.grouping).toEqual({ ok: true, note: '2 defects: the sort breaks the paging too' });
    expect(renderMarkdown(explained)).toContain('2 defects: the sort breaks the paging too');
    // More defects than the reason explains: the grouping got worse, and the matrix says so.
    const worse = analyse(plan, run(results), { ...OPTS, reasons: { 'sort-up': [1, 'the sort breaks the paging too'] } });
    expect(worse.faults.find((f) => f.fault === 'sort-up')?.grouping.ok).toBe(false);
  });
});

test.describe('fault matrix verdicts of advisory faults @faults', () => {
  const ADVISORY: Fault[] = [
    { name: 'sort-ci', description: 'Sorts case-insensitively.', catches: ['@rule:sort'], shows: 'advisory', area: 'lists' },
    { name: 'no-challenge', description: 'No WWW-Authenticate.', catches: ['@check:authRequired'], shows: 'advisory', area: 'core' },
    { name: 'sort-up', description: 'Sort ignores -.', catches: ['@rule:sort'], area: 'lists' },
  ];
  const plan = planMatrix(ADVISORY);
  const clean = [
    r('clean', 'sort-1', ['@rule:sort'], 'passed', { outcome: 'pass' }),
    r('clean', 'sort-2', ['@rule:sort'], 'passed', { outcome: 'pass' }),
    r('clean', 'auth-1', ['@check:authRequired'], 'passed', { outcome: 'pass' }),
  ];

  test('should name the column of a catches tag as findings name their check', () => {
    expect(columnOfTag('@rule:sort')).toBe('rule:sort');
    expect(columnOfTag('@check:authRequired')).toBe('authRequired');
  });

  test('should count an advisory fault as caught by an advisory of its rule that the clean shop does not record, and say so in the report', () => {
    const m = analyse(
      plan,
      run([
        ...clean,
        r('fault:sort-ci', 'sort-1', ['@rule:sort'], 'passed', { outcome: 'pass', advisories: ['rule:sort'] }),
        r('fault:sort-ci', 'sort-2', ['@rule:sort'], 'passed', { outcome: 'pass' }),
        r('fault:no-challenge', 'auth-1', ['@check:authRequired'], 'passed', { outcome: 'pass', advisories: ['authRequired'] }),
        r('fault:sort-up', 'sort-1', ['@rule:sort'], 'failed', { outcome: 'fail', defects: [{ id: 'D-1', title: 'wrong order' }] }),
      ]),
      OPTS,
    );
    const v = m.faults.find((f) => f.fault === 'sort-ci');
    expect(v?.caught).toBe(true);
    expect(v?.shows).toBe('advisory');
    expect(v?.caughtBy.map((t) => [t.id, t.outcome])).toEqual([['sort-1', 'advisory']]);
    expect(m.faults.find((f) => f.fault === 'no-challenge')?.caught).toBe(true);
    expect(m.score).toEqual({ caught: 3, total: 3, byAdvisory: 2 });
    expect(m.summary).toBe('caught 3/3 (2 by an advisory), clean run green, one defect per fault 3/3');
    const md = renderMarkdown(m);
    expect(md).toContain('| `sort-ci` | lists | `@rule:sort` | caught by an advisory (1) | sort-1 (advisory) |');
    expect(md).toContain('## Caught by advisories');
    expect(md).toContain('- `no-challenge` (No WWW-Authenticate.): auth-1 (advisory)');
  });

  test('should not count an advisory the clean shop records too, nor one of another rule', () => {
    const cleanAdvises = clean.map((c) => (c.id === 'sort-1' ? { ...c, advisories: ['rule:sort'] } : c));
    const m = analyse(
      plan,
      run([
        ...cleanAdvises,
        r('fault:sort-ci', 'sort-1', ['@rule:sort'], 'passed', { outcome: 'pass', advisories: ['rule:sort'] }),
        r('fault:sort-ci', 'sort-2', ['@rule:sort'], 'passed', { outcome: 'pass', advisories: ['rule:fields', 'errorBodyShape'] }),
      ]),
      OPTS,
    );
    const v = m.faults.find((f) => f.fault === 'sort-ci');
    expect(v?.caught).toBe(false);
    expect(v?.advisedCleanToo).toEqual(['sort-1']);
    expect(v?.reason).toBe('not caught: none of the 2 test(s) tagged @rule:sort recorded an advisory of rule:sort because of it; 1 record the advisory on the clean shop too');
  });

  test('should not count an advisory fault that makes a tagged test fail, even where another test advised', () => {
    const m = analyse(
      plan,
      run([
        ...clean,
        r('fault:sort-ci', 'sort-1', ['@rule:sort'], 'passed', { outcome: 'pass', advisories: ['rule:sort'] }),
        r('fault:sort-ci', 'sort-2', ['@rule:sort'], 'failed', { outcome: 'fail', error: 'ConformanceError: 1 finding:\n  ✗ not in byte order' }),
      ]),
      OPTS,
    );
    const v = m.faults.find((f) => f.fault === 'sort-ci');
    expect(v?.caught).toBe(false);
    expect(v?.failedInstead.map((t) => t.id)).toEqual(['sort-2']);
    expect(v?.reason).toContain('failed with it on, but it breaks only a demand the vendor does not describe (shows: advisory)');
    expect(renderMarkdown(m)).toContain('  - sort-2 [fail]: ConformanceError: 1 finding: / ✗ not in byte order');
  });

  test('should never count an advisory for a fault that expects a Fail, and say what the test recorded', () => {
    const m = analyse(plan, run([...clean, r('fault:sort-up', 'sort-1', ['@rule:sort'], 'passed', { outcome: 'pass', advisories: ['rule:sort'] })]), OPTS);
    const v = m.faults.find((f) => f.fault === 'sort-up');
    expect(v?.caught).toBe(false);
    expect(v?.advisedOnly).toEqual(['sort-1']);
    expect(v?.reason).toContain('1 recorded only an advisory of it, which never catches a fault that expects a Fail');
  });

  test('should declare as advisory faults only faults whose tags name rules or checks', () => {
    for (const f of FAULTS.filter((x) => x.shows === 'advisory')) for (const t of f.catches) expect(t, f.name).toMatch(/^@(rule|check):[\w-]+$/);
  });
});

test.describe('fault matrix verdicts of security faults @faults', () => {
  const LEAK: Fault = { name: 'leaks-trace', description: 'Traces in errors.', catches: ['@security:answers'], shows: 'security', finds: ['leak:stack-trace'], area: 'security' };
  const clean = (security?: string[]) => r('clean', 'sec-1', ['@security:answers'], 'passed', { outcome: 'pass', ...(security ? { security } : {}) });

  test('should count a security fault as caught by a finding of its kind that the clean shop does not record', () => {
    const plan = planMatrix([LEAK]);
    const m = analyse(plan, run([clean(), r('fault:leaks-trace', 'sec-1', ['@security:answers'], 'passed', { outcome: 'pass', security: ['leak:stack-trace', 'header:nosniff'] })]), OPTS);
    expect(m.faults[0]?.caught).toBe(true);
    expect(m.faults[0]?.caughtBy.map((t) => t.outcome)).toEqual(['security']);
    expect(m.faults[0]?.grouping.note).toBe('no defect: a security finding, never a Fail');
    expect(m.summary).toBe('caught 1/1 (1 by a security finding), clean run green, one defect per fault 1/1');
    expect(renderMarkdown(m)).toContain('caught by a security finding (1)');
  });

  test('should not count a finding of another kind, nor a Fail, and should not call a clean shop with findings green', () => {
    const plan = planMatrix([LEAK]);
    const other = analyse(plan, run([clean(), r('fault:leaks-trace', 'sec-1', ['@security:answers'], 'passed', { outcome: 'pass', security: ['header:nosniff'] })]), OPTS);
    expect(other.faults[0]?.reason).toBe('not caught: none of the 1 test(s) tagged @security:answers recorded a security finding of leak:stack-trace because of it');
    const failed = analyse(plan, run([clean(), r('fault:leaks-trace', 'sec-1', ['@security:answers'], 'failed', { outcome: 'fail', security: ['leak:stack-trace'] })]), OPTS);
    expect(failed.faults[0]?.caught).toBe(false);
    expect(failed.faults[0]?.reason).toContain('(shows: security)');
    const dirty = analyse(plan, run([clean(['cookie:session']), r('fault:leaks-trace', 'sec-1', ['@security:answers'], 'passed', { outcome: 'pass', security: ['leak:stack-trace'] })]), OPTS);
    expect(dirty.cleanGreen).toBe(false);
    expect(dirty.summary).toContain('clean run: 0 failure(s), 1 test(s) with security findings');
  });

  test('should name only kinds the security pack has, and give every kind a fault', async () => {
    const { SECURITY_KINDS } = await import('../../src/security/kinds.js');
    for (const f of FAULTS.filter((x) => x.shows === 'security')) {
      expect(f.finds?.length, f.name).toBeGreaterThan(0);
      for (const k of f.finds ?? []) expect(Object.keys(SECURITY_KINDS), f.name).toContain(k);
    }
    // A check that cannot fail is a defect: every kind has a fault that it finds.
    const found = new Set(FAULTS.flatMap((f) => f.finds ?? []));
    for (const k of Object.keys(SECURITY_KINDS)) expect(found.has(k), `no fault of reference/faults/security/ finds ${k}`).toBe(true);
  });
});

