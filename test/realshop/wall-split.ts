// Where a run's wall time went, from the marks its own report holds: the global setup writes the
// moment it finished (target.json's startedAt, carried into report.json) and the compatibility
// reporter the moment it wrote report.json (generatedAt). On GX 3.2 quick the tests are a fraction
// of the run (issue 35's ≤ 20 s), so the phase says how much was start-up and how much came after.
import { existsSync, readFileSync } from 'node:fs';

export interface WallSplit {
  /** From the command's start to the end of the global setup: Node and tsx, config, spec, preflight. */
  startup: number;
  /** From there to report.json: the workers' start, the tests, the reports. */
  tests: number;
  /** From report.json to the command's end: teardown (leftover report), closing line, exit. */
  after: number;
}

const seconds = (ms: number): number => Math.round(ms / 100) / 10;

/** The split of a run that started at `t0` and ended at `t1` (epoch ms); undefined without both marks. */
export function wallSplit(reportFile: string, t0: number, t1: number): WallSplit | undefined {
  if (!existsSync(reportFile)) return undefined;
  let marks: { startedAt?: unknown; generatedAt?: unknown };
  try {
    marks = JSON.parse(readFileSync(reportFile, 'utf8')) as typeof marks;
  } catch {
    return undefined;
  }
  const started = typeof marks.startedAt === 'string' ? Date.parse(marks.startedAt) : NaN;
  const generated = typeof marks.generatedAt === 'string' ? Date.parse(marks.generatedAt) : NaN;
  if (!Number.isFinite(started) || !Number.isFinite(generated) || started < t0 || generated < started || t1 < generated) return undefined;
  return { startup: seconds(started - t0), tests: seconds(generated - started), after: seconds(t1 - generated) };
}

export function describeSplit(s: WallSplit | undefined): string {
  return s ? ` (start-up ${s.startup} s, tests and reports ${s.tests} s, after ${s.after} s)` : '';
}
