// Same shop, same verdicts: two runs against the same pristine shop that differ only in
// seed (and run with the harness's default workers) must fail the same cells. The comparison reads
// the two runs' compatibility reports; the real-shop phase makes the pair for GX 3.2 (REALSHOP_REPRO=0: not).
import type { CompatibilityReport } from '../../src/report/compatibility/types.js';
import { isFailing } from '../../src/report/compatibility/baseline.js';

/** `operation · check` of every failing cell (Fail or Error) of a report, sorted. */
export function failCells(report: Pick<CompatibilityReport, 'failures' | 'other'>): string[] {
  const cells = new Set<string>();
  for (const c of [...report.failures, ...report.other]) if (isFailing(c.outcome)) cells.add(`${c.operation} · ${c.check}`);
  return [...cells].sort();
}

export interface FailCellComparison {
  same: boolean;
  counts: [number, number];
  /** Failing in the first run only, in the second only. */
  onlyFirst: string[];
  onlySecond: string[];
}

export function compareFailCells(first: readonly string[], second: readonly string[]): FailCellComparison {
  const a = new Set(first);
  const b = new Set(second);
  const onlyFirst = first.filter((c) => !b.has(c));
  const onlySecond = second.filter((c) => !a.has(c));
  return { same: onlyFirst.length === 0 && onlySecond.length === 0, counts: [a.size, b.size], onlyFirst, onlySecond };
}

/** The cells that differ, one per line, each marked with the run (and its seed) that failed it. */
export function differingLines(cmp: FailCellComparison, seeds: readonly [string, string], limit = 60): string[] {
  const lines = [...cmp.onlyFirst.map((c) => `only with seed ${seeds[0]}: ${c}`), ...cmp.onlySecond.map((c) => `only with seed ${seeds[1]}: ${c}`)];
  return lines.length > limit ? [...lines.slice(0, limit), `… ${lines.length - limit} more`] : lines;
}

/**
 * The pair's seeds unless REALSHOP_REPRO_SEEDS says otherwise: a pair that once failed different
 * cells (seed 777 failed getProducts · rule:search where the other did not). Pinned, so CI judges the
 * same pair every time; `drawn` draws two (a developer's hunt for seed-dependent cells).
 */
export const DEFAULT_REPRO_SEEDS = '777,1644147794';

/** Two different seeds: REALSHOP_REPRO_SEEDS=a,b (default DEFAULT_REPRO_SEEDS), or `drawn` (printed with the result). */
export function reproSeeds(env: NodeJS.ProcessEnv = process.env, draw: () => number = () => Math.floor(Math.random() * 2 ** 31) - 2 ** 30): [string, string] {
  const text = env.REALSHOP_REPRO_SEEDS?.trim() || DEFAULT_REPRO_SEEDS;
  if (text !== 'drawn') {
    const parts = text.split(',').map((s) => s.trim());
    if (parts.length !== 2 || parts.some((p) => !/^-?\d+$/.test(p)) || parts[0] === parts[1]) throw new Error(`REALSHOP_REPRO_SEEDS=${text}: two different integer seeds, comma-separated`);
    return [parts[0] ?? '', parts[1] ?? ''];
  }
  const a = draw();
  let b = draw();
  while (b === a) b = draw();
  return [String(a), String(b)];
}
