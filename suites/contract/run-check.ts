// The body of every contract test: gather the probes the check needs (cached per worker), judge
// their exchanges, and turn the result into the test's outcome (fixtures/outcome.ts).
import type { TestInfo } from '@playwright/test';
import type { ContractKit } from '../../fixtures/index.js';
import { applyOutcome, harnessErrorOutcome } from '../../fixtures/outcome.js';
import { verdictOf } from '../../fixtures/verdict.js';
import { settleByReplay } from '../../fixtures/replays.js';
import type { Redactor } from '../../src/client/redact.js';
import { judge, type CheckResult } from '../../src/checks/runner.js';
import type { Exchange } from '../../src/core/exchange.js';
import type { Check, ProbeKind } from '../../src/checks/types.js';
import { finding } from '../../src/checks/finding.js';
import type { ProbeResult } from '../../src/probes/types.js';
import { BlockedError, UnsupportedError } from '../../src/core/errors.js';
import type { Operation } from '../../src/spec/types.js';

/** Intents of a valid request of the operation itself: a recorded 5xx of one stands for the positive probe. */
const VALID_INTENTS = new Set(['positive', 'setup', 'follow-up']);

function unsupported(check: Check, op: Operation, err: UnsupportedError): CheckResult {
  const f = err.exchange
    ? finding(check.name, op, err.exchange, { outcome: 'unsupported', title: 'operation not implemented', message: `${op.method.toUpperCase()} ${op.path}: ${err.reason}.`, severity: 'minor' })
    : { check: check.name, operationId: op.id, outcome: 'unsupported' as const, title: 'operation not implemented', message: `${op.method.toUpperCase()} ${op.path}: ${err.reason}.`, severity: 'minor' as const };
  return { check: check.name, operationId: op.id, outcome: 'unsupported', findings: [f], judged: 0, reason: err.reason };
}

/**
 * A probe the support gate refused: the operation itself lacking makes the check Unsupported; a
 * create the run stopped calling hands over its recorded 5xx answer as the operation's valid
 * request (so the operation is still judged, once); anything else blocks this probe.
 */
async function probeOrRefusal(contract: ContractKit, kind: ProbeKind, op: Operation): Promise<ProbeResult | CheckResultOr> {
  try {
    return await contract.probes.get(kind, op);
  } catch (err) {
    if (err instanceof UnsupportedError) return err.operationId === op.id ? { lacking: err } : { refused: `blocked: this needs ${err.operationId}, which the target does not implement: ${err.reason}` };
    if (err instanceof BlockedError) {
      const ex = err.exchange;
      if (err.operationId === op.id && kind === 'positive' && ex && VALID_INTENTS.has(ex.intent)) {
        return { exchanges: [{ ...ex, intent: 'positive', label: `recorded earlier in this run (${ex.label ?? ex.intent}); the run stopped calling ${op.id} after repeated 5xx answers` }] };
      }
      return { refused: `blocked: ${err.reason}` };
    }
    throw err;
  }
}

type CheckResultOr = { lacking: UnsupportedError } | { refused: string };

async function evaluate(contract: ContractKit, op: Operation, check: Check, testInfo: TestInfo): Promise<CheckResult> {
  const exchanges: Exchange[] = [];
  const related: Record<string, Exchange> = {};
  const blocked: { kind: 'skip' | 'disabled'; reason: string; probe: string }[] = [];
  for (const kind of check.probes) {
    const r = await probeOrRefusal(contract, kind, op);
    if ('lacking' in r) return unsupported(check, op, r.lacking);
    if ('refused' in r) {
      blocked.push({ kind: 'skip', reason: r.refused, probe: kind });
      continue;
    }
    exchanges.push(...r.exchanges);
    Object.assign(related, r.related ?? {});
    if (r.blocked) blocked.push({ ...r.blocked, probe: kind });
  }
  if (!exchanges.length && blocked.length) {
    // When the profile stopped any part, the profile is why nothing ran (Disabled); the reasons of
    // the other parts would not have mattered.
    const disabled = blocked.filter((b) => b.kind === 'disabled');
    const outcome = disabled.length ? 'disabled' : 'skip';
    return { check: check.name, operationId: op.id, outcome, findings: [], judged: 0, reason: [...new Set((disabled.length ? disabled : blocked).map((b) => b.reason))].join('; ') };
  }
  for (const b of blocked) verdictOf(testInfo).note(`${b.probe} probe ${b.kind === 'disabled' ? 'disabled' : 'skipped'}: ${b.reason}`);
  const ctx = contract.context(related);
  const result = judge(check, op, exchanges, ctx);
  // A failure is sent again before it is a verdict: alone, then overlapped.
  return result.outcome === 'fail' ? settleByReplay(contract.client, check, op, exchanges, ctx, result, verdictOf(testInfo)) : result;
}

export async function runContractCheck(contract: ContractKit, redactor: Redactor, op: Operation, check: Check, testInfo: TestInfo): Promise<void> {
  let result: CheckResult;
  try {
    result = await evaluate(contract, op, check, testInfo);
  } catch (err) {
    throw harnessErrorOutcome(testInfo, err, redactor);
  }
  applyOutcome(testInfo, result);
}
