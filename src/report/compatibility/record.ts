// One finished test -> one TestRecord: its keys (tags.ts), its outcome on the
// Disabled < Skip < Pass < Unsupported < Fail < Error scale, and its evidence.
// fixtures/outcome.ts says how the contract suite encodes outcomes (an `outcome` annotation plus
// the test's status); tests that say nothing are read from their status alone.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TestCase, TestResult } from '@playwright/test/reporter';
import { OUTCOMES, worseOf, type Outcome } from '../../checks/types.js';
import type { Redactor } from '../../client/redact.js';
import { FAILED_CHECK, FAILED_OPERATION, keysOf, REACHED_OPERATIONS, UNSUPPORTED_OPERATION, type Annotation } from './tags.js';
import type { ReportFinding, TestRecord } from './types.js';

const MESSAGE_LIMIT = 6000;
const FINDINGS_LIMIT = 10;

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;

export function stripAnsi(s: string): string {
  return s.replace(ANSI, '');
}

function isOutcome(s: string | undefined): s is Outcome {
  return s !== undefined && (OUTCOMES as readonly string[]).includes(s);
}

function lastAnnotation(list: readonly Annotation[], type: string): string | undefined {
  for (let i = list.length - 1; i >= 0; i--) if (list[i]?.type === type) return list[i]?.description;
  return undefined;
}

/** The outcome of a test from its result: the annotation when the suite set one, corrected by what actually happened. */
export function outcomeOf(test: Pick<TestCase, 'outcome'>, result: Pick<TestResult, 'status' | 'error'>, annotations: readonly Annotation[]): Outcome {
  const said = lastAnnotation(annotations, 'outcome');
  const harnessError = /^(HarnessError: )?Harness error:/.test(stripAnsi(result.error?.message ?? ''));
  const failed: Outcome = harnessError || result.status === 'interrupted' || result.status === 'timedOut' ? 'error' : 'fail';
  if (result.status === 'skipped') {
    if (isOutcome(said)) return said;
    return lastAnnotation(annotations, 'disabled') !== undefined ? 'disabled' : 'skip';
  }
  const verdict = test.outcome();
  // An expected failure (test.fail()) or a flaky pass counts as what the suite meant: a pass.
  const fromStatus: Outcome = verdict === 'expected' || verdict === 'flaky' ? 'pass' : failed;
  return isOutcome(said) ? worseOf(said, fromStatus) : fromStatus;
}

function findingsOf(result: TestResult, redactor: Redactor): ReportFinding[] {
  const att = result.attachments.find((a) => a.name === 'evidence.json');
  if (!att) return [];
  try {
    const text = att.body ? att.body.toString('utf8') : att.path ? readFileSync(att.path, 'utf8') : '';
    const parsed = JSON.parse(redactor.text(text)) as { findings?: unknown };
    if (!Array.isArray(parsed.findings)) return [];
    return (parsed.findings as ReportFinding[]).slice(0, FINDINGS_LIMIT).map((f) => ({
      check: String(f.check),
      title: String(f.title),
      message: String(f.message),
      severity: String(f.severity),
      outcome: String(f.outcome),
      ...(f.evidence ? { evidence: f.evidence } : {}),
    }));
  } catch {
    // Evidence that cannot be read is not worth losing the report over; the message remains.
    return [];
  }
}

function messageOf(result: TestResult, redactor: Redactor): string | undefined {
  const errors = result.errors.length ? result.errors : result.error ? [result.error] : [];
  const text = errors.map((e) => stripAnsi(e.message ?? e.value ?? '')).filter(Boolean).join('\n\n');
  if (!text) return undefined;
  const clean = redactor.text(text);
  return clean.length > MESSAGE_LIMIT ? `${clean.slice(0, MESSAGE_LIMIT)}… (${clean.length} characters)` : clean;
}

export function toRecord(test: TestCase, result: TestResult, rootDir: string, redactor: Redactor): TestRecord {
  const annotations: Annotation[] = [...test.annotations, ...(result.annotations ?? [])];
  const keys = keysOf(test.tags, annotations);
  const outcome = outcomeOf(test, result, annotations);
  const file = path.relative(rootDir, test.location.file) || test.location.file;
  const titles = test.titlePath().filter(Boolean);
  // titlePath = ['', project, file, ...describes, title]; keep the describes and the title.
  const fileIdx = titles.findIndex((t) => t.endsWith(path.basename(test.location.file)));
  const title = [file, ...(fileIdx >= 0 ? titles.slice(fileIdx + 1) : titles)].join(' › ');
  const record: TestRecord = {
    title: redactor.text(title),
    file,
    line: test.location.line,
    operations: keys.operations,
    checks: keys.checks,
    outcome,
    findings: outcome === 'pass' ? [] : findingsOf(result, redactor),
    durationMs: result.duration,
  };
  if (keys.group !== undefined) record.group = keys.group;
  if (outcome === 'unsupported') {
    const lacking = annotations.filter((a) => a.type === UNSUPPORTED_OPERATION && a.description).map((a) => a.description?.trim() ?? '');
    if (lacking.length && keys.operations.some((o) => !lacking.includes(o))) record.only = [...new Set(lacking)];
  } else if (outcome === 'fail' || outcome === 'error') {
    // The operation whose answer broke a rule is the one to blame; without one, a test that failed
    // at its first step (a create) says nothing of the operations it never reached.
    const failed = new Set(outcome === 'fail' ? annotations.filter((a) => a.type === FAILED_OPERATION && a.description).map((a) => a.description ?? '') : []);
    const reached = new Set((lastAnnotation(annotations, REACHED_OPERATIONS) ?? '').split(',').map((x) => x.trim()).filter(Boolean));
    const byFinding = keys.operations.filter((o) => failed.has(o));
    const blamed = byFinding.length ? byFinding : keys.operations.filter((o) => reached.has(o));
    if (blamed.length && blamed.length < keys.operations.length) record.only = blamed;
    const brokenRules = outcome === 'fail' ? new Set(annotations.filter((a) => a.type === FAILED_CHECK && a.description).map((a) => a.description ?? '')) : new Set<string>();
    const judged = keys.checks.filter((c) => brokenRules.has(c));
    if (judged.length && judged.length < keys.checks.length) record.onlyChecks = judged;
  }
  if (outcome === 'fail' || outcome === 'error') {
    const m = messageOf(result, redactor);
    if (m !== undefined) record.message = m;
  } else if (outcome !== 'pass') {
    const reason = lastAnnotation(annotations, 'skip') ?? lastAnnotation(annotations, 'fixme') ?? lastAnnotation(annotations, 'disabled');
    if (reason) record.reason = redactor.text(reason);
  }
  return record;
}
