// The body of every contract test: gather the probes the check needs (cached per worker), judge
// their exchanges, and turn the result into the test's outcome (fixtures/outcome.ts).
import type { TestInfo } from '@playwright/test';
import type { ContractKit } from '../../fixtures/index.js';
import { applyOutcome, harnessErrorOutcome } from '../../fixtures/outcome.js';
import type { Redactor } from '../../src/client/redact.js';
import { judge, type CheckResult } from '../../src/checks/runner.js';
import type { Check, Exchange } from '../../src/checks/types.js';
import type { Operation } from '../../src/spec/types.js';

async function evaluate(contract: ContractKit, op: Operation, check: Check, testInfo: TestInfo): Promise<CheckResult> {
  const exchanges: Exchange[] = [];
  const related: Record<string, Exchange> = {};
  const blocked: { kind: 'skip' | 'disabled'; reason: string; probe: string }[] = [];
  for (const kind of check.probes) {
    const r = await contract.probes.get(kind, op);
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
  for (const b of blocked) testInfo.annotations.push({ type: 'note', description: `${b.probe} probe ${b.kind === 'disabled' ? 'disabled' : 'skipped'}: ${b.reason}` });
  return judge(check, op, exchanges, contract.context(related));
}

export async function runContractCheck(contract: ContractKit, redactor: Redactor, op: Operation, check: Check, testInfo: TestInfo): Promise<void> {
  let result: CheckResult;
  try {
    result = await evaluate(contract, op, check, testInfo);
  } catch (err) {
    throw harnessErrorOutcome(testInfo, err, redactor);
  }
  await applyOutcome(testInfo, result);
}
