// The verdict of one test, as one typed record: built in the worker while the test runs
// (fixtures/verdict.ts), written once when the test ends as the attachment `verdict.json`, and
// read by every reporter (compatibility matrix, Allure labels, fault matrix, bench). Nothing
// reads a verdict back from error text or annotations.
//
// The pure decisions live here, so the worker and the self-tests share them: the outcome a test
// ends with (what the suite said, corrected by what Playwright saw) and the cells it decides
// (a failing test is about the operation and rule a finding named, else what it reached; an
// Unsupported test about the operations the target lacks).
import type { Evidence, Finding, Outcome } from './finding.js';
import { isObj } from './json.js';
import type { SecurityFinding } from './security.js';
import type { Traffic } from './traffic.js';

export const VERDICT_ATTACHMENT = 'verdict.json';

/** Bump when a reader of verdict.json would break. */
export const VERDICT_VERSION = 1;

/** One (operation, check) cell a test decides, when not every cell of the test takes its outcome. */
export interface CellVerdict {
  operation: string;
  check: string;
  outcome: Outcome;
  /** Why the cell took another outcome than the test's (`not reached: ...`, `not judged: ...`). */
  reason?: string;
}

/** A fast-check property run: what it claims and how to run it again. */
export interface PropertyRun {
  claim: string;
  seed: number;
  runs: number;
  /** FC_PATH of the shrunk counterexample (failures), or the path a replay ran. */
  path?: string;
  /** The command that replays the failure. */
  replay?: string;
}

export interface ReplayCount {
  /** Replays that showed the failure again. */
  reproduced: number;
  /** Replays sent. */
  of: number;
}

/**
 * How a failure reproduced when its request (for a property, the shrunk case) was sent again:
 * on its own, and overlapped with other requests. A failure that shows only overlapped is a
 * concurrency defect of the target, not of the rule it happened to hit.
 */
export interface Reproduction {
  alone: ReplayCount;
  overlapped?: ReplayCount;
  /** The command that replays it. */
  command?: string;
  /** Failing answers that were not sent again, and why (a write the target answered, ...). */
  notReplayed?: string[];
  /** The other workers did not settle within the floor's limit: "alone" ran beside them. */
  crowded?: boolean;
}

/**
 * A failure that did not reproduce when its request was sent again alone (src/client/replay.ts):
 * never a Fail of the rule it hit. `concurrency`: it showed again when the request was overlapped,
 * a defect of the operation under concurrent requests; `flaky`: it did not show again at all.
 */
export interface Unreproduced {
  showing: 'concurrency' | 'flaky';
  finding: Finding;
  /** The replays' evidence: alone first, then the overlapped one. */
  replays: Evidence[];
}

export interface DeprecatedOperation {
  operationId: string;
  /** Why it counts as deprecated (fixtures/deprecated.ts). */
  reason: string;
}

export interface VerdictRecord {
  version: number;
  /** Operation ids of the catalogue the test is about (declared by its tags and annotations). */
  operations: string[];
  /** Check and rule columns the test fills (`OTHER_CHECK` when it names none). */
  checks: string[];
  /** Resource group: the catalogue's group of the test's first operation; else what the test declares; else `other`. */
  group: string;
  outcome: Outcome;
  /** Skip, Unsupported, Disabled: why; Error: what broke. */
  reason?: string;
  /** The cells the test decides, every (operation, check) pair of it, when not all take `outcome`. */
  cells?: CellVerdict[];
  /** Findings that decided the outcome (fail, error, unsupported), with their evidence. */
  findings: Finding[];
  /** Findings stricter than the vendor describes: shown apart with their evidence, never an outcome. */
  advisories: Finding[];
  /** What a reader of the test should know (a probe that was skipped, an answer judged elsewhere). */
  notes: string[];
  /** Records the test created and could not delete, with the reason. */
  leftovers: string[];
  deprecated: DeprecatedOperation[];
  property?: PropertyRun;
  /** How the failure reproduced when replayed (filled by src/client/replay.ts when it ran). */
  reproduction?: Reproduction;
  /** Failures that did not reproduce alone: concurrency defects and flaky answers, never a Fail. */
  unreproduced?: Unreproduced[];
  /**
   * What the requests recorded while the test ran showed of each operation (src/core/traffic.ts):
   * response times, the slowest answers, statuses, parameters and body fields. Absent: none.
   */
  traffic?: Traffic;
  /**
   * Security findings the answers of the test showed (src/security/), one per kind, cause and
   * operation: their own class, never an outcome, never a cell. Absent: none.
   */
  security?: SecurityFinding[];
}

/** How Playwright ended the test (TestInfo.status / TestResult.status). */
export type EndStatus = 'passed' | 'failed' | 'timedOut' | 'skipped' | 'interrupted';

/**
 * The outcome of a test from what the suite said and how it ended; it never contradicts Playwright
 * (only Fail and Error fail a test, and a failed test is one of them). A skipped test keeps the
 * kind of skip the suite named; a passed test passed (a rule failure that was caught and judged
 * again, on a list that changed under it, is no verdict); a failed test keeps Error when the suite
 * said so, else is a Fail (a check that passed and then a failing cleanup, a plain assertion of a
 * suite); a timeout or an interruption is Error (the harness did not finish).
 *
 * One exception to "never contradicts Playwright": a test that failed on answers none of which
 * failed again when sent alone (`unreproduced`: a rule test throws before its failure can be
 * replayed) is a Skip: its rule was not judged, and the failure is reported as a concurrency
 * defect or flaky, never a Fail.
 */
export function endOutcome(said: Outcome | undefined, status: EndStatus, unreproduced = false): Outcome {
  if (status === 'failed' && unreproduced && said === 'fail') return 'skip';
  if (status === 'skipped') return said === 'unsupported' || said === 'disabled' || said === 'skip' ? said : 'skip';
  if (status === 'timedOut' || status === 'interrupted') return 'error';
  if (status === 'passed') return 'pass';
  return said === 'error' ? 'error' : 'fail';
}

export interface CellInput {
  operations: readonly string[];
  checks: readonly string[];
  outcome: Outcome;
  reason?: string | undefined;
  /** The test's operations the target lacks (an Unsupported test's, or those a test judging each operation apart met). */
  lacking?: readonly string[];
  /** Fail: the operations and columns the failing findings named. */
  blamedOperations?: readonly string[];
  blamedChecks?: readonly string[];
  /** Fail, Error: the operations the test sent requests for before it ended. */
  reached?: readonly string[];
}

/**
 * The cells a test decides, or undefined when all of them take the test's outcome:
 * - Unsupported: the operations the target lacks are Unsupported, the others were not reached (Skip);
 * - Pass, Fail or Error of a test that judged each of its operations apart and met some the target
 *   lacks: those are Unsupported, the others take what follows;
 * - Fail: the operations a failing finding named (else, and for Error, those the test reached) take
 *   the outcome, the others were not judged (Skip); of those, a Fail is about the rules its findings
 *   broke, when the test has others (a lifecycle test that fails at its create does not fail the
 *   update and delete it never sent).
 */
export function decideCells(input: CellInput): CellVerdict[] | undefined {
  const cells = decideJudgedCells(input);
  // A test that judged each of its operations the target implements (a pass or a failure of those),
  // and met others it does not (fixtures/each-operation.ts): those are Unsupported, whatever the rest.
  const lacking = input.outcome === 'unsupported' ? [] : input.operations.filter((o) => input.lacking?.includes(o));
  if (!lacking.length) return cells;
  const all = cells ?? input.operations.flatMap((operation) => input.checks.map((check) => ({ operation, check, outcome: input.outcome })));
  return all.map((c) => (lacking.includes(c.operation) ? { operation: c.operation, check: c.check, outcome: 'unsupported' } : c));
}

function decideJudgedCells(input: CellInput): CellVerdict[] | undefined {
  const { operations, checks, outcome } = input;
  if (!operations.length) return undefined;
  let only: string[] | undefined;
  let onlyChecks: string[] | undefined;
  let why: string;
  if (outcome === 'unsupported') {
    const lacking = operations.filter((o) => input.lacking?.includes(o));
    if (lacking.length && lacking.length < operations.length) only = lacking;
    why = `not reached: another operation of the test is not implemented${input.reason ? ` (${input.reason})` : ''}`;
  } else if (outcome === 'fail' || outcome === 'error') {
    const byFinding = outcome === 'fail' ? operations.filter((o) => input.blamedOperations?.includes(o)) : [];
    const blamed = byFinding.length ? byFinding : operations.filter((o) => input.reached?.includes(o));
    if (blamed.length && blamed.length < operations.length) only = blamed;
    const judged = outcome === 'fail' ? checks.filter((c) => input.blamedChecks?.includes(c)) : [];
    if (judged.length && judged.length < checks.length) onlyChecks = judged;
    why = `not judged: the test ${outcome === 'error' ? 'broke' : 'failed'} on ${(only ?? []).join(', ')} before this operation's part was judged`;
  } else {
    return undefined;
  }
  if (!only && !onlyChecks) return undefined;
  const cells: CellVerdict[] = [];
  for (const operation of operations) {
    for (const check of checks) {
      if (only && !only.includes(operation)) cells.push({ operation, check, outcome: 'skip', reason: why });
      else if (onlyChecks && !onlyChecks.includes(check)) cells.push({ operation, check, outcome: 'skip', reason: `not judged: the test failed on ${onlyChecks.join(', ')} before this rule was judged` });
      else cells.push({ operation, check, outcome });
    }
  }
  return cells;
}

/** A verdict record from its JSON text, or undefined when it is not one this harness reads. */
export function parseVerdict(text: string): VerdictRecord | undefined {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObj(v) || v.version !== VERDICT_VERSION || typeof v.outcome !== 'string' || !Array.isArray(v.operations) || !Array.isArray(v.checks)) return undefined;
  return v as unknown as VerdictRecord;
}
