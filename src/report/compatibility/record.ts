// One finished test -> one TestRecord: its verdict record (verdict.json, written by the worker when
// the test ended: src/core/verdict.ts) reduced to what the matrix needs, plus where the test is and
// the failure message Playwright shows. A test without a record is judged from its status alone
// (src/report/verdicts.ts).
import path from 'node:path';
import type { TestCase, TestResult } from '@playwright/test/reporter';
import type { Finding } from '../../core/finding.js';
import type { Redactor } from '../../client/redact.js';
import { verdictOfTest } from '../verdicts.js';
import type { ReportFinding, TestRecord } from './test-record.js';

const MESSAGE_LIMIT = 6000;
const FINDINGS_LIMIT = 10;

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;

export function stripAnsi(s: string): string {
  return s.replace(ANSI, '');
}

/** A finding as the report keeps it (redacted once more on the way). */
export function reportFinding(f: Finding, redactor: Redactor): ReportFinding {
  return redactor.value({
    check: String(f.check),
    ...(f.operationId && f.operationId !== '-' ? { operationId: String(f.operationId) } : {}),
    title: String(f.title),
    message: String(f.message),
    severity: String(f.severity),
    outcome: String(f.outcome),
    ...(f.basis ? { basis: f.basis } : {}),
    ...(f.evidence ? { evidence: f.evidence } : {}),
    ...(f.aboutStatus ? { aboutStatus: true as const } : {}),
  });
}

/** The message Playwright shows for a failed test (shown, never parsed). */
function messageOf(result: TestResult, redactor: Redactor): string | undefined {
  const errors = result.errors.length ? result.errors : result.error ? [result.error] : [];
  const text = errors.map((e) => stripAnsi(e.message ?? e.value ?? '')).filter(Boolean).join('\n\n');
  if (!text) return undefined;
  const clean = redactor.text(text);
  return clean.length > MESSAGE_LIMIT ? `${clean.slice(0, MESSAGE_LIMIT)}… (${clean.length} characters)` : clean;
}

export function toRecord(test: TestCase, result: TestResult, rootDir: string, redactor: Redactor): TestRecord {
  const v = verdictOfTest(test, result, redactor);
  // titlePath = ['', project, spec file (relative to the project's testDir), ...describes, title]. The
  // spec file, not where test() was called (the contract suite declares its tests in a helper), is
  // what a command that runs the test again names.
  const raw = test.titlePath();
  const testDir = test.parent?.project?.()?.testDir;
  const spec = testDir && raw[2] ? path.join(testDir, raw[2]) : undefined;
  let file: string;
  let title: string;
  if (spec) {
    file = path.relative(rootDir, spec) || spec;
    title = [file, ...raw.slice(3).filter(Boolean)].join(' › ');
  } else {
    file = path.relative(rootDir, test.location.file) || test.location.file;
    const titles = raw.filter(Boolean);
    const fileIdx = titles.findIndex((t) => t.endsWith(path.basename(test.location.file)));
    title = [file, ...(fileIdx >= 0 ? titles.slice(fileIdx + 1) : titles)].join(' › ');
  }
  const outcome = v.outcome;
  const record: TestRecord = {
    title: redactor.text(title),
    file,
    line: test.location.line,
    operations: v.operations,
    checks: v.checks,
    group: v.group,
    outcome,
    findings: outcome === 'pass' ? [] : v.findings.slice(0, FINDINGS_LIMIT).map((f) => reportFinding(f, redactor)),
    durationMs: result.duration,
  };
  if (v.cells) record.cells = v.cells;
  if (v.advisories.length) record.advisories = v.advisories.slice(0, FINDINGS_LIMIT).map((f) => reportFinding(f, redactor));
  if (v.property) record.property = v.property;
  if (v.reproduction) record.reproduction = v.reproduction;
  if (v.unreproduced?.length) record.unreproduced = v.unreproduced.slice(0, FINDINGS_LIMIT).map((u) => ({ showing: u.showing, finding: reportFinding(u.finding, redactor), replays: u.replays.map((e) => redactor.value(e)) }));
  if (v.traffic) record.traffic = redactor.value(v.traffic);
  if (v.security?.length) record.security = redactor.value(v.security);
  if (outcome === 'fail' || outcome === 'error') {
    const m = messageOf(result, redactor) ?? v.reason;
    if (m !== undefined) record.message = m;
  } else if (outcome !== 'pass' && v.reason) {
    record.reason = redactor.text(v.reason);
  }
  return record;
}
