// The compatibility report of a real (small) run, end to end: `npm run conformance` on the
// contract checks of two groups against the reference shop with a fault that makes authRequired
// fail four times, a baseline that lists one of them plus one entry that now passes, then
// `npm run report`. Checked: the CI gate and its exit code, report.json, the page in Debian
// Chromium (score, groups, a failure's evidence; screenshot in reports/), the gate again from
// report.json with another baseline, baseline:update, the Allure single file, and that no
// artefact holds the password.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from '@playwright/test';
import { PROJECT_ROOT } from '../../src/config/config.js';
import { secretForms } from '../../src/client/redact.js';
import { SCHEMA_VERSION, type CompatibilityReport } from '../../src/report/compatibility/types.js';
import { withPage } from './support/browser.js';
import { FAULT, FAULTY_OPS, PASSWORD, runNode, SLICE, tsx, USER, type ChildResult } from './support/child.js';
import { freshSelfTestDir, readJson, readReport, testWithRuns } from './support/runs.js';
import { scanTree } from '../support/artefact-scan.js';

interface PageRun {
  dir: string;
  baseline: string;
  conformance: ChildResult;
  report: ChildResult;
  json: CompatibilityReport;
}

const KNOWN = { operation: 'getTaxRates', check: 'authRequired', reason: 'vendor ticket 42: GET /tax_rates is public on purpose' };
const NOW_PASSES = { operation: 'getTaxClasses', check: 'statusCodeConformance', reason: 'was broken in 3.8' };

const test = testWithRuns('compatibility', async (dir): Promise<PageRun> => {
  const baseline = path.join(dir, 'baseline.json');
  writeFileSync(baseline, JSON.stringify({ version: 1, deviations: [KNOWN, NOW_PASSES] }));
  const env = { REPORT_DIR: dir, RUN_ID: 'rreports', SHOP_FAULTS: FAULT };
  // --reporter picks the console output only: the report files (and the redaction) stay.
  const conformance = await runNode(tsx('src/cli/conformance.ts', '--baseline', baseline, '--reporter', 'dot', ...SLICE), env);
  const report = await runNode(tsx('src/cli/report.ts', '--baseline', baseline), env);
  if (!existsSync(path.join(dir, 'compatibility', 'report.json'))) throw new Error(`no report.json:\n${conformance.output.slice(-3000)}`);
  return { dir, baseline, conformance, report, json: readReport(dir) };
});

test.describe('compatibility report of a run @reports', () => {
  // One child run serves every test here: keep them in one worker.
  test.describe.configure({ mode: 'default' });

  test('should fail the CI gate on failures not in the baseline, and name baseline entries that now pass', ({ runs: run }) => {
    const out = run.conformance.output;
    expect(run.conformance.status, out.slice(-3000)).toBe(1);
    expect(out).toMatch(/failure\(s\) not in the baseline/);
    for (const op of FAULTY_OPS.filter((o) => o !== KNOWN.operation)) expect(out).toContain(`${op} · authRequired: fail`);
    expect(out).toContain('1 known deviation(s) listed in');
    expect(out).toContain(`1 baseline entry now passes; remove it from`);
    expect(out).toContain(`${NOW_PASSES.operation} · ${NOW_PASSES.check}: ${NOW_PASSES.reason}`);
    // The closing lines: why operations were not tested, and the run's response times.
    expect(out).toMatch(/\n\d+ not tested: \d+ operations no test of this run reached\.\n/);
    expect(out).toMatch(/\nResponse times: p95 \d+ ms over [\d,]+ answers \(p50 \d+ ms, max \d+ ms\); slowest operation \w+ \(p95 \d+ ms\); none over its budget \(MAX_RESPONSE_MS=2000 ms\)\.\n/);
  });

  test('should write report.json with the run, the target and the matrix, without credentials', ({ runs: run }) => {
    const r = run.json;
    expect(r.schemaVersion).toBe(SCHEMA_VERSION);
    expect(r.scope).toBeNull();
    expect(r.score.inScope).toBe(r.score.declared);
    expect(r.spec).toMatchObject({ title: 'Shop Management REST API', version: '3.9.0', file: 'spec/shop-api-v2.yaml', basePath: '/shop1/api.php/v2' });
    expect(r.spec.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(r.target).toMatchObject({ apiVersion: 'v2', shopVersion: '3.9.0', embedded: true });
    expect(r.target.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/shop1\/api\.php\/v2$/);
    expect(r).toMatchObject({ profile: 'standard', runId: 'rreports', shard: null, runStatus: 'failed' });
    expect(Object.values(r.counts.testsByOutcome).reduce((a, b) => a + b, 0)).toBe(r.counts.tests);
    expect(r.score.declared).toBe(r.operations.filter((o) => o.declared).length);
    const failing = r.failures.map((f) => `${f.operation}/${f.check}`);
    for (const op of FAULTY_OPS) expect(failing).toContain(`${op}/authRequired`);
    expect(r.failures.find((f) => f.operation === KNOWN.operation && f.check === 'authRequired')).toMatchObject({ known: true, reason: KNOWN.reason });
    expect(r.operations.find((o) => o.id === 'getTaxClasses')?.status).toBe('failing');
    expect(r.groups.find((g) => g.name === 'tax')).toMatchObject({ operations: 3 });
    // Evidence of a failure: the request as curl, redacted where it had credentials, and the answer.
    const evidence = r.failures.find((f) => f.operation === 'getTaxClasses')?.findings[0]?.evidence;
    expect(evidence?.curl).toContain('/tax_classes');
    expect(evidence?.status).toBe(200);
    expect(JSON.stringify(r)).not.toContain(PASSWORD);
  });

  test('should show the score, the groups and a failure with its evidence in Chromium', async ({ runs: run }) => {
    const requests = await withPage(async (page) => {
      await page.goto(pathToFileURL(path.join(run.dir, 'compatibility', 'index.html')).href);
      const r = run.json;
      await expect(page.locator('#score-value')).toHaveText(`${r.score.conformant}/${r.score.declared}`);
      await expect(page.locator('#score')).toContainText('operations conformant');
      await expect(page.locator('#definition')).toContainText('An operation is conformant when');
      await expect(page.locator('#gate')).toContainText('CI gate: failed');
      // The operations of the groups the slice left untouched are not tested, and the page says why.
      const untested = r.counts.operations.untested;
      expect(untested).toBeGreaterThan(100);
      await expect(page.locator('#score-not-tested')).toHaveText(`${untested} not tested: ${untested} operations no test of this run reached.`);
      await page.locator('#score a[href="#not-tested"]').click();
      await expect(page.locator('#not-tested')).toBeInViewport();
      await expect(page.locator('#not-tested')).toHaveText(`Not tested (${untested})`);
      await expect(page.locator('section.not-tested[data-cause="unreached"] li[data-operation="getCustomers"]')).toBeVisible();
      const overview = page.locator('#group-overview');
      await expect(overview).toBeVisible();
      for (const g of ['tax', 'languages', 'customers']) await expect(overview.locator(`g[data-group="${g}"]`)).toBeVisible();
      await expect(overview.locator('g[data-group="tax"]')).toContainText('/3');
      const failure = page.locator('#failures ~ section.failure[data-operation="getTaxClasses"][data-check="authRequired"]');
      await failure.scrollIntoViewIfNeeded();
      await expect(failure).toBeVisible();
      await expect(failure).toContainText('served without credentials');
      await expect(failure.locator('pre.evidence')).toBeVisible();
      await expect(failure.locator('pre.evidence')).toContainText("curl -sS -i 'http://127.0.0.1");
      await expect(failure.locator('pre.evidence')).toContainText('response: 200');
      // The page leads with the defects; a cell links to its defect, and the defect back to its cells.
      const defects = page.locator('#defects');
      await expect(defects).toContainText('Defects (');
      expect((await defects.boundingBox())?.y ?? 1e9).toBeLessThan((await page.locator('#failures').boundingBox())?.y ?? 0);
      const toDefect = failure.locator('a[href^="#D-"]').first();
      const id = (await toDefect.getAttribute('href'))?.slice(1) ?? '';
      await toDefect.click();
      await expect(page.locator(`section.defect[id="${id}"]`)).toBeInViewport();
      await expect(page.locator(`section.defect[id="${id}"] pre.repro-cmd`).first()).toContainText("curl -sS -i 'http://127.0.0.1");
      await expect(page.locator(`section.defect[id="${id}"] .cells a[href="#f--getTaxClasses--authRequired"]`)).toBeVisible();
      const known = page.locator('section.failure.known[data-operation="getTaxRates"]');
      await expect(known).toContainText('Known deviation');
      await expect(known).toContainText(KNOWN.reason);
      await expect(page.locator('#baseline + p + ul')).toContainText('now passes, can be removed');
      await page.locator('#score').scrollIntoViewIfNeeded();
      const shot = path.join(PROJECT_ROOT, 'reports', 'compatibility-page.png');
      await page.screenshot({ path: shot, fullPage: true });
      expect(readFileSync(shot).length).toBeGreaterThan(10_000);
    });
    expect(requests, 'the page must load nothing').toEqual([]);
  });

  // The page of the run above, or of a real shop's run (COMPAT_PAGE_REPORT=<its report.json>, e.g. a
  // GX 4.8 standard run with hundreds of Fail cells), rendered again by `npm run report` with
  // today's grouping: it leads with the ranked defects, one row per defect worst first, each row
  // leading to its defect with a curl, every failure cell's link leading to a defect on the page.
  test('should lead with the ranked defect list in Chromium, for this run or COMPAT_PAGE_REPORT', async ({ runs: run }) => {
    const source = process.env.COMPAT_PAGE_REPORT ? path.resolve(process.env.COMPAT_PAGE_REPORT) : path.join(run.dir, 'compatibility', 'report.json');
    const dir = freshSelfTestDir('compatibility-page-defects');
    mkdirSync(path.join(dir, 'compatibility'), { recursive: true });
    copyFileSync(source, path.join(dir, 'compatibility', 'report.json'));
    const named = readJson<CompatibilityReport>(source).gate.baselineFile;
    const baseline = process.env.COMPAT_PAGE_REPORT ? (named && existsSync(path.resolve(PROJECT_ROOT, named)) ? path.resolve(PROJECT_ROOT, named) : undefined) : run.baseline;
    const rendered = await runNode(tsx('src/cli/report.ts', '--no-allure', ...(baseline ? ['--baseline', baseline] : [])), { REPORT_DIR: dir });
    expect(rendered.status, rendered.output).toBe(0);
    const r = readReport(dir);
    expect(r.defects.length).toBeGreaterThan(0);
    expect(await withPage(async (page) => {
      await page.goto(pathToFileURL(path.join(dir, 'compatibility', 'index.html')).href);
      // The first section after the score is the defect list, before the groups and the cells.
      expect(await page.locator('main h2').first().getAttribute('id')).toBe('defects');
      await expect(page.locator('#defects')).toContainText(`Defects (${r.defects.length}:`);
      const top = async (sel: string): Promise<number> => (await page.locator(sel).boundingBox())?.y ?? Number.NaN;
      expect(await top('#defects')).toBeLessThan(await top('#groups'));
      expect(await top('#groups')).toBeLessThan(await top('#failures'));
      // One row per defect, ranked 1..n, worst first (critical, major, minor).
      const rows = page.locator('table.defects tr[data-defect]');
      await expect(rows).toHaveCount(r.defects.length);
      const ranks = await rows.locator('td:first-child').allTextContents();
      expect(ranks.map(Number)).toEqual(r.defects.map((_, i) => i + 1));
      // (No DOM types here: the page's elements as the little the callback uses.)
      const ids = await rows.evaluateAll((trs: { getAttribute(name: string): string | null }[]) => trs.map((tr) => tr.getAttribute('data-defect') ?? ''));
      expect(ids).toEqual(r.defects.map((d) => d.id));
      const order = { critical: 0, major: 1, minor: 2 } as const;
      const severities = r.defects.map((d) => order[d.severity]);
      expect(severities).toEqual([...severities].sort((a, b) => a - b));
      // The list starts on the first screen, and its first row leads to defect #1 with a reproduction.
      expect(await top('table.defects')).toBeLessThan(900 * 1.5);
      const first = r.defects[0];
      await rows.first().locator('a').click();
      const section = page.locator(`section.defect[id="${first?.id ?? ''}"]`);
      await expect(section).toBeInViewport();
      await expect(section.locator('h3')).toContainText(`#1 `);
      if (first?.reproduction.curl) await expect(section.locator('pre.repro-cmd').first()).toContainText('curl -sS -i ');
      // Every failure cell's defect link leads to a defect on the page.
      const links = await page.locator('#failures ~ section.failure a[href^="#D-"]').evaluateAll((as: { getAttribute(name: string): string | null }[]) => as.map((a) => a.getAttribute('href')?.slice(1) ?? ''));
      expect(links.length).toBeGreaterThan(0);
      expect(links.filter((id) => !ids.includes(id))).toEqual([]);
      await page.locator('h1').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(dir, 'compatibility-page-top.png') });
    }), 'the page must fetch nothing').toEqual([]);
  });

  test('should show the coverage index and the response times in Chromium, and fail a run below MIN_COVERAGE with one line', async ({ runs: run }) => {
    const r = run.json;
    const l = r.latency;
    const c = r.coverage;
    if (!l || !c) throw new Error('report.json has no latency or coverage');
    // Every answer of the slice was timed; the contract checks of tax ran the responseTime check.
    const tax = l.operations.find((o) => o.operation === 'getTaxClasses');
    expect(tax).toMatchObject({ group: 'tax', budgetMs: 2000, budgetSource: 'MAX_RESPONSE_MS', overBudget: false, check: 'pass' });
    expect(tax?.count).toBeGreaterThanOrEqual(3);
    expect(tax?.slowest[0]?.curl).toContain("curl -sS -i 'http://127.0.0.1");
    expect(l.slowest.length).toBeGreaterThan(0);
    // The slice ran the contract checks of two groups of the whole spec: theirs are partly covered
    // (the contract probes send no list parameter), the others count 0.
    const taxCoverage = c.groups.find((g) => g.name === 'tax');
    expect(taxCoverage?.index).toBeGreaterThan(0);
    expect(c.groups.find((g) => g.name === 'orders')?.index).toBe(0);
    expect(c.index).toBeGreaterThan(0);
    expect(c.index).toBeLessThan(10);
    const listCoverage = c.operations.find((o) => o.operation === 'getTaxClasses');
    expect(listCoverage?.statuses.observed).toEqual(['200']);
    expect(listCoverage?.params.never).toContain('query:sort');
    const md = readFileSync(path.join(run.dir, 'compatibility', 'report.md'), 'utf8');
    expect(md).toContain(`## Coverage: index ${c.index}%, score ${r.score.percent}%`);
    expect(md).toContain('## Response times (');
    expect(md).toMatch(/\| getTaxClasses \| \d+ \| \d+ \| \d+ \| \d+ \| 2000 ms \| pass \|/);

    expect(await withPage(async (page) => {
      await page.goto(pathToFileURL(path.join(run.dir, 'compatibility', 'index.html')).href);
      await expect(page.locator('#score-coverage')).toHaveText(`coverage index ${c.index}%`);
      await page.locator('#score-coverage a').click();
      await expect(page.locator('#coverage')).toBeInViewport();
      await expect(page.locator('#coverage')).toHaveText(`Coverage: index ${c.index}%, score ${r.score.percent}%`);
      await expect(page.locator('#coverage-index')).toHaveText(`${c.index}%`);
      const group = page.locator('#coverage-groups tr[data-group="tax"]');
      await expect(group).toBeVisible();
      await expect(group).toContainText(`${taxCoverage?.index ?? '?'}%`);
      // An operation's statuses and what it never provoked or sent, behind its group.
      await page.locator('details', { hasText: 'covered, score' }).filter({ has: page.locator('tr[data-operation="getTaxClasses"]') }).locator('summary').click();
      await expect(page.locator('table.coverage tr[data-operation="getTaxClasses"]')).toBeVisible();
      await expect(page.locator('#latency')).toContainText(`Response times (${l.operations.length} operations, ${l.answers} answers)`);
      await expect(page.locator('#latency-budget')).toContainText('Budget: MAX_RESPONSE_MS=2000 ms.');
      const row = page.locator('table.latency tr[data-operation="getTaxClasses"]').first();
      await row.scrollIntoViewIfNeeded();
      await expect(row).toBeVisible();
      await expect(row).toContainText(`${tax?.p95 ?? '?'}`);
      await expect(row).toContainText('2000 ms');
      await expect(row).toContainText('pass');
      await expect(page.locator('#latency-slowest + table')).toContainText("curl -sS -i 'http://127.0.0.1");
      await page.locator('#coverage').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(PROJECT_ROOT, 'reports', 'compatibility-page-figures.png'), fullPage: false });
    }), 'the page must fetch nothing').toEqual([]);

    // MIN_COVERAGE judges the run's index: below it, the run fails with one line even where the gate passes.
    const all = path.join(run.dir, 'baseline-coverage.json');
    writeFileSync(all, JSON.stringify({ deviations: r.failures.map((f) => ({ operation: f.operation, check: f.check, reason: 'accepted for the test' })) }));
    const reportFile = path.join(run.dir, 'compatibility', 'report.json');
    const below = await runNode(tsx('src/cli/conformance.ts', '--baseline', all, '--from', reportFile), { REPORT_DIR: run.dir, MIN_COVERAGE: '90' });
    expect(below.status, below.output).toBe(1);
    expect(below.output).toContain(`Coverage index ${c.index}% is below MIN_COVERAGE=90%: this run judged too little of the description on this target`);
    const met = await runNode(tsx('src/cli/conformance.ts', '--baseline', all, '--from', reportFile), { REPORT_DIR: run.dir, MIN_COVERAGE: String(Math.floor(c.index)) });
    expect(met.status, met.output).toBe(0);
  });

  test('should gate again from report.json when the baseline lists every failure, and update a baseline from the run', async ({ runs: run }) => {
    const all = path.join(run.dir, 'baseline-all.json');
    writeFileSync(all, JSON.stringify({ deviations: run.json.failures.map((f) => ({ operation: f.operation, check: f.check, reason: 'accepted for the test' })) }));
    const env = { REPORT_DIR: run.dir };
    const reportFile = path.join(run.dir, 'compatibility', 'report.json');
    const gate = await runNode(tsx('src/cli/conformance.ts', '--baseline', all, '--from', reportFile), env);
    expect(gate.status, gate.output).toBe(0);
    expect(gate.output).toContain(`${run.json.failures.length} known deviation(s)`);

    const updated = path.join(run.dir, 'baseline-updated.json');
    copyFileSync(run.baseline, updated);
    const update = await runNode(tsx('src/cli/conformance.ts', '--update-baseline', '--baseline', updated, '--from', reportFile), env);
    expect(update.status, update.output).toBe(0);
    const entries = (JSON.parse(readFileSync(updated, 'utf8')) as { deviations: { operation: string; check: string; reason: string }[] }).deviations;
    expect(entries.find((e) => e.operation === KNOWN.operation)?.reason).toBe(KNOWN.reason);
    expect(entries.some((e) => e.operation === NOW_PASSES.operation && e.check === NOW_PASSES.check)).toBe(false);
    const added = entries.filter((e) => e.reason.startsWith('TODO'));
    expect(added.map((e) => e.operation).sort()).toEqual(run.json.gate.newFailures.map((f) => f.operation).sort());
    expect(added[0]?.reason).toContain('served without credentials');
  });

  test('should render the Allure report as one file that opens from disk, labelled, without analytics', async ({ runs: run }) => {
    expect(run.report.status, run.report.output).toBe(0);
    const results = path.join(run.dir, 'allure-results');
    const env = readFileSync(path.join(results, 'environment.properties'), 'utf8');
    expect(env).toContain('spec.version=3.9.0');
    expect(env).toContain('target.X-Shop-Version=3.9.0');
    const failed = readdirSync(results)
      .filter((f) => f.endsWith('-result.json'))
      .map((f) => JSON.parse(readFileSync(path.join(results, f), 'utf8')) as { status: string; labels: { name: string; value: string }[]; parameters: { name: string }[]; steps: { name: string }[] })
      .find((t) => t.status === 'failed' && t.labels.some((l) => l.name === 'feature' && l.value === 'getTaxClasses'));
    expect(failed?.labels).toEqual(expect.arrayContaining([{ name: 'epic', value: 'tax' }, { name: 'story', value: 'authRequired' }, { name: 'severity', value: 'critical' }]));
    // Failed tests are grouped by the defect they show, as the compatibility report groups them.
    const defect = run.json.defects.find((d) => d.cells.some((c) => c.operation === 'getTaxClasses'));
    expect(failed?.labels).toContainEqual({ name: 'defect', value: `${defect?.title ?? '?'} [${defect?.id ?? '?'}]` });
    expect(failed?.parameters.map((p) => p.name)).toEqual(['seed', 'profile']);
    expect(failed?.steps.map((s) => s.name)).toEqual(expect.arrayContaining(['verdict.json', 'evidence.txt']));

    const html = path.join(run.dir, 'allure-report', 'index.html');
    const text = readFileSync(html, 'utf8');
    expect(text).not.toMatch(/googletagmanager|gtag\(|dataLayer/);
    const requests = await withPage(async (page) => {
      await page.goto(pathToFileURL(html).href);
      await expect(page.locator('body')).toContainText('tax');
      await expect(page.locator('body')).toContainText(`${run.json.counts.tests}`);
    });
    expect(requests).toEqual([]);
  });

  // Playwright's HTML report shows a config's own metadata only at #show-metadata-other (since
  // 1.51), so the run is named by the report's title (src/report/run-title.ts), on its first page.
  test("should name the run (seed, FC_RUNS, target, profile, run id) in Playwright's HTML report in Chromium", async ({ runs: run }) => {
    const seed = run.json.seed;
    expect(typeof seed).toBe('number');
    // The child inherits FC_RUNS (npm run test:quick sets 5).
    const runs = process.env.FC_RUNS ?? '25';
    const title = `Conformance run rreports · embedded reference shop · PROFILE=standard · FC_SEED=${seed ?? '?'} · FC_RUNS=${runs}`;
    const url = pathToFileURL(path.join(run.dir, 'html', 'index.html')).href;
    await withPage(async (page, browser) => {
      await page.goto(url);
      await expect(page.getByText(title, { exact: true })).toBeVisible();
      await expect(page).toHaveTitle(title);
      await page.screenshot({ path: path.join(PROJECT_ROOT, 'reports', 'playwright-report-title.png') });
      // The same under "Metadata" where Playwright shows it: the hash it reads when the page loads.
      const other = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await other.goto(`${url}#show-metadata-other`);
      await other.getByRole('button', { name: 'Metadata' }).click();
      const items = other.locator('.metadata-view [role="listitem"]');
      for (const text of [`fast-check seed: ${seed ?? '?'}`, `fast-check runs (FC_RUNS): ${runs}`, 'target: embedded reference shop', 'profile (PROFILE): standard', 'run id (RUN_ID): rreports']) {
        await expect(items.filter({ hasText: text })).toHaveCount(1);
      }
      expect(await other.locator('.metadata-view').innerText()).not.toContain(PASSWORD);
    });
  });

  test('should leave no credential in any artefact of the run', ({ runs: run }) => {
    const { hits, files } = scanTree(run.dir, secretForms(USER, PASSWORD));
    for (const f of ['junit.xml', 'compatibility/report.json', 'compatibility/report.md', 'compatibility/index.html', 'compatibility/badge.svg', 'allure-report/index.html', 'html/index.html']) expect(files).toContain(f);
    expect(files.some((f) => f.startsWith('allure-results/'))).toBe(true);
    expect(hits).toEqual([]);
    expect(run.conformance.output).not.toContain(PASSWORD);
  });

  test('should refuse a --reporter that would replace the report files and the redaction', async ({ runs: run }) => {
    const refused = await runNode(tsx('src/cli/conformance.ts', '--reporter', 'html'), { REPORT_DIR: run.dir });
    expect(refused.status, refused.output).toBe(2);
    expect(refused.output).toContain('--reporter html: choose the console output with one of progress, list, line, dot');
  });
});
