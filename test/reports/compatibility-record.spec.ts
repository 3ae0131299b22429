// One finished test -> its verdict record (fixtures/verdict.ts, built while it runs) -> its report
// record (src/report/compatibility/record.ts): which of a failing test's operations and rules it
// blames. The operation whose answer broke a rule (the finding a rule assertion gave the record)
// is blamed alone; without one, the operations the test reached. A test without a record is judged
// from its status: a failure there is Error (it crashed before it could write one).
import type { TestCase, TestResult } from '@playwright/test/reporter';
import { expect, test } from '@playwright/test';
import { VerdictBuilder } from '../../fixtures/verdict.js';
import type { Finding } from '../../src/core/finding.js';
import { VERDICT_ATTACHMENT, type VerdictRecord } from '../../src/core/verdict.js';
import { Redactor } from '../../src/client/redact.js';
import { toRecord } from '../../src/report/compatibility/record.js';
import { buildMatrix, cellKey } from '../../src/report/compatibility/matrix.js';

const TAGS = ['@emails', '@op:uploadAttachments', '@op:queueEmail', '@op:getEmails', '@rule:lifecycle', '@rule:files'];

const finding = (operationId: string, check: string, outcome: Finding['outcome'] = 'fail'): Finding => ({ check, operationId, outcome, title: 'creating an e-mail should succeed', message: 'expected a 2xx answer, got 500', severity: 'major' });

function finished(record: VerdictRecord | undefined, status: TestResult['status'] = 'failed'): { test: TestCase; result: TestResult } {
  const t = {
    tags: TAGS,
    annotations: [],
    location: { file: '/p/suites/resources/emails.spec.ts', line: 81, column: 3 },
    titlePath: () => ['', 'p', 'suites/resources/emails.spec.ts', 'e-mails', 'should refer to an uploaded attachment'],
    outcome: () => 'unexpected',
  } as unknown as TestCase;
  const attachments = record ? [{ name: VERDICT_ATTACHMENT, contentType: 'application/json', body: Buffer.from(JSON.stringify(record)) }] : [];
  const r = { status, annotations: [], attachments, errors: [{ message: '✗ [rule:lifecycle] queueEmail: creating an e-mail should succeed' }], duration: 5 } as unknown as TestResult;
  return { test: t, result: r };
}

const ended = (status: TestResult['status']) => ({ tags: TAGS, annotations: [], status });
const OPS = ['uploadAttachments', 'queueEmail', 'getEmails'].map((id) => ({ id, method: 'post', path: `/${id}`, group: 'emails', deprecated: false }));

test.describe('verdict record and compatibility record @reports', () => {
  test('should blame the operation whose answer broke the rule, not the others the test reached', () => {
    const b = new VerdictBuilder();
    b.reach(['uploadAttachments', 'queueEmail']);
    b.fail([finding('queueEmail', 'rule:lifecycle')]);
    const { test: t, result } = finished(b.build(ended('failed'), undefined));
    const rec = toRecord(t, result, '/p', new Redactor([]));
    expect(rec.outcome).toBe('fail');
    expect(rec.findings.map((f) => f.check)).toEqual(['rule:lifecycle']);
    expect(rec.message).toMatch(/creating an e-mail should succeed/);
    expect(rec.cells?.filter((c) => c.outcome === 'fail').map((c) => `${c.operation} ${c.check}`)).toEqual(['queueEmail rule:lifecycle']);
  });

  test('should blame the rule a finding broke, and leave the other rules of the test not judged', () => {
    const b = new VerdictBuilder();
    b.fail([finding('queueEmail', 'rule:lifecycle')]);
    const { test: t, result } = finished(b.build(ended('failed'), undefined));
    const rec = toRecord(t, result, '/p', new Redactor([]));
    const m = buildMatrix({ operations: OPS } as unknown as Parameters<typeof buildMatrix>[0], [rec], () => false);
    expect(m.cells.get(cellKey('queueEmail', 'rule:lifecycle'))?.outcome).toBe('fail');
    expect(m.cells.get(cellKey('queueEmail', 'rule:files'))?.outcome).toBe('skip');
    expect(m.cells.get(cellKey('queueEmail', 'rule:files'))?.note).toMatch(/^not judged: the test failed on rule:lifecycle/);
    expect(m.cells.get(cellKey('uploadAttachments', 'rule:lifecycle'))?.outcome).toBe('skip');
  });

  test('should blame the operations the test reached when no rule named one', () => {
    const b = new VerdictBuilder();
    b.reach(['uploadAttachments']);
    const rec = b.build(ended('failed'), undefined);
    expect(rec.outcome).toBe('fail');
    expect(rec.cells?.filter((c) => c.outcome === 'fail').map((c) => c.operation)).toEqual(['uploadAttachments', 'uploadAttachments']);
  });

  test('should drop a rule failure that was caught when the test passed, as Playwright saw it', () => {
    const b = new VerdictBuilder();
    b.fail([finding('queueEmail', 'rule:lifecycle')]);
    const rec = b.build(ended('passed'), undefined);
    expect(rec.outcome).toBe('pass');
    expect(rec.findings).toEqual([]);
    expect(rec.cells).toBeUndefined();
  });

  test("should leave a property's attempts to the runner: nothing is recorded while it runs", () => {
    const b = new VerdictBuilder();
    b.deferred = true;
    b.fail([finding('getEmails', 'rule:paging')]);
    b.deferred = false;
    b.fail([finding('queueEmail', 'rule:lifecycle')]);
    const rec = b.build(ended('failed'), undefined);
    expect(rec.findings.map((f) => f.operationId)).toEqual(['queueEmail']);
  });

  test('should keep advisories apart: reported, never an outcome', () => {
    const b = new VerdictBuilder();
    b.outcome('pass');
    b.advise([{ ...finding('getEmails', 'responseSchemaConformance', 'advisory'), basis: { kind: 'erratum', ref: 'ERRATA #29' } }, finding('getEmails', 'statusCodeConformance')]);
    const rec = b.build(ended('passed'), undefined);
    expect(rec.outcome).toBe('pass');
    expect(rec.advisories.map((f) => f.check)).toEqual(['responseSchemaConformance']);
    const { test: t, result } = finished(rec, 'passed');
    expect(toRecord(t, result, '/p', new Redactor([])).advisories?.[0]?.basis).toEqual({ kind: 'erratum', ref: 'ERRATA #29' });
  });

  test('should judge a test that ended without a record from its status: a failure is Error', () => {
    const { test: t, result } = finished(undefined, 'failed');
    const rec = toRecord(t, result, '/p', new Redactor([]));
    expect(rec.outcome).toBe('error');
    expect(rec.operations).toEqual(['uploadAttachments', 'queueEmail', 'getEmails']);
    const passed = finished(undefined, 'passed');
    expect(toRecord(passed.test, passed.result, '/p', new Redactor([])).outcome).toBe('pass');
  });
});
