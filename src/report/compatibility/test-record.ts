// What one test contributes to the compatibility report: its verdict record reduced to what the
// matrix needs (record.ts makes it), and its findings as the report keeps them.
import type { Basis, Evidence, Outcome } from '../../core/finding.js';
import type { Traffic } from '../../core/traffic.js';
import type { CellVerdict, PropertyRun, Reproduction } from '../../core/verdict.js';
import type { SecurityFinding } from '../../core/security.js';

/** A finding as kept in the report: the check's words plus the redacted evidence. */
export interface ReportFinding {
  check: string;
  /** The operation whose answer it judged (absent in reports written before it was kept). */
  operationId?: string;
  title: string;
  message: string;
  severity: string;
  outcome: string;
  /** What the rule rests on, when not the vendor's description (advisories). */
  basis?: Basis;
  evidence?: Evidence;
  /** The finding is about the answer's status (Finding.aboutStatus). */
  aboutStatus?: true;
}

/** What one test said (its verdict record), reduced to what the matrix needs. */
export interface TestRecord {
  /** `file › describe › title` */
  title: string;
  file: string;
  line: number;
  /** Operation ids of the catalogue the test is about; empty for tests that name none. */
  operations: string[];
  /** Check/rule columns; `OTHER_CHECK` when the test names none. */
  checks: string[];
  /** Resource group: the catalogue's group of the test's operation (verdict record). */
  group?: string;
  outcome: Outcome;
  /**
   * The cells the test decides, when not all of them take its outcome (every pair of its
   * operations and checks): an Unsupported test is about the operations the target lacks, a
   * failing one about the operation and rule its finding named, else those it reached; the others
   * take Skip with the reason ("not reached" / "not judged").
   */
  cells?: CellVerdict[];
  /** Why it was skipped / unsupported / disabled, when it says. */
  reason?: string;
  /** Findings of the verdict record (fail, error, unsupported), with evidence. */
  findings: ReportFinding[];
  /** Findings stricter than the vendor describes: shown apart, never an outcome. */
  advisories?: ReportFinding[];
  /** The failure message (redacted, without colour codes), as Playwright shows it. */
  message?: string;
  /** Property tests: seed, path and the replay command. */
  property?: PropertyRun;
  /** How a failure reproduced when replayed, when it was. */
  reproduction?: Reproduction;
  /** Failures that did not fail again when sent alone (concurrency defects, flaky answers): never a Fail. */
  unreproduced?: { showing: 'concurrency' | 'flaky'; finding: ReportFinding; replays: Evidence[] }[];
  /** What its requests showed of each operation: response times, statuses, parameters, fields (verdict record). */
  traffic?: Traffic;
  /** Security findings its answers showed (verdict record): their own class, never a cell. */
  security?: SecurityFinding[];
  durationMs: number;
}
