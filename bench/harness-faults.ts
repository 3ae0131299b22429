// The harness's own fault detection is not measured again here: the fault matrix (test/faults/,
// `npm run test:faults`) already runs, for every named fault, a shop with that fault on and the
// tests tagged to catch it, against a clean baseline. The bench reads its verdicts
// (reports/fault-matrix.json by default, `--matrix=<file>` for another), or runs it into the work
// folder first with `--run-matrix` (about half an hour on 2 cores).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../src/config/config.js';
import type { MatrixResult } from '../test/faults/analyse.js';

export interface HarnessFaults {
  file: string;
  generatedAt: string;
  durationMs: number;
  /** The matrix covered every fault (not --quick, no --fault= subset). */
  complete: boolean;
  settings: MatrixResult['settings'];
  cleanGreen: boolean;
  /** fault -> caught, with the first tests that caught it. */
  verdicts: Map<string, { caught: boolean; by: string[]; reason: string }>;
}

export const DEFAULT_MATRIX = path.join(PROJECT_ROOT, 'reports', 'fault-matrix.json');

export function readHarnessFaults(file: string): HarnessFaults | undefined {
  if (!existsSync(file)) return undefined;
  const m = JSON.parse(readFileSync(file, 'utf8')) as MatrixResult;
  const verdicts = new Map<string, { caught: boolean; by: string[]; reason: string }>();
  for (const f of m.faults) verdicts.set(f.fault, { caught: f.caught, by: f.caughtBy.slice(0, 3).map((t) => t.id.replace(/^suites\//, '')), reason: f.reason });
  return {
    file,
    generatedAt: m.generatedAt,
    durationMs: m.durationMs,
    complete: !m.settings.quick && m.settings.only.length === 0,
    settings: m.settings,
    cleanGreen: m.cleanGreen,
    verdicts,
  };
}

/** Runs the fault matrix with its results in `reportDir`; returns the path of its JSON. */
export function runMatrix(reportDir: string, faults: readonly string[] | undefined): string {
  const args = ['--import', 'tsx', 'test/faults/matrix.ts', ...(faults ? [`--fault=${faults.join(',')}`] : [])];
  spawnSync(process.execPath, args, { cwd: PROJECT_ROOT, stdio: 'inherit', env: { ...process.env, REPORT_DIR: reportDir } });
  return path.join(reportDir, 'fault-matrix.json');
}
