// Shapes of the compatibility report: what reports/compatibility/report.json holds
// (CompatibilityReport), from what one test contributes (test-record.ts) and the matrix's rows and
// cells (rows.ts). report.json is the single source the page, the Markdown, the badge and the CI
// gate are rendered from, so `npm run report` can re-render them without rerunning anything.
import type { Basis, Evidence, Outcome } from '../../core/finding.js';
import type { CoverageReport } from './coverage.js';
import type { LatencyReport } from './latency.js';
import type { DefectKind } from '../defects/signature.js';
import type { SpecFinding } from '../../spec/types.js';
import type { CellReport, GroupSummary, OperationRow, OperationStatus, ReportScope } from './rows.js';
import type { ReportFinding } from './test-record.js';
import type { SecurityReport } from '../security/types.js';

/**
 * Bump when a consumer of report.json would break.
 * 2: `scope`, `score.inScope`, the operation status `outOfScope` (also a count in `counts.operations`
 *    and the groups) and `gate.outOfScope`; in a scoped run `score.percent` is of the operations in scope.
 * 3: `defects` (every Fail cell grouped by cause, ranked), `CellReport.defects`, `counts.defects`,
 *    `gate.defects`, `gate.newFailures[].defects`; a baseline entry may name a defect, and a cell
 *    is known only when every defect in it is (`advisories`, `counts.advisories` came in 2 already).
 *    `security` (the security pack's findings, their counts and gate; `gate.security`) came in 3,
 *    absent in older reports: an addition no reader of 3 breaks on.
 */
export const SCHEMA_VERSION = 3;

/** The row of tests that name no operation. */
export const OTHER_OPERATION = '(other)';

/** Where a defect shows: one Fail cell. */
export interface DefectCell {
  operation: string;
  check: string;
  /**
   * The baseline knows the defect, but no entry naming it names this cell: it reached one more
   * operation or rule, a regression that fails the gate here.
   */
  beyondBaseline?: boolean;
  /** Like beyondBaseline, but an entry naming the defect tolerates its spread (`spread`, with the reason): known here too. */
  tolerated?: boolean;
}

/**
 * A defect of the target: every failing finding with one cause, found by its signature
 * (src/report/defects/signature.ts), with one reproduction and links to every cell it fails.
 */
export interface Defect {
  /** `D-` and 8 hex digits of the signature: the anchor and the link from its cells. */
  id: string;
  /** `problem | status | detail | input`: stable across runs; what a baseline entry names. */
  signature: string;
  kind: DefectKind;
  /** What is wrong, in the shop's terms. */
  title: string;
  severity: 'critical' | 'major' | 'minor';
  /** 1 = worst: server errors and data written wrongly first, shapes last; more cells first within a kind. */
  rank: number;
  status: number | null;
  input: string;
  operations: string[];
  /** Check and rule columns it fails. */
  checks: string[];
  cells: DefectCell[];
  /** One finding that shows it, with its evidence. */
  example?: ReportFinding;
  /** How to see it again: one request as curl, and the command that reruns the test that showed it. */
  reproduction: { curl?: string; replay?: string; note?: string };
  /** Tests that showed it (the first few). */
  tests: { title: string; file: string; line: number }[];
  /** The baseline names it (by signature, or every cell of it by a cell entry that names no defect). */
  known?: boolean;
  reason?: string;
}

/**
 * A finding stricter than the vendor describes (our erratum, a habit observed on one shop
 * version, the project's own rule): shown with its evidence, counted apart, never a failure, never
 * in the gate. One per operation, check and title, however many tests met it.
 */
export interface AdvisoryReport {
  operation: string;
  check: string;
  title: string;
  message: string;
  basis?: Basis;
  evidence?: Evidence;
  /** Tests that met it (the first few). */
  tests: { title: string; file: string; line: number }[];
  /** How many tests met it. */
  seen: number;
}

/**
 * A failure that did not fail again when its request was sent alone (src/client/replay.ts), one per
 * operation, kind and title: `concurrency` when it failed again only overlapped with other
 * requests (a defect of the operation under concurrent requests), `flaky` when not at all. Listed
 * apart with both exchanges; never a Fail cell, never in the gate: which rule it hits is chance.
 */
export interface UnreproducedReport {
  showing: 'concurrency' | 'flaky';
  operation: string;
  /** The check or rule whose judgement it failed first. */
  check: string;
  title: string;
  message: string;
  /** The answer that failed. */
  evidence?: Evidence;
  /** The replays: alone first (it did not fail), then the overlapped one. */
  replays: Evidence[];
  tests: { title: string; file: string; line: number }[];
  seen: number;
}

export interface BaselineEntry {
  operation: string;
  check: string;
  reason: string;
  /**
   * The defect's signature (`Defect.signature`): the entry knows that defect in the cells it names,
   * and only that one: another defect in the same cell is a new failure, and so is this defect in a
   * cell no entry naming it names (a regression). Without it the entry knows the cell,
   * whatever fails in it.
   */
  defect?: string;
  /**
   * Tolerated spread, with its reason: the entry knows its defect in any cell, not only the ones it
   * names (a team that accepts one cause wherever it shows). Needs `defect`. Never the default.
   */
  spread?: string;
  /** What shows the deviation (a request and its answer), for a reader checking the reason. */
  evidence?: string;
  /**
   * Why the cell fails in some runs of an unchanged shop and passes in others (for as long as
   * some verdict does not reproduce): declared, so a run where it passes does not call the entry stale.
   */
  unstable?: string;
}

export interface Gate {
  /** Baseline file (relative to the project), or null when there is none. */
  baselineFile: string | null;
  ok: boolean;
  /** Fail cells the baseline does not know: the target's failures. */
  newFailures: { operation: string; check: string; outcome: Outcome; defects?: string[] }[];
  /**
   * Error cells the baseline does not know: tests the harness could not finish (a bug, a crash,
   * a timeout). They fail the gate, since the run could not judge those cells, but they are the
   * harness's, never presented as the target's failures. Absent in reports written before it
   * existed (their Error cells are among newFailures).
   */
  harnessErrors?: { operation: string; check: string }[];
  known: { operation: string; check: string; outcome: Outcome; reason: string }[];
  /** Baseline entries whose cells ran and now pass: they can be removed. */
  fixed: BaselineEntry[];
  /** Baseline entries no cell of this run matched (not run, skipped, or unsupported). */
  unmatched: BaselineEntry[];
  /**
   * Baseline entries a scoped run cannot judge because they cover operations it left out (an
   * out-of-scope operation, "*", or tests naming no operation) and no failure matched them: a pass
   * in scope does not show that the tests left out would pass. Kept, never "now passes".
   */
  outOfScope: BaselineEntry[];
  /**
   * Baseline entries whose cells passed where property or model tests take part: they draw new
   * cases each run, so a run that did not meet the deviation does not show it is gone. Kept, never
   * "now passes". Absent in reports written before it existed.
   */
  undecided?: BaselineEntry[];
  /**
   * Baseline entries whose cells a DEPTH=quick run did not exercise (no test of theirs ran, or the
   * entry names "*" and so cells quick never runs): nothing judged, kept, never "now passes",
   * never a failure. Absent in reports of other depths and in older ones (where it also held the
   * entries of `passedAtDepth`).
   */
  notRun?: BaselineEntry[];
  /**
   * Baseline entries whose cells a DEPTH=quick run ran and passed: quick sends one case where
   * standard sends many, so the pass does not show the deviation gone. Shown apart ("passed at
   * quick, not judged fixed"), kept, never "now passes", never a failure. Absent in reports of
   * other depths and in older ones.
   */
  passedAtDepth?: BaselineEntry[];
  /** Why the run itself cannot be trusted (interrupted, global errors, an invalid baseline). */
  runErrors: string[];
  /**
   * The security gate (SECURITY_GATE), when it is on: false when a security finding at or above its
   * threshold is not in the baseline; then `ok` is false too. Absent: off, or an older report.
   */
  security?: { threshold: string; ok: boolean; failing: string[] };
  /**
   * Defects by what the baseline knows: new ones (ids, no entry names them) fail the gate through
   * their cells; known ones in every cell they show (`known`); known ones that reached cells no
   * entry naming them names (`reached`: those cells fail the gate; absent in older reports), or
   * that an entry tolerates there (`spread`); entries that name no defect (`cellOnly`: a new defect
   * in their cell would pass unseen).
   */
  defects?: { new: string[]; known: string[]; reached?: { id: string; cells: { operation: string; check: string }[] }[]; spread: { id: string; cells: { operation: string; check: string }[] }[]; cellOnly: number };
}

/** One record or file the run left on the target, as the page names it. */
export interface LeftoverItem {
  /** `file <name> in <collection>` or the record's path, with the operation that made it. */
  what: string;
  reason: string;
  /** The API cannot delete it: what removes it by hand. */
  manualStep?: string;
}

/** What the run learnt about the target beyond the matrix, said on the page rather than hidden. */
export interface RunNotes {
  /** The target reports a version other than the spec's (X-API-Version), with what that means. */
  version: string | null;
  /** Creates the run stopped calling after repeated 5xx answers (src/support/board.ts). */
  stoppedCalling: { operation: string; statuses: number[]; request: string; answer: string }[];
  /**
   * What the run could not delete (leftovers.json of the global teardown), when it wrote one:
   * counts, and each leftover named as leftovers.json and the console name it (`manual`: those
   * the API cannot delete, with the manual step; absent in reports written before it existed).
   */
  leftovers: { records: number; possiblePartial: number; file: string; manual?: number; items?: LeftoverItem[] } | null;
  /** Requests the run sent, by intent and by test file (src/client/tally.ts); null when not counted. */
  requests?: { total: number; byIntent: Record<string, number>; bySource: Record<string, number>; byOperation?: Record<string, Record<string, number>> } | null;
}

/**
 * Why operations in scope were not tested (status `untested`), by cause (not-tested.ts): the
 * profile does not send them (`needs`: the profile that does), their tests were all skipped or
 * disabled for another reason (each operation with its tests' reason), or no test reached them.
 */
export interface NotTestedGroup {
  cause: 'profile' | 'skipped' | 'unreached';
  needs?: 'standard' | 'full';
  /** One line: "10 destructive operations not run (…): PROFILE=standard; PROFILE=full runs them". */
  summary: string;
  operations: { id: string; reason?: string }[];
}

export interface CompatibilityReport {
  schemaVersion: number;
  generatedAt: string;
  spec: { title: string; version: string; hash: string; file: string; dialect: string; basePath: string };
  target: { url: string | null; apiVersion: string | null; shopVersion: string | null; embedded: boolean | null };
  profile: string;
  /**
   * DEPTH of the run (src/config/depth.ts): quick looks at fewer cases than standard, so its passes
   * say less and it never calls a baseline entry fixed. Absent in reports written before it existed: standard.
   */
  depth?: string;
  seed: number | null;
  runId: string | null;
  startedAt: string | null;
  /** Set when this report covers one shard only; the merged report has none. */
  shard: { current: number; total: number } | null;
  /** Playwright's overall status of the run. */
  runStatus: string;
  /**
   * The variables every replay command of the report starts with (src/config/replay.ts): the
   * run's target, credentials as variables, settings, and a REPORT_DIR apart. Absent in reports
   * written before it existed.
   */
  replayEnv?: string[];
  /**
   * Set when the harness watch stopped the run (src/report/harness-stop.ts): the harness error
   * that ended test after test, and how many. Absent in a run that was not stopped so.
   */
  harnessStop?: { cause: string; tests: number };
  /** The groups ONLY_GROUPS/SKIP_GROUPS limited the run to; null when the whole spec was in scope. */
  scope: ReportScope | null;
  /** How "conformant" is defined, in one sentence (shown on the page). */
  definition: string;
  /**
   * conformant: conformant operations in scope; declared: operations the spec declares; inScope:
   * those the run's scope covers (= declared without a scope); percent = conformant / inScope.
   */
  score: { conformant: number; declared: number; inScope: number; percent: number };
  counts: {
    tests: number;
    testsByOutcome: Record<Outcome, number>;
    cellsByOutcome: Record<Outcome, number>;
    operations: Record<OperationStatus, number>;
    testedOperations: number;
    /** Distinct advisories (absent in reports written before they existed). */
    advisories?: number;
    /** Failures that showed only overlapped (concurrency) or not again at all (flaky); absent in older reports. */
    concurrency?: number;
    flaky?: number;
    /** Defects, new and known. */
    defects: { total: number; new: number; known: number };
  };
  checks: string[];
  groups: GroupSummary[];
  operations: OperationRow[];
  /** Fail / Error cells with their evidence (known deviations included, marked). */
  failures: CellReport[];
  /** Unsupported cells: the target does not implement the operation. */
  unsupported: CellReport[];
  /** Tests that name no operation, by check (or title). */
  other: CellReport[];
  /** Advisories: stricter than the vendor describes; never failures (absent in older reports). */
  advisories?: AdvisoryReport[];
  /** Failures that did not fail again alone: concurrency defects and flaky answers (absent in older reports). */
  unreproduced?: UnreproducedReport[];
  /** Every Fail cell's findings grouped by cause, worst first. */
  defects: Defect[];
  /** Why the operations counted `untested` were not tested (absent in older reports). */
  notTested?: NotTestedGroup[];
  gate: Gate;
  specFindings: SpecFinding[];
  errataApplied: string[];
  /** Absent in reports written before it existed. */
  notes?: RunNotes;
  /** Response times per operation over the run's answers, with budgets and the slowest answers (latency.ts). */
  latency?: LatencyReport;
  /** What of the description the run could judge: statuses, parameters, body fields; the coverage index (coverage.ts). */
  coverage?: CoverageReport;
  /** The security pack's findings grouped by cause, counted by severity and OWASP id, and the security gate (absent in older reports). */
  security?: SecurityReport;
}
