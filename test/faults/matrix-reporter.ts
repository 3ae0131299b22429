// Reporter of the fault-matrix run (after the redacting reporter): records every test result per
// project as plain data for the analysis (analyse.ts) and prints one line per finished project,
// instead of the hundreds of failure blocks the fault projects produce on purpose.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestError, TestResult } from '@playwright/test/reporter';
import { verdictOfTest } from '../../src/report/verdicts.js';
import type { RawResult, RawRun } from './raw.js';

// eslint-disable-next-line no-control-regex -- terminal colour codes in error messages
const ANSI = /\u001b\[[0-9;]*m/g;

function firstLines(s: string | undefined, n = 3): string | undefined {
  if (!s) return undefined;
  return s.replace(ANSI, '').split('\n').map((l) => l.trimEnd()).filter(Boolean).slice(0, n).join('\n');
}

export default class MatrixReporter implements Reporter {
  private readonly output: string;
  private readonly root: string;
  private readonly results: RawResult[] = [];
  private readonly errors: string[] = [];
  private readonly remaining = new Map<string, number>();
  private readonly failed = new Map<string, number>();
  private readonly started = Date.now();

  constructor(opts: { output: string; root: string }) {
    this.output = opts.output;
    this.root = opts.root;
  }

  printsToStdio(): boolean {
    return true;
  }

  onBegin(_config: FullConfig, suite: Suite): void {
    for (const project of suite.suites) this.remaining.set(project.title, project.allTests().length);
    const total = suite.allTests().length;
    process.stdout.write(`fault matrix: ${total} tests in ${suite.suites.length} projects\n`);
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const project = test.parent.project()?.name ?? '';
    // titlePath: ['', project, file, ...describes, title]
    const titles = test.titlePath().slice(3);
    // The spec file (titlePath[2], relative to testDir), not where test() was called (a helper).
    const file = test.titlePath()[2] ?? path.relative(this.root, test.location.file);
    // The test's verdict record (verdict.json); a test that ended without one is judged from its status.
    const verdict = verdictOfTest(test, result);
    const raw: RawResult = {
      project,
      id: `${file} › ${titles.join(' › ')}`,
      tags: test.tags,
      status: result.status,
      outcome: verdict.outcome,
      durationMs: result.duration,
    };
    // What a Fail's defects are made from (analyse.ts groups them): the proof that each fault is one defect.
    if (verdict.outcome === 'fail') raw.verdict = { outcome: verdict.outcome, operations: verdict.operations, checks: verdict.checks, findings: verdict.findings, ...(verdict.cells ? { cells: verdict.cells } : {}) };
    // Which rules and checks it advised on: a fault the vendor's description does not cover is caught by these.
    const advised = [...new Set(verdict.advisories.map((f) => f.check))];
    if (advised.length) raw.advisories = advised;
    // Which kinds of security finding it recorded: a security fault is caught by these, and the clean shop must record none.
    const security = [...new Set((verdict.security ?? []).map((f) => f.kind))];
    if (security.length) raw.security = security;
    const error = firstLines(result.error?.message);
    if (error) raw.error = error;
    this.results.push(raw);
    // Retries are off; a test ends once.
    if (result.status === 'failed' || result.status === 'timedOut') this.failed.set(project, (this.failed.get(project) ?? 0) + 1);
    const left = (this.remaining.get(project) ?? 1) - 1;
    this.remaining.set(project, left);
    if (left === 0) {
      const n = this.results.filter((r) => r.project === project).length;
      process.stdout.write(`  ${project.padEnd(48)} ${String(n).padStart(5)} tests, ${String(this.failed.get(project) ?? 0).padStart(4)} failed\n`);
    }
  }

  onError(error: TestError): void {
    const msg = firstLines(error.message ?? error.value, 10) ?? 'unknown error';
    this.errors.push(msg);
    process.stderr.write(`fault matrix: ${msg}\n`);
  }

  onEnd(result: FullResult): void {
    const run: RawRun = { status: result.status, durationMs: Date.now() - this.started, errors: this.errors, results: this.results };
    mkdirSync(path.dirname(this.output), { recursive: true });
    writeFileSync(this.output, JSON.stringify(run));
  }
}
