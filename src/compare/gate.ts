// The regression gate against an earlier run (issue 34: `npm run conformance -- --gate-against
// OLD`): no hand-kept baseline, the old run is the baseline. It fails on new defects, on cells
// that passed (or were Unsupported) in the old run and fail now, on operations that are gone, and
// on breaking drift in the answers; everything the old run already failed passes. The items that
// decide it are the comparison's (compare.ts: `gates`), after the noise filter when a second old
// run is given.
import path from 'node:path';
import { compare, type Comparison } from './compare.js';
import { loadRun, type LoadedRun } from './run.js';
import { list, runLine } from './summary.js';
import { writeComparison } from './write.js';

export interface GateAgainst {
  ok: boolean;
  /** One line per reason it failed, with a count. */
  reasons: string[];
}

export function gateAgainst(c: Comparison): GateAgainst {
  const gating = c.items.filter((i) => i.gates);
  const count = (pred: (i: (typeof gating)[number]) => boolean): number => gating.filter(pred).length;
  const reasons = [
    [count((i) => i.category === 'defect-new'), 'new defect(s)'],
    [count((i) => i.category === 'cell'), 'cell(s) that did not fail in the old run and fail now'],
    [count((i) => i.category === 'support'), 'operation(s) gone'],
    [count((i) => i.category === 'drift'), 'breaking drift in answers'],
  ]
    .filter(([n]) => (n as number) > 0)
    .map(([n, what]) => `${String(n)} ${String(what)}`);
  return { ok: gating.length === 0, reasons };
}

/** The lines the conformance CLI prints for the gate against an earlier run. */
export function gateLines(c: Comparison, g: GateAgainst, page: string): string[] {
  const head = g.ok
    ? `Gate against ${runLine(c.old)}: passed (nothing new fails; ${c.counts.defects.unchanged} defect(s) the old run had too${c.counts.items ? `; ${c.counts.items} other change(s), none breaking` : ''}).`
    : `Gate against ${runLine(c.old)}: failed: ${g.reasons.join('; ')}.`;
  const lines = [head];
  if (c.noise) lines.push(`Noise filter (${runLine(c.noise)}): ${c.counts.suppressed} item(s) dropped.`);
  if (!g.ok) lines.push(...list(c.items.filter((i) => i.gates)));
  for (const caveat of c.caveats) lines.push(`Note: ${caveat}.`);
  lines.push(`Comparison: ${page}`);
  return lines;
}

/**
 * The gate of a finished run against an earlier one: compares them (the new run is the report.json
 * just written, with its shapes.json), writes comparison.html and comparison.json beside the new
 * report, and returns the verdict with the lines to print.
 */
export function judgeAgainst(oldRun: LoadedRun, newReportFile: string, noiseRun: LoadedRun | undefined, redact: (s: string) => string): { ok: boolean; lines: string[]; comparison: Comparison } {
  const newRun = loadRun(newReportFile);
  const c = compare(oldRun, newRun, noiseRun);
  const [page] = writeComparison(path.dirname(newReportFile), c, redact);
  const g = gateAgainst(c);
  const rel = path.relative(process.cwd(), page ?? '');
  return { ok: g.ok, lines: gateLines(c, g, rel.startsWith('..') ? (page ?? '') : rel), comparison: c };
}
