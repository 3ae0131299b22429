// Small statistics for benchmark figures: medians of a few runs (robust to one disturbed run on a
// shared machine), and formatting.

export function median(values: readonly number[]): number {
  const s = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? NaN) : ((s[mid - 1] ?? NaN) + (s[mid] ?? NaN)) / 2;
}

/** Median of a picked figure over runs, ignoring runs that lack it. */
export function medianOf<T>(runs: readonly T[], pick: (run: T) => number | undefined): number {
  return median(runs.map(pick).filter((v): v is number => typeof v === 'number'));
}

export function fixed(n: number, digits = 0): string {
  return Number.isFinite(n) ? n.toFixed(digits) : '-';
}

/** `a / b` as `1.8x`, or `-` when either side is missing. */
export function ratio(a: number, b: number, digits = 1): string {
  return Number.isFinite(a) && Number.isFinite(b) && b !== 0 ? `${(a / b).toFixed(digits)}x` : '-';
}
