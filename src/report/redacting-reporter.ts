// The redacting reporter: FIRST in the reporter list. Playwright hands every reporter the same
// result objects, one reporter after the other, so scrubbing them here in place means the list,
// HTML, JUnit and Allure reporters that follow never see a credential: errors (Playwright's call
// log prints request headers), stdout/stderr kept on the result, annotations, step errors and
// attachments, including files on disk (error-context.md and anything attached by path).
// Stdout chunks themselves are scrubbed in the worker (fixtures: redactStdio), because a string
// chunk passed to later reporters cannot be rewritten here.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestError, TestResult, TestStep } from '@playwright/test/reporter';
import { loadConfig } from '../config/config.js';
import { Redactor } from '../client/redact.js';
import { restoreExpectedStatus } from './kept-worker.js';

type Stdio = (string | Buffer)[];

/** Text-like attachments are scrubbed; binary ones (images) are left as they are. */
function looksTextual(contentType: string, buf: Buffer): boolean {
  if (/^(text\/|application\/(json|xml|javascript|x-ndjson|.*\+json|.*\+xml))/i.test(contentType)) return true;
  // Unknown type: treat as text when it decodes without replacement characters in the first KB.
  return !buf.subarray(0, 1024).toString('utf8').includes('\uFFFD');
}

export class Scrubber {
  constructor(private readonly redactor: Redactor) {}

  text(s: string): string {
    return this.redactor.text(s);
  }

  error(e: TestError | undefined, depth = 0): void {
    if (!e || depth > 5) return;
    if (e.message) e.message = this.text(e.message);
    if (e.stack) e.stack = this.text(e.stack);
    if (e.value) e.value = this.text(e.value);
    if (e.snippet) e.snippet = this.text(e.snippet);
    this.error(e.cause, depth + 1);
  }

  stdio(list: Stdio): void {
    for (let i = 0; i < list.length; i++) {
      const chunk = list[i];
      if (typeof chunk === 'string') list[i] = this.text(chunk);
      else if (Buffer.isBuffer(chunk)) list[i] = Buffer.from(this.text(chunk.toString('utf8')), 'utf8');
    }
  }

  /** Rewrites a text file in place when it holds a secret. Returns whether it did. */
  file(p: string, contentType = ''): boolean {
    const buf = readFileSync(p);
    if (!looksTextual(contentType, buf)) return false;
    const before = buf.toString('utf8');
    const after = this.text(before);
    if (after === before) return false;
    writeFileSync(p, after);
    return true;
  }

  /** Every text file under a directory (what tests wrote into their output folders). */
  tree(dir: string, depth = 0): void {
    if (depth > 12 || !existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      const p = path.join(dir, name);
      const st = statSync(p);
      if (st.isDirectory()) this.tree(p, depth + 1);
      else if (st.size < 20 * 1024 * 1024) this.file(p);
    }
  }

  attachment(a: { name: string; contentType: string; path?: string; body?: Buffer }): void {
    if (a.body) {
      if (looksTextual(a.contentType, a.body)) {
        const before = a.body.toString('utf8');
        const after = this.text(before);
        if (after !== before) a.body = Buffer.from(after, 'utf8');
      }
    }
    if (a.path && existsSync(a.path)) this.file(a.path, a.contentType);
  }

  annotations(list: { type: string; description?: string }[]): void {
    for (const a of list) if (a.description) a.description = this.text(a.description);
  }

  step(step: TestStep): void {
    step.title = this.text(step.title);
    this.error(step.error);
    for (const a of step.attachments) this.attachment(a);
    for (const s of step.steps) this.step(s);
  }

  result(result: TestResult): void {
    this.error(result.error);
    for (const e of result.errors) this.error(e);
    this.stdio(result.stdout);
    this.stdio(result.stderr);
    for (const a of result.attachments) this.attachment(a);
    this.annotations(result.annotations);
    for (const s of result.steps) this.step(s);
  }
}

export default class RedactingReporter implements Reporter {
  private readonly scrub: Scrubber;
  private outputDirs: string[] = [];

  /** The fault matrix reads failures as expected ones (src/report/kept-worker.ts). */
  private readonly keptFailuresExpected: boolean;

  constructor(options: { keptFailuresExpected?: boolean } = {}) {
    this.keptFailuresExpected = options.keptFailuresExpected === true;
    const config = loadConfig();
    this.scrub = new Scrubber(Redactor.forConfig(config));
  }

  printsToStdio(): boolean {
    return false;
  }

  onBegin(config: FullConfig, _suite: Suite): void {
    this.outputDirs = [...new Set(config.projects.map((p) => p.outputDir))];
  }

  onStepBegin(_test: TestCase, _result: TestResult, step: TestStep): void {
    // Some reporters (Allure) take the step title when the step begins.
    step.title = this.scrub.text(step.title);
  }

  onStdOut(_chunk: string | Buffer, _test: TestCase | undefined, result: TestResult | undefined): void {
    if (result) this.scrub.stdio(result.stdout);
  }

  onStdErr(_chunk: string | Buffer, _test: TestCase | undefined, result: TestResult | undefined): void {
    if (result) this.scrub.stdio(result.stderr);
  }

  onStepEnd(_test: TestCase, _result: TestResult, step: TestStep): void {
    this.scrub.step(step);
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    // A failure that kept its worker is a failure again for every later reporter and the exit code.
    if (!this.keptFailuresExpected) restoreExpectedStatus(test, result.annotations);
    this.scrub.annotations(test.annotations);
    this.scrub.result(result);
  }

  onError(error: TestError): void {
    this.scrub.error(error);
  }

  onEnd(_result: FullResult): void {
    // Results were scrubbed test by test; what tests wrote straight into their output folders
    // (test-results) is scrubbed now, before later reporters build their reports from it.
    for (const dir of this.outputDirs) this.scrub.tree(dir);
  }
}
