// What one run of a peer tool against one shop gave: the same figures for every tool, plus the
// ids of its checks that failed, from which fault detection is judged.

export interface ToolRun {
  tool: string;
  exitCode: number;
  wallMs: number;
  peakRssMb: number;
  peakPssMb: number;
  cpuMs: number;
  /** Requests the shop served during the run. */
  requests: number;
  /** Test units the tool reports as run (Dredd transactions, Newman requests with tests). */
  tests: number;
  /** Checks executed (see the tool's module for how each counts them). */
  checks: number;
  /** Ids of the checks that failed (stable across runs of the same spec). */
  failed: string[];
  /** Test units with at least one failed check (absent in results saved before it was counted). */
  testsFailed?: number;
  /** Tests the tool skipped (Dredd skips the non-2xx transactions by default). */
  skipped: number;
  logFile: string;
  /** Steps measured separately, when a tool run has several (Portman generation, Newman run). */
  parts?: { name: string; wallMs: number; peakRssMb: number }[];
  /** Set when the tool produced no usable result. */
  error?: string;
}

/** `name`, or `name #2`, `name #3` for repeats: keeps ids unique when a tool repeats a title. */
export function uniqueIds(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((n) => {
    const k = (seen.get(n) ?? 0) + 1;
    seen.set(n, k);
    return k === 1 ? n : `${n} #${k}`;
  });
}
