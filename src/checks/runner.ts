// Runs one check over the exchanges gathered for an operation and ranks the result:
// Disabled < Skip < Pass < Unsupported < Fail < Error. Pure: no I/O, no Playwright.
import type { Operation } from '../spec/types.js';
import { formatFindings } from './evidence.js';
import { finding } from './finding.js';
import type { Exchange } from '../core/exchange.js';
import { type Finding, type Outcome, worseOf } from '../core/finding.js';
import type { Check, CheckContext } from './types.js';
import { unsupportedReason } from './unsupportedOperation.js';

export interface CheckResult {
  check: string;
  operationId: string;
  outcome: Outcome;
  findings: Finding[];
  /** Exchanges the check judged. */
  judged: number;
  /** For skip/disabled/unsupported: why, in one line. */
  reason?: string;
}

export function judge(check: Check, op: Operation, exchanges: readonly Exchange[], ctx: CheckContext): CheckResult {
  const base = { check: check.name, operationId: op.id };
  const positive = exchanges.find((e) => e.intent === 'positive');
  // An operation the target does not implement is Unsupported for every check that reads its answer.
  if (positive && check.intents.includes('positive') && check.name !== 'unsupportedOperation') {
    const why = unsupportedReason(op, positive);
    if (why) {
      const f = finding(check.name, op, positive, { outcome: 'unsupported', title: 'operation not implemented', message: `${op.method.toUpperCase()} ${op.path}: ${why}.`, severity: 'minor' });
      return { ...base, outcome: 'unsupported', findings: [f], judged: 0, reason: why };
    }
  }
  const mine = exchanges.filter((e) => check.intents.includes(e.intent) && (check.relevant ? check.relevant(e) : true));
  if (!mine.length) {
    const reason = check.relevant ? 'no exchange of this operation gave it anything to judge' : 'no exchange to judge';
    return { ...base, outcome: 'skip', findings: [], judged: 0, reason };
  }
  const findings = check.runAll ? check.runAll(op, mine, ctx) : mine.flatMap((e) => check.run(op, e, ctx));
  // Advisories (stricter than the vendor describes) are reported but never move the outcome.
  const outcome = findings.reduce<Outcome>((o, f) => (f.outcome === 'advisory' ? o : worseOf(o, f.outcome)), 'pass');
  // A check that only skipped (e.g. nothing comparable) reports skip, not pass.
  const verdicts = findings.filter((f) => f.outcome !== 'advisory');
  const onlySkips = verdicts.length > 0 && verdicts.every((f) => f.outcome === 'skip');
  const result: CheckResult = { ...base, outcome: onlySkips ? 'skip' : outcome, findings, judged: mine.length };
  if (onlySkips || outcome === 'unsupported') result.reason = verdicts[0]?.message ?? '';
  return result;
}

/** Thrown by a test whose check failed; the message carries the evidence. */
export class ConformanceError extends Error {
  override name = 'ConformanceError';
  constructor(readonly findings: readonly Finding[]) {
    super(`${findings.length} finding${findings.length === 1 ? '' : 's'}:\n\n${formatFindings(findings)}`);
    // The stack would point into the harness, not at anything the reader can act on.
    this.stack = `${this.name}: ${this.message}`;
  }
}

/** Throws a ConformanceError listing every failing finding (none: returns quietly). */
export function assertNoFailures(findings: readonly Finding[]): void {
  const failing = findings.filter((f) => f.outcome === 'fail' || f.outcome === 'error');
  if (failing.length) throw new ConformanceError(failing);
}
