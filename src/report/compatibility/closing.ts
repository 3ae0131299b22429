// The lines under the one-line summary at the end of a run (and of `npm run report`): why operations
// were not tested, and the run's response times. With the summary (score, coverage, gate) they are
// what a user reads first; the gate's defect lists follow from the conformance CLI when the run failed
// (src/cli/conformance-main.ts printGate: every new defect, worst first).
import { depthNote, DEPTHS, type Depth } from '../../config/depth.js';
import { notTestedLine } from './not-tested.js';
import { budgetsText } from './render-figures.js';
import type { CompatibilityReport } from './types.js';
import { securityLine } from '../security/group.js';

/** `Response times: p95 12 ms over 3,402 answers (max 340 ms); slowest operation getOrders (p95 45 ms); none over its budget (MAX_RESPONSE_MS=2000 ms).` */
export function latencyLine(r: Pick<CompatibilityReport, 'latency'>): string | undefined {
  const l = r.latency;
  if (!l?.run) return undefined;
  const slowest = l.operations[0];
  const over = l.operations.filter((o) => o.overBudget);
  const budget = over.length ? `${over.length} operation${over.length === 1 ? '' : 's'} over budget: ${over.slice(0, 5).map((o) => `${o.operation} (p95 ${o.p95} ms)`).join(', ')}${over.length > 5 ? ', …' : ''}` : 'none over its budget';
  return `Response times: p95 ${l.run.p95} ms over ${l.answers.toLocaleString('en')} answers (p50 ${l.run.p50} ms, max ${l.run.max} ms)${slowest ? `; slowest operation ${slowest.operation} (p95 ${slowest.p95} ms)` : ''}; ${budget} (${budgetsText(l.budgets)}).`;
}

/**
 * What a run at another depth than standard did not look at (src/config/depth.ts), with the
 * baseline entries it therefore did not judge; undefined at standard (and in older reports).
 */
export function depthLine(r: Pick<CompatibilityReport, 'depth' | 'gate'>): string | undefined {
  const depth = (DEPTHS as readonly string[]).includes(r.depth ?? '') ? (r.depth as Depth) : undefined;
  const note = depth ? depthNote(depth) : undefined;
  if (!note) return undefined;
  const n = r.gate.notRun?.length ?? 0;
  const p = r.gate.passedAtDepth?.length ?? 0;
  const entries = (k: number): string => `${k} baseline entr${k === 1 ? 'y' : 'ies'}`;
  const passed = p ? `; ${entries(p)} passed here, not judged fixed (kept: a standard run decides)` : '';
  return `${note}${passed}${n ? `; ${entries(n)} not run here, kept (never "fixed" at this depth)` : ''}.`;
}

export function closingLines(r: CompatibilityReport): string[] {
  const depth = depthLine(r);
  const notTested = notTestedLine(r.notTested);
  const latency = latencyLine(r);
  const security = securityLine(r.security);
  return [...(depth ? [depth] : []), ...(notTested ? [`${notTested}.`] : []), ...(latency ? [latency] : []), ...(security ? [security] : [])];
}
