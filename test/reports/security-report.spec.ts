// The Security section of the compatibility report (src/report/security/): findings of every test
// grouped by cause across operations, ranked by severity, counted; never a cell, never the score;
// the security gate at SECURITY_GATE, the baseline knowing findings by signature (and keeping them
// through baseline:update), the page, the Markdown and the closing console line.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Exchange } from '../../src/core/exchange.js';
import type { SecurityFinding } from '../../src/core/security.js';
import { formatBaseline, readBaseline, type Baseline } from '../../src/report/compatibility/baseline.js';
import { buildReport, rebaseline } from '../../src/report/compatibility/build.js';
import { closingLines } from '../../src/report/compatibility/closing.js';
import { renderHtml } from '../../src/report/compatibility/render-html.js';
import { renderMarkdown } from '../../src/report/compatibility/render-md.js';
import { summaryLine } from '../../src/report/compatibility/reporter.js';
import { scanExchange } from '../../src/security/scan.js';
import { catalogue, META, op, rec } from './support/records.js';
import { loadConfig } from '../../src/config/config.js';
import { VerdictBuilder } from '../../fixtures/verdict.js';

function answer(operationId: string, status: number, headers: Record<string, string>, json: unknown): Exchange {
  // A careful deployment's headers, so only the leaks below show.
  const careful = { 'x-content-type-options': 'nosniff', 'cache-control': 'no-store', 'strict-transport-security': 'max-age=31536000' };
  return { request: { method: 'GET', url: `https://shop.example.test/api.php/v2/${operationId}`, headers: {}, auth: 'default' }, response: { status, headers: { ...careful, ...headers }, text: JSON.stringify(json), json, durationMs: 1 }, intent: 'positive', operationId };
}

const FRAME = [{ file: '/srv/shop/GXEngine/Shared/Types/IdType.inc.php', line: 47, function: '__construct', class: 'IntType' }];
const findingsA: SecurityFinding[] = [...scanExchange(answer('getA', 400, {}, FRAME)), ...scanExchange(answer('getA', 200, { 'x-powered-by': 'PHP/7.4.33' }, []))];
const findingsB: SecurityFinding[] = scanExchange(answer('getB', 400, {}, FRAME));
const OPS = [op('getA', 'alpha'), op('getB', 'alpha')];
const NO_BASELINE: Baseline = { file: undefined, entries: [] };

function records() {
  return [{ ...rec(['getA'], ['c1'], 'pass'), security: findingsA }, { ...rec(['getB'], ['c1'], 'pass'), security: findingsB }];
}

function build(baseline: Baseline = NO_BASELINE, securityGate: 'off' | 'high' | 'medium' | 'low' = 'off') {
  return buildReport({ catalogue: catalogue(OPS), records: records(), meta: META, baseline, projectRoot: '/p', runStatus: 'passed', securityGate });
}

test.describe('the Security section @reports', () => {
  test("should keep a test's every cause, however many operations showed the others", () => {
    // A resource test's setup reads a hundred operations of a shop that sends X-Powered-By; the one
    // stack trace its own request met must still reach the record.
    const b = new VerdictBuilder();
    for (let i = 0; i < 100; i++) b.security(scanExchange(answer(`get${i}`, 200, { 'x-powered-by': 'PHP/7.4.33' }, [])));
    b.security(findingsB);
    const kept = b.build({ tags: [], annotations: [], status: 'passed' }, undefined).security ?? [];
    expect(kept.filter((f) => f.kind === 'leak:stack-trace').map((f) => f.operationId)).toEqual(['getB']);
    expect(kept.filter((f) => f.kind === 'leak:version-header').length).toBe(60);
  });

  test('should group one cause over operations, rank by severity, and leave the matrix and score alone', () => {
    const r = build();
    expect(r.security?.findings.map((f) => [f.severity, f.signature, f.operations])).toEqual([
      ['medium', 'leak:stack-trace | Types/IdType.inc.php:47', ['getA', 'getB']],
      ['low', 'leak:version-header | X-Powered-By: PHP/7.4.33', ['getA']],
    ]);
    expect(r.security?.counts).toEqual({ total: 2, bySeverity: { high: 0, medium: 1, low: 1 }, byOwasp: { 'API8:2023': 2 }, known: 0 });
    expect(r.score.conformant).toBe(2);
    expect(r.failures).toEqual([]);
    expect(r.gate.ok).toBe(true);
    expect(r.gate.security).toBeUndefined();
  });

  test('should show a finding with the answer\'s headers and body when its first record carries them slimmed', () => {
    const [full] = findingsB;
    if (!full) throw new Error('no finding');
    const slimmed = { ...full, evidence: { ...full.evidence, headers: {}, bodyExcerpt: '' } };
    const r = buildReport({ catalogue: catalogue(OPS), records: [{ ...rec(['getB'], ['c1'], 'pass'), security: [slimmed] }, { ...rec(['getB'], ['c2'], 'pass'), security: [full] }], meta: META, baseline: NO_BASELINE, projectRoot: '/p', runStatus: 'passed' });
    expect(r.security?.findings[0]?.evidence.bodyExcerpt).toContain('IdType');
    expect(r.security?.findings[0]?.seen).toBe(2);
  });

  test('should fail the gate at SECURITY_GATE and not below it, and know a finding by its signature', () => {
    expect(build(NO_BASELINE, 'high').gate.ok).toBe(true);
    const medium = build(NO_BASELINE, 'medium');
    expect(medium.gate.ok).toBe(false);
    expect(medium.gate.security?.failing).toHaveLength(1);
    expect(summaryLine(medium, 'x')).toContain('1 security finding(s) over SECURITY_GATE=medium');
    expect(build(NO_BASELINE, 'low').gate.security?.failing).toHaveLength(2);
    const known: Baseline = { file: undefined, entries: [], security: [{ signature: 'leak:stack-trace | Types/IdType.inc.php:47', reason: 'vendor ticket 12' }, { signature: 'leak:sql | gone', reason: 'fixed?' }] };
    const r = build(known, 'medium');
    expect(r.gate.ok).toBe(true);
    expect(r.security?.findings[0]?.known).toBe(true);
    expect(r.security?.gate.unmatched.map((e) => e.signature)).toEqual(['leak:sql | gone']);
    // Judged again against another baseline (npm run report), with the run's threshold.
    expect(rebaseline(r, NO_BASELINE, '/p').gate.ok).toBe(false);
  });

  test('should read the baseline file\'s security list, refuse an entry without a reason, and keep the list through a rewrite', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sec-baseline-'));
    const file = path.join(dir, 'b.json');
    const security = [{ signature: 'cookie:session | GXsid_*', reason: 'the shop needs it for its storefront' }];
    writeFileSync(file, formatBaseline([], file, security));
    expect(readBaseline(file).security).toEqual(security);
    writeFileSync(file, JSON.stringify({ version: 1, deviations: [], security: [{ signature: 'x | y' }] }));
    expect(() => readBaseline(file)).toThrow(/security\[0\] needs a non-empty "signature".*"reason"/);
  });

  test('should show the section on the page and in the Markdown, and count by severity in the closing lines', () => {
    const r = build();
    const html = renderHtml(r);
    expect(html).toContain('id="security"');
    expect(html).toContain('API8:2023 Security Misconfiguration');
    expect(html).toContain('X-Powered-By: PHP/7.4.33');
    expect(renderMarkdown(r)).toContain('## Security (2: 0 high, 1 medium, 1 low)');
    expect(closingLines(r)).toContain('Security: 2 findings (0 high, 1 medium, 1 low); not gated (SECURITY_GATE=off); never a conformance failure.');
  });

  test('should validate SECURITY_GATE with the rest of the configuration', () => {
    expect(loadConfig({ SECURITY_GATE: 'HIGH' }).securityGate).toBe('high');
    expect(loadConfig({}).securityGate).toBe('off');
    expect(() => loadConfig({ SECURITY_GATE: 'critical' })).toThrow('SECURITY_GATE=critical is unknown; use one of off, high, medium, low.');
    expect(() => loadConfig({ SECOND_USER: 'customer@example.test' })).toThrow('SECOND_USER and SECOND_PASSWORD go together');
    expect(() => loadConfig({ SECOND_USER: 'admin@example.test', SECOND_PASSWORD: 'x' })).toThrow('SECOND_USER is the admin');
    expect(loadConfig({ SECOND_USER: 'customer@example.test', SECOND_PASSWORD: 'pw-0815' }).secondPassword).toBe('pw-0815');
  });
});
