// One run as `npm run compare` and `--gate-against` read it: its report.json (a report folder,
// its compatibility folder, or the file itself) and the shapes.json beside it.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { CompatibilityReport } from '../report/compatibility/types.js';
import { readCompatibilityReport } from '../report/compatibility/write.js';
import { readShapes, SHAPES_FILE, type RunShapes } from './shapes-file.js';

export interface LoadedRun {
  /** report.json, as a path relative to the working folder where it is below it. */
  file: string;
  /** Short name of the run for columns and lines: the shop and its versions. */
  label: string;
  report: CompatibilityReport;
  /** Undefined: the run wrote no shapes.json (from before issue 34), so its answers cannot be compared. */
  shapes: RunShapes | undefined;
}

export class RunError extends Error {
  override name = 'RunError';
}

/** The report.json an argument names: the file, `<dir>/report.json`, or `<dir>/compatibility/report.json`. */
export function reportFileOf(arg: string): string {
  const p = path.resolve(arg);
  if (!existsSync(p)) throw new RunError(`${arg}: not found`);
  if (statSync(p).isFile()) return p;
  for (const candidate of [path.join(p, 'report.json'), path.join(p, 'compatibility', 'report.json')]) if (existsSync(candidate)) return candidate;
  throw new RunError(`${arg}: holds no report.json (looked in ${arg} and ${path.join(arg, 'compatibility')}); give a run's report folder or its report.json`);
}

/** The shop a run judged, in a few words: `GX v4.8.0.3 · API v2.6.0`, `reference shop 3.9.0`. */
export function runLabel(r: Pick<CompatibilityReport, 'target'>): string {
  const t = r.target;
  if (t.embedded) return `reference shop${t.shopVersion ? ` ${t.shopVersion}` : ''}`;
  const shop = t.shopVersion ? `shop ${t.shopVersion}` : (t.url ?? 'unknown target');
  return t.apiVersion ? `${shop} · API ${t.apiVersion}` : shop;
}

export function loadRun(arg: string): LoadedRun {
  const file = reportFileOf(arg);
  let report: CompatibilityReport;
  try {
    report = readCompatibilityReport(file);
  } catch (err) {
    throw new RunError(`${arg}: ${err instanceof Error ? err.message : String(err)}`);
  }
  let shapes: RunShapes | undefined;
  try {
    shapes = readShapes(path.join(path.dirname(file), SHAPES_FILE));
  } catch (err) {
    throw new RunError(`${arg}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const rel = path.relative(process.cwd(), file);
  return { file: rel && !rel.startsWith('..') ? rel : file, label: runLabel(report), report, shapes };
}
