// The operation's p95 response time stays within its budget (MAX_RESPONSE_MS, RESPONSE_BUDGETS).
// It judges the answers of the operation's contract probes (its valid request, the requests
// without and with wrong credentials, the invalid ones): the same requests in every run, so an
// unchanged shop gets the same verdict. What p95 means on so few answers is said in
// rules/response-time.ts, which also decides which answers count (no 429, no retry, no transport
// error). The run's figures over every exchange are in the compatibility report (latency.ts).
import type { Operation } from '../spec/types.js';
import { finding } from './finding.js';
import { isTimed } from '../core/traffic.js';
import { responseTimeProblem, slowestOf } from './rules/response-time.js';
import type { Exchange } from '../core/exchange.js';
import type { Finding } from '../core/finding.js';
import type { Check, CheckContext } from './types.js';

const NAME = 'responseTime';
/** The slowest answers shown as evidence. */
const EVIDENCE = 3;

function intentOf(ex: Exchange): string {
  return ex.label ? `${ex.intent}: ${ex.label}` : ex.intent;
}

export function responseTimeAll(op: Operation, exchanges: readonly Exchange[], ctx: CheckContext): Finding[] {
  const budget = ctx.responseBudget?.(op) ?? { ms: 0, source: 'MAX_RESPONSE_MS' };
  const timed = exchanges.filter(isTimed);
  if (!budget.ms) {
    return [{ check: NAME, operationId: op.id, outcome: 'skip', title: 'no response-time budget', message: `${op.id} has no response-time budget (${budget.source}=0).`, severity: 'minor' }];
  }
  const problem = responseTimeProblem(timed.map((e) => e.response.durationMs), budget.ms);
  if (!problem) return [];
  const { latency } = problem;
  return slowestOf(timed, (e) => e.response.durationMs, EVIDENCE)
    .filter((e) => e.response.durationMs > budget.ms)
    .map((e) => {
      const f = finding(NAME, op, e, {
        title: 'p95 response time over budget',
        message:
          `${op.id}: p95 ${latency.p95} ms over ${latency.count} answer(s) (p50 ${latency.p50} ms, max ${latency.max} ms), over its budget of ${budget.ms} ms (${budget.source}); ` +
          `${problem.over} answer(s) took longer. This one (${intentOf(e)}) took ${e.response.durationMs} ms.`,
        severity: 'major',
      });
      if (f.evidence) f.evidence.durationMs = e.response.durationMs;
      return f;
    });
}

export const responseTimeCheck: Check = {
  name: NAME,
  description: 'The p95 response time of the operation (over its contract probes\' answers) is within its budget: MAX_RESPONSE_MS, or RESPONSE_BUDGETS for its group or itself.',
  should: 'answer within its response-time budget (p95)',
  severity: 'major',
  probes: ['positive', 'auth', 'negative'],
  intents: ['positive', 'negative', 'no-auth', 'wrong-auth', 'wrong-content-type'],
  relevant: isTimed,
  appliesTo: () => true,
  run: (op, ex, ctx) => responseTimeAll(op, [ex], ctx),
  runAll: responseTimeAll,
};
