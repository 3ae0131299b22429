// What the matrix reporter records of one Playwright run: every test result of every project,
// plain JSON, so the analysis can be re-run (and self-tested) without Playwright.
import type { VerdictRecord } from '../../src/core/verdict.js';

export type RawStatus = 'passed' | 'failed' | 'timedOut' | 'skipped' | 'interrupted';

export interface RawResult {
  /** Playwright project: `clean`, `clean:tls`, `fault:<name>`. */
  project: string;
  /** `suites/contract/contract-<n>.spec.ts › getCustomers (GET /customers) › should ...`, the same in every project. */
  id: string;
  tags: string[];
  status: RawStatus;
  /** The outcome of the test's verdict record (pass, fail, error, unsupported, skip, disabled). */
  outcome?: string;
  /**
   * The columns (`rule:sort`, `authRequired`: Finding.check) of the advisory findings its verdict
   * record holds, each once; absent when it recorded none.
   */
  advisories?: string[];
  /** The kinds (`leak:sql`, ...) of the security findings its verdict record holds, each once; absent when none. */
  security?: string[];
  /** First lines of the error message (already redacted by the reporter before it). */
  error?: string;
  /**
   * A Fail's verdict record (what its defects are made from: outcome, columns, cells, findings), so
   * an analysis of an earlier run (`--from=raw.json`) groups with the signatures of today's code.
   */
  verdict?: Pick<VerdictRecord, 'outcome' | 'operations' | 'checks' | 'cells' | 'findings'>;
  /** Its defects (src/report/defects/): set by the analysis from `verdict`, or given by a self-test. */
  defects?: { id: string; title: string }[];
  durationMs: number;
}

export interface RawRun {
  /** Playwright's overall status (failed is normal: the fault projects fail on purpose). */
  status: string;
  durationMs: number;
  /** Errors outside tests (config, worker setup): any of them makes the matrix fail. */
  errors: string[];
  results: RawResult[];
}
