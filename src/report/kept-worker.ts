// Playwright replaces a worker after every failed test, and a new worker reloads the catalogue,
// the validators, the fixtures and the probe cache: against a broken target (hundreds of failures)
// a run crawled for 15+ minutes. The `keepWorker` fixture (fixtures/index.ts) therefore marks a
// failed test's expected status as 'failed', which is what keeps its worker, and leaves this
// annotation. The redacting reporter, first in every reporter list, turns the expected status back
// to 'passed' before any other reporter sees the test, so the list, HTML, JUnit and Allure reports,
// the failed count and the exit code all still show a failure. Only the fault matrix keeps the
// 'expected' failures (its failures are the point; it reads result statuses).
import { KEPT_WORKER_ANNOTATION } from '../core/annotations.js';


interface TestLike {
  expectedStatus: string;
  annotations: { type: string }[];
}

/** Undoes the worker-keeping expected status of a failed test; true when it did. */
export function restoreExpectedStatus(test: TestLike, resultAnnotations: readonly { type: string }[]): boolean {
  if (test.expectedStatus !== 'failed') return false;
  if (![...test.annotations, ...resultAnnotations].some((a) => a.type === KEPT_WORKER_ANNOTATION)) return false;
  test.expectedStatus = 'passed';
  return true;
}
