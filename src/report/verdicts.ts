// The verdict record of a finished test, as reporters read it: the `verdict.json` attachment the
// worker wrote when the test ended (fixtures/verdict.ts, src/core/verdict.ts). A test that ended
// without one (its worker crashed, or it is not one of our suites' tests) is judged from its
// status alone: a failure there is Error, the harness did not finish.
import { readFileSync } from 'node:fs';
import type { TestCase, TestResult } from '@playwright/test/reporter';
import { keysOf } from '../core/keys.js';
import { parseVerdict, VERDICT_ATTACHMENT, VERDICT_VERSION, type VerdictRecord } from '../core/verdict.js';
import type { Redactor } from '../client/redact.js';

type Attachments = TestResult['attachments'];

/** The record the worker attached, or undefined when there is none this harness reads. */
export function attachedVerdict(attachments: Attachments, redactor?: Redactor): VerdictRecord | undefined {
  for (let i = attachments.length - 1; i >= 0; i--) {
    const att = attachments[i];
    if (att?.name !== VERDICT_ATTACHMENT) continue;
    try {
      const text = att.body ? att.body.toString('utf8') : att.path ? readFileSync(att.path, 'utf8') : '';
      return parseVerdict(redactor ? redactor.text(text) : text);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The reason Playwright keeps for a skip, for tests that carry no record. */
function skipReason(annotations: readonly { type: string; description?: string }[]): string | undefined {
  for (let i = annotations.length - 1; i >= 0; i--) {
    const a = annotations[i];
    if (a && (a.type === 'skip' || a.type === 'fixme') && a.description) return a.description;
  }
  return undefined;
}

/** A test without a record: what it declared, and its outcome from how it ended. */
export function verdictFromStatus(test: Pick<TestCase, 'tags' | 'annotations'>, result: Pick<TestResult, 'status' | 'annotations'>): VerdictRecord {
  const declared = [...test.annotations, ...(result.annotations ?? [])];
  const keys = keysOf(test.tags, declared);
  // An interrupted test (Ctrl-C, or the harness watch stopping the run) is no verdict: a Skip that says so.
  const outcome = result.status === 'passed' ? 'pass' : result.status === 'skipped' || result.status === 'interrupted' ? 'skip' : 'error';
  const record: VerdictRecord = {
    version: VERDICT_VERSION,
    operations: keys.operations,
    checks: keys.checks,
    group: keys.group ?? 'other',
    outcome,
    findings: [],
    advisories: [],
    notes: [],
    leftovers: [],
    deprecated: [],
  };
  const reason = result.status === 'interrupted' ? INTERRUPTED : outcome === 'skip' ? skipReason(declared) : outcome === 'error' ? `the test ended ${result.status} without a verdict record (a timeout or a crash before it could write one)` : undefined;
  if (reason) record.reason = reason;
  return record;
}

const INTERRUPTED = 'interrupted: the run stopped before this test ended (no verdict)';

/**
 * The verdict of a finished test: its record, else one from its status. An interrupted test's
 * record (its teardown may still write one, of a test cut short) is no verdict either: a Skip.
 */
export function verdictOfTest(test: Pick<TestCase, 'tags' | 'annotations'>, result: Pick<TestResult, 'status' | 'annotations' | 'attachments'>, redactor?: Redactor): VerdictRecord {
  const record = attachedVerdict(result.attachments, redactor);
  if (!record) return verdictFromStatus(test, result);
  if (result.status !== 'interrupted') return record;
  const { cells: _cells, ...rest } = record;
  return { ...rest, outcome: 'skip', findings: [], reason: INTERRUPTED };
}
