// A run's recorded shapes (issue 34): what every test's requests met of each operation
// (src/core/shapes.ts, in each verdict record's traffic), summed per operation and kind of request
// by the compatibility reporter into compatibility/shapes.json beside report.json. The kind of a
// request is the defects' request class (src/report/defects/signature.ts inputKind): the same words
// a defect's title uses, so a drift and a defect of one request read alike.
//
// Answers to drawn input (sent while a fast-check property ran) are kept apart from the others:
// which statuses and fields they meet depends on the seed, so a comparison takes them as evidence
// that something can happen, never as evidence that it always does (src/compare/drift.ts).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../config/config.js';
import type { AnswerTally, BodyShape, JsonType } from '../core/shapes.js';
import type { Traffic } from '../core/traffic.js';
import type { CompatibilityReport } from '../report/compatibility/types.js';
import { inputKind } from '../report/defects/signature.js';

export const SHAPES_FILE = 'shapes.json';
/** Bump when a reader of shapes.json would break. */
export const SHAPES_VERSION = 1;

/** What the answers of one kind of request to one operation showed, fixed or drawn input apart. */
export interface KindTally {
  answers: number;
  statuses: Record<string, number>;
  /** 2xx status -> field path -> JSON type -> times seen. */
  bodies?: Record<string, BodyShape>;
  /** Status -> header -> shape of its value -> answers. */
  headers?: Record<string, Record<string, Record<string, number>>>;
}

export interface KindShapes {
  /** The request's method (a kind's class reads it). */
  method: string;
  /** One such request as curl, credentials redacted (evidence: send it again to see the answer). */
  sample?: string;
  /** Answers to input that was the same in every run. */
  fixed?: KindTally;
  /** Answers to input a property drew (its seed decides it). */
  drawn?: KindTally;
}

/** The harness that made a run: its package version and, in a git checkout, its commit. */
export interface HarnessBuild {
  version: string | null;
  commit: string | null;
}

export interface RunShapes {
  version: number;
  runId: string | null;
  seed: number | null;
  target: { url: string | null; apiVersion: string | null; shopVersion: string | null };
  /** Absent in files written before it. Two runs made by different builds judge by different rules. */
  harness?: HarnessBuild;
  /** Operation -> kind of request -> what its answers showed. */
  operations: Record<string, Record<string, KindShapes>>;
}

/** The kind of request a tally's exchanges were, in the defects' words. */
export function kindOf(t: Pick<AnswerTally, 'intent' | 'label' | 'method' | 'path'>): string {
  return inputKind({ intent: t.intent, method: t.method, curl: t.path ? `curl '${new URL(t.path, 'http://x').href}'` : '', ...(t.label ? { label: t.label } : {}), status: 0, headers: {}, bodyExcerpt: '', declaredStatuses: [] });
}

function addCounts(into: Record<string, number>, from: Record<string, number>): void {
  for (const [k, n] of Object.entries(from)) into[k] = (into[k] ?? 0) + n;
}

function addShape(into: BodyShape, from: BodyShape): void {
  for (const [place, types] of Object.entries(from)) {
    const at = (into[place] ??= {});
    for (const [t, n] of Object.entries(types) as [JsonType, number][]) at[t] = (at[t] ?? 0) + n;
  }
}

function addTally(into: KindTally, t: AnswerTally): void {
  const answers = Object.values(t.statuses).reduce((a, b) => a + b, 0);
  into.answers += answers;
  addCounts(into.statuses, t.statuses);
  for (const [status, shape] of Object.entries(t.bodies ?? {})) addShape(((into.bodies ??= {})[status] ??= {}), shape);
  for (const [status, headers] of Object.entries(t.headers ?? {})) {
    const at = ((into.headers ??= {})[status] ??= {});
    for (const [name, shapes] of Object.entries(headers)) addCounts((at[name] ??= {}), shapes);
  }
}

/** Sorted keys, so two runs' files diff line by line. */
function sorted<T>(o: Record<string, T>, inner?: (v: T) => T): Record<string, T> {
  return Object.fromEntries(Object.keys(o).sort().map((k) => [k, inner ? inner(o[k] as T) : (o[k] as T)]));
}

/** The run's shapes, summed from every test's traffic. */
export function buildShapes(traffics: Iterable<Traffic | undefined>, meta: Omit<RunShapes, 'version' | 'operations'>): RunShapes {
  const operations: Record<string, Record<string, KindShapes>> = {};
  for (const traffic of traffics) {
    for (const [op, t] of Object.entries(traffic ?? {})) {
      for (const tally of Object.values(t.answers ?? {})) {
        const kind = kindOf(tally);
        const k = ((operations[op] ??= {})[kind] ??= { method: tally.method });
        if (!k.sample && tally.sample && !tally.drawn) k.sample = tally.sample;
        const part = tally.drawn ? 'drawn' : 'fixed';
        addTally((k[part] ??= { answers: 0, statuses: {} }), tally);
      }
    }
  }
  const tidy = (k: KindShapes): KindShapes => {
    for (const part of [k.fixed, k.drawn]) {
      if (!part) continue;
      if (part.bodies) part.bodies = sorted(part.bodies, (b) => sorted(b));
      if (part.headers) part.headers = sorted(part.headers);
    }
    return k;
  };
  return { version: SHAPES_VERSION, ...meta, operations: sorted(operations, (kinds) => sorted(kinds, tidy)) };
}

export class ShapesError extends Error {
  override name = 'ShapesError';
}

/** A run's shapes.json, or undefined when the run wrote none (a run from before issue 34). */
export function readShapes(file: string): RunShapes | undefined {
  if (!existsSync(file)) return undefined;
  let v: unknown;
  try {
    v = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new ShapesError(`${file} is not JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  const s = v as Partial<RunShapes> | null;
  if (!s || typeof s !== 'object' || s.version !== SHAPES_VERSION || typeof s.operations !== 'object' || s.operations === null) throw new ShapesError(`${file} holds shapes of another version (${String(s?.version)}); this harness reads version ${SHAPES_VERSION}`);
  return s as RunShapes;
}

/**
 * The harness build running now. The commit is read where the harness is a git checkout (a copy
 * without .git has its package version only); a failure to read either is no reason to stop a run.
 */
export function harnessBuild(): HarnessBuild {
  let version: string | null = null;
  let commit: string | null = null;
  try {
    version = (JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version?: string }).version ?? null;
  } catch {
    version = null;
  }
  try {
    commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'ignore'], encoding: 'utf8', timeout: 5000 }).trim() || null;
  } catch {
    commit = null;
  }
  return { version, commit };
}

/** Writes the run's shapes.json into the compatibility folder (redacted like every artefact); returns its path. */
export function writeShapes(dir: string, traffics: Iterable<Traffic | undefined>, report: Pick<CompatibilityReport, 'runId' | 'seed' | 'target'>, redact: (s: string) => string): string {
  const shapes = buildShapes(traffics, { runId: report.runId, seed: report.seed, target: { url: report.target.url, apiVersion: report.target.apiVersion, shopVersion: report.target.shopVersion }, harness: harnessBuild() });
  const file = path.join(dir, SHAPES_FILE);
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, redact(`${JSON.stringify(shapes)}\n`));
  return file;
}
