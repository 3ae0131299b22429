// One finished test -> its record (src/report/compatibility/record.ts): which of a failing test's
// operations it blames. The operation whose answer broke a rule (a `failed-operation` annotation
// from fixtures/evidence.ts) is blamed alone; without one, the operations the test reached.
import type { TestCase, TestResult } from '@playwright/test/reporter';
import { expect, test } from '@playwright/test';
import { Redactor } from '../../src/client/redact.js';
import { toRecord } from '../../src/report/compatibility/record.js';
import { buildMatrix, cellKey } from '../../src/report/compatibility/matrix.js';
import { FAILED_CHECK, FAILED_OPERATION, REACHED_OPERATIONS } from '../../src/report/compatibility/tags.js';

const TAGS = ['@emails', '@op:uploadAttachments', '@op:queueEmail', '@op:getEmails', '@rule:lifecycle', '@rule:files'];

function failed(annotations: { type: string; description?: string }[]): { test: TestCase; result: TestResult } {
  const t = {
    tags: TAGS,
    annotations: [],
    location: { file: '/p/suites/resources/emails.spec.ts', line: 81, column: 3 },
    titlePath: () => ['', 'p', 'suites/resources/emails.spec.ts', 'e-mails', 'should refer to an uploaded attachment'],
    outcome: () => 'unexpected',
  } as unknown as TestCase;
  const r = { status: 'failed', annotations, attachments: [], errors: [{ message: '✗ [rule:lifecycle] queueEmail: creating an e-mail should succeed' }], duration: 5 } as unknown as TestResult;
  return { test: t, result: r };
}

test.describe('compatibility record @reports', () => {
  test('should blame the operation whose answer broke the rule, not the others the test reached', () => {
    const { test: t, result } = failed([
      { type: FAILED_OPERATION, description: 'queueEmail' },
      { type: REACHED_OPERATIONS, description: 'uploadAttachments,queueEmail' },
    ]);
    const rec = toRecord(t, result, '/p', new Redactor([]));
    expect(rec.outcome).toBe('fail');
    expect(rec.only).toEqual(['queueEmail']);
  });

  test('should blame the rule a finding broke, and leave the other rules of the test not judged', () => {
    const { test: t, result } = failed([
      { type: FAILED_OPERATION, description: 'queueEmail' },
      { type: FAILED_CHECK, description: 'rule:lifecycle' },
    ]);
    const rec = toRecord(t, result, '/p', new Redactor([]));
    expect(rec.onlyChecks).toEqual(['rule:lifecycle']);
    const ops = ['uploadAttachments', 'queueEmail', 'getEmails'].map((id) => ({ id, method: 'post', path: `/${id}`, group: 'emails', deprecated: false }));
    const m = buildMatrix({ operations: ops } as unknown as Parameters<typeof buildMatrix>[0], [rec], () => false);
    expect(m.cells.get(cellKey('queueEmail', 'rule:lifecycle'))?.outcome).toBe('fail');
    expect(m.cells.get(cellKey('queueEmail', 'rule:files'))?.outcome).toBe('skip');
    expect(m.cells.get(cellKey('queueEmail', 'rule:files'))?.note).toMatch(/^not judged: the test failed on rule:lifecycle/);
    expect(m.cells.get(cellKey('uploadAttachments', 'rule:lifecycle'))?.outcome).toBe('skip');
  });

  test('should blame the operations the test reached when no rule named one', () => {
    const { test: t, result } = failed([{ type: REACHED_OPERATIONS, description: 'uploadAttachments' }]);
    expect(toRecord(t, result, '/p', new Redactor([])).only).toEqual(['uploadAttachments']);
  });
});
