// The matrix of the compatibility report (matrix.ts builds it): a row per operation with its
// status and a cell per check, a summary per resource group, and the cells kept with their
// evidence.
import type { Outcome } from '../../core/finding.js';
import type { Reproduction } from '../../core/verdict.js';
import type { ReportFinding } from './test-record.js';

/**
 * `outOfScope`: the operation's group was left out of the run by ONLY_GROUPS/SKIP_GROUPS, so it was
 * never meant to be tested; it counts neither for nor against the score of the scope.
 */
export type OperationStatus = 'conformant' | 'failing' | 'known' | 'unsupported' | 'untested' | 'outOfScope';

export interface OperationRow {
  id: string;
  method: string;
  path: string;
  group: string;
  deprecated: boolean;
  /** False for operations the tests named but the loaded spec does not declare. */
  declared: boolean;
  status: OperationStatus;
  /** check column -> outcome (only columns some test filled). */
  cells: Record<string, Outcome>;
}

export interface GroupSummary {
  name: string;
  operations: number;
  conformant: number;
  known: number;
  failing: number;
  unsupported: number;
  untested: number;
  outOfScope: number;
}

/** The resource groups a run was limited to (ONLY_GROUPS / SKIP_GROUPS), as config.ts read them. */
export interface ReportScope {
  onlyGroups: string[];
  skipGroups: string[];
}

export interface CellReport {
  operation: string;
  check: string;
  outcome: Outcome;
  /** A known deviation: the baseline lists this failure. */
  known?: boolean;
  /** The baseline's reason, for known deviations. */
  reason?: string;
  /** Tests that filled this cell with its outcome. */
  tests: { title: string; file: string; line: number }[];
  findings: ReportFinding[];
  message?: string;
  /** Why a test was skipped / unsupported. */
  note?: string;
  /** How the failure reproduced when replayed (the first test of the cell that says). */
  reproduction?: Reproduction;
  /** The replay command of a property failure. */
  replay?: string;
  /** Fail cells: the ids of the defects its findings show (`Defect.id`). */
  defects?: string[];
}
