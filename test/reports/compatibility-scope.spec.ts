// A run limited by ONLY_GROUPS/SKIP_GROUPS in the compatibility report, from hand-made records:
// operations of the groups left out are out of scope (apart, with the reason, outside the score),
// the score is stated for the scope while a whole-spec run keeps conformant / declared, the scope
// is in report.json and every rendering, and the CI gate never calls a baseline entry the scoped
// run could not judge "now passes". Also which scope a run had (config metadata, else config).
import { expect, test } from '@playwright/test';
import { badgeSvg } from '../../src/report/compatibility/badge.js';
import { updatedEntries, type Baseline } from '../../src/report/compatibility/baseline.js';
import { buildReport, rebaseline } from '../../src/report/compatibility/build.js';
import { CONFORMANT_DEFINITION } from '../../src/report/compatibility/matrix.js';
import { renderHtml } from '../../src/report/compatibility/render-html.js';
import { renderMarkdown } from '../../src/report/compatibility/render-md.js';
import { summaryLine } from '../../src/report/compatibility/reporter.js';
import { runScope, SCOPE_METADATA, scopedLabel } from '../../src/report/compatibility/scope.js';
import type { ReportScope } from '../../src/report/compatibility/rows.js';
import { OTHER_OPERATION } from '../../src/report/compatibility/types.js';
import { isListing } from '../../src/report/listing.js';
import { catalogue, META, op, rec } from './support/records.js';

const OPS = [op('getA', 'alpha'), op('getB', 'alpha'), op('getC', 'beta'), op('getD', 'gamma')];
const ONLY_ALPHA: ReportScope = { onlyGroups: ['alpha'], skipGroups: [] };
const NO_BASELINE: Baseline = { file: undefined, entries: [] };

// getA and getB pass; a test of alpha that also touches beta passes on getC; getD is not touched.
const RECORDS = [rec(['getA'], ['c1'], 'pass'), rec(['getB'], ['c1'], 'pass'), rec(['getA', 'getC'], ['rule:r1'], 'pass', { group: 'alpha' })];

function build(scope: ReportScope | null, records = RECORDS, baseline: Baseline = NO_BASELINE) {
  return buildReport({ catalogue: catalogue(OPS), records, meta: META, baseline, projectRoot: '/p', runStatus: 'passed', scope, now: new Date('2026-01-02T00:00:00Z') });
}

test.describe('scoped run in the compatibility report @reports', () => {
  test('should put the operations of groups left out apart and score the scope, a whole-spec run as before', () => {
    const r = build(ONLY_ALPHA);
    expect(r.scope).toEqual(ONLY_ALPHA);
    // getC was touched by a test of another group, but its own tests did not run: out of scope too.
    expect(Object.fromEntries(r.operations.map((o) => [o.id, o.status]))).toEqual({ getA: 'conformant', getB: 'conformant', getC: 'outOfScope', getD: 'outOfScope' });
    expect(r.operations.find((o) => o.id === 'getC')?.cells).toEqual({ 'rule:r1': 'pass' });
    expect(r.score).toEqual({ conformant: 2, declared: 4, inScope: 2, percent: 100 });
    expect(r.counts.operations).toMatchObject({ conformant: 2, outOfScope: 2, untested: 0 });
    expect(r.groups.map((g) => [g.name, g.operations, g.conformant, g.outOfScope])).toEqual([['alpha', 2, 2, 0], ['beta', 1, 0, 1], ['gamma', 1, 0, 1]]);
    expect(r.definition).toContain("operations in the run's scope");

    const whole = build(null);
    expect(whole.scope).toBeNull();
    expect(whole.score).toEqual({ conformant: 3, declared: 4, inScope: 4, percent: 75 });
    expect(whole.definition).toBe(CONFORMANT_DEFINITION);
    expect(whole.counts.operations.outOfScope).toBe(0);
  });

  test('should leave out what SKIP_GROUPS names, and still fail the gate on a failure outside the scope', () => {
    const r = build({ onlyGroups: [], skipGroups: ['beta'] }, [...RECORDS, rec(['getB', 'getC'], ['rule:r2'], 'fail', { message: 'expected 409' })]);
    expect(r.operations.filter((o) => o.status === 'outOfScope').map((o) => o.id)).toEqual(['getC']);
    expect(r.score).toEqual({ conformant: 1, declared: 4, inScope: 3, percent: 33.3 });
    // What ran and failed is a failure wherever it landed: the scope changes the score, never the gate.
    expect(r.gate.newFailures.map(({ operation, check, outcome }) => ({ operation, check, outcome }))).toEqual([
      { operation: 'getB', check: 'rule:r2', outcome: 'fail' },
      { operation: 'getC', check: 'rule:r2', outcome: 'fail' },
    ]);
    expect(r.failures.map((f) => f.operation)).toEqual(['getB', 'getC']);
    expect(renderMarkdown(r)).toContain('- beta (1): out of scope (SKIP_GROUPS=beta)');
  });

  test('should never call a baseline entry the scoped run could not judge "now passes", nor drop it on update', () => {
    const entries = [
      { operation: 'getA', check: 'c1', reason: 'in scope, passes now' },
      { operation: 'getC', check: 'rule:r1', reason: 'beta: only a test of alpha passed on it' },
      { operation: 'getD', check: 'c1', reason: 'gamma: not run' },
      { operation: '*', check: 'c1', reason: 'c1 everywhere' },
      { operation: OTHER_OPERATION, check: 'property:paging', reason: 'a property of some group' },
      { operation: 'getB', check: 'c9', reason: 'in scope, not run' },
    ];
    const baseline: Baseline = { file: '/p/conformance.baseline.json', entries };
    const records = [...RECORDS, rec([], ['property:paging'], 'pass')];
    const r = build(ONLY_ALPHA, records, baseline);
    expect(r.gate.fixed).toEqual([entries[0]]);
    expect(r.gate.outOfScope).toEqual([entries[1], entries[2], entries[3], entries[4]]);
    expect(r.gate.unmatched).toEqual([entries[5]]);
    expect(r.gate.ok).toBe(true);
    expect(updatedEntries(entries, JSON.parse(JSON.stringify(r.gate)) as typeof r.gate, () => '')).toEqual(entries.slice(1));
    // Judged again from report.json (npm run report, conformance --from): the same gate, statuses kept.
    const later = rebaseline(build(ONLY_ALPHA, records), baseline, '/p');
    expect(later.gate).toEqual(r.gate);
    expect(later.operations).toEqual(r.operations);
    expect(later.groups).toEqual(r.groups);
    expect(later.counts).toEqual(r.counts);
    // The whole spec ran: every entry is judged.
    const whole = build(null, records, baseline);
    expect(whole.gate.outOfScope).toEqual([]);
    expect(whole.gate.fixed).toEqual([entries[0], entries[1], entries[3], entries[4]]);
    expect(whole.gate.unmatched).toEqual([entries[2], entries[5]]);
  });

  test('should state the scope and the scoped score on the console, in the Markdown, on the page and the badge', () => {
    const r = build(ONLY_ALPHA, RECORDS, { file: '/p/conformance.baseline.json', entries: [{ operation: 'getD', check: 'c1', reason: 'gamma bug' }] });
    expect(summaryLine(r, 'x/index.html')).toBe('Compatibility (alpha only): 2/2 operations conformant, 2 of 4 declared in scope; coverage index 0%; CI gate passed. x/index.html');
    expect(summaryLine(build(null), 'x/index.html')).toBe('Compatibility: 3/4 operations conformant; coverage index 0%; CI gate passed. x/index.html');

    const md = renderMarkdown(r);
    expect(md).toContain('**shop API v2 (alpha only): 2/2 operations conformant (100%), 2 of 4 declared in scope**');
    expect(md).toContain('| Scope | ONLY_GROUPS=alpha: 2 of 4 declared operations in scope, 2 out of scope |');
    expect(md).toContain('## Out of scope (2 operations)');
    expect(md).toContain('- beta (1): out of scope (ONLY_GROUPS=alpha)');
    expect(md).toContain('- gamma (1): out of scope (ONLY_GROUPS=alpha)');
    expect(md).toContain('## Baseline entries not judged (out of scope)');
    expect(md).not.toContain('| beta |');
    const wholeMd = renderMarkdown(build(null));
    expect(wholeMd).toContain('**shop API v2: 3/4 operations conformant (75%)**');
    expect(wholeMd).not.toMatch(/out of scope|Scope/);

    const html = renderHtml(r);
    expect(html).toContain('id="score-value">2/2<');
    expect(html).toContain('<th>Scope</th><td>ONLY_GROUPS=alpha: 2 of 4 declared operations in scope, 2 out of scope</td>');
    expect(html).toContain('Scope (alpha only):</strong> 2/2 operations conformant, 2 of 4 declared in scope; the 2 others are out of scope (ONLY_GROUPS=alpha)');
    const section = html.slice(html.indexOf('<h2 id="out-of-scope"'), html.indexOf('<h2 id="baseline"'));
    expect(section).toContain('Out of scope (2)');
    expect(section).toContain('data-group="gamma"');
    expect(section).toContain('out of scope (ONLY_GROUPS=alpha)');
    expect(section).toContain('getD');
    // The overview shows the groups in scope; the matrix lists the others last, with the reason.
    const overview = html.slice(html.indexOf('<svg id="group-overview"'), html.indexOf('</svg>', html.indexOf('<svg id="group-overview"')));
    expect(overview).toContain('data-group="alpha"');
    expect(overview).not.toContain('data-group="beta"');
    expect(html).toContain('<summary><strong>beta</strong> <span class="muted">out of scope (ONLY_GROUPS=alpha)</span></summary>');
    expect(html).toContain("not judged, it covers operations out of this run's scope (ONLY_GROUPS=alpha)");
    const wholeHtml = renderHtml(build(null));
    expect(wholeHtml).toContain('id="score-value">3/4<');
    expect(wholeHtml).not.toContain('id="out-of-scope"');

    const badge = badgeSvg(scopedLabel('shop API v2', r.scope), r.score.conformant, r.score.inScope, '2 of 4 declared in scope');
    expect(badge).toContain('>shop API v2 (alpha only)</text>');
    expect(badge).toContain('>2/2</text>');
    expect(badge).toContain('<title>shop API v2 (alpha only): 2/2 operations conformant, 2 of 4 declared in scope</title>');
  });

  test('should take the scope from the run\'s config metadata, else from the harness configuration', () => {
    const config = { onlyGroups: ['tax'], skipGroups: [] };
    expect(runScope({ [SCOPE_METADATA]: { onlyGroups: [], skipGroups: ['orders'] } }, config)).toEqual({ onlyGroups: [], skipGroups: ['orders'] });
    // A merged report: the shards ran unscoped, whatever the merging process's environment says.
    expect(runScope({ [SCOPE_METADATA]: { onlyGroups: [], skipGroups: [] } }, config)).toBeNull();
    expect(runScope({}, config)).toEqual({ onlyGroups: ['tax'], skipGroups: [] });
    expect(runScope(undefined, { onlyGroups: [], skipGroups: [] })).toBeNull();
    expect(runScope({ [SCOPE_METADATA]: 'tax' }, config)).toEqual({ onlyGroups: ['tax'], skipGroups: [] });
  });
});

test.describe('listing detection @reports', () => {
  test('should tell `playwright test --list` from a run', () => {
    expect(isListing(['node', 'cli.js', 'test', '--list'])).toBe(true);
    expect(isListing(['node', 'cli.js', 'test', '--grep', '@tax', '--list', '--reporter', 'dot'])).toBe(true);
    expect(isListing(['node', 'cli.js', 'test', '--grep', '@tax'])).toBe(false);
    expect(isListing(['node', 'reference/main.ts', '--list-faults'])).toBe(false);
  });
});
