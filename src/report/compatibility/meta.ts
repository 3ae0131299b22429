// Run metadata for the report header: spec, target (from the preflight's target.json), profile,
// seed, run id. Nothing here may carry a credential: URLs lose any user:password part.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { HarnessConfig } from '../../config/config.js';
import { replayVariables } from '../../config/replay.js';
import type { Catalogue } from '../../spec/types.js';
import { toCurl } from '../../core/curl.js';
import { readRequestSummary } from '../../client/tally.js';
import { BREAKER_LIMIT, boardFile, readBoard, type BoardFact } from '../../support/board.js';
import type { CompatibilityReport, LeftoverItem, RunNotes } from './types.js';

/** What the preflight wrote (src/preflight/global-setup.ts). */
interface TargetFile {
  url?: string;
  embedded?: boolean;
  apiVersion?: string;
  shopVersion?: string;
  runId?: string;
  startedAt?: string;
  profile?: string;
  /** The run's fast-check seed and FC_RUNS (absent in files written before they were kept). */
  fcSeed?: number;
  fcRuns?: number;
}

export function readTargetFile(reportDir: string): TargetFile | undefined {
  const file = path.join(reportDir, 'target.json');
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as TargetFile;
  } catch {
    return undefined;
  }
}

/** The URL without user info, query or fragment. */
export function safeUrl(raw: string | undefined): string | null {
  if (!raw) return null;
  try {
    const u = new URL(raw);
    u.username = '';
    u.password = '';
    u.search = '';
    u.hash = '';
    return u.toString().replace(/\/+$/, '');
  } catch {
    return null;
  }
}

export type RunMeta = Pick<CompatibilityReport, 'spec' | 'target' | 'profile' | 'seed' | 'runId' | 'startedAt' | 'notes' | 'replayEnv'>;

/** `v2.2.0` -> `2.2.0`; the shop sends `vv3.2.0.1` for its own version. */
function bare(v: string): string {
  return v.replace(/^v+/i, '');
}

/** The version gap between target and spec, in one sentence, or null when there is none to tell. */
export function versionNote(specVersion: string, apiVersion: string | null | undefined, shopVersion: string | null | undefined): string | null {
  if (!apiVersion) return null;
  const api = bare(apiVersion);
  const spec = bare(specVersion);
  // Only a full version says anything: `v2` is the API's major version, as the base path names it.
  if (!/^\d+\.\d+/.test(api) || api === spec) return null;
  return `The target speaks API ${apiVersion}${shopVersion ? ` (shop ${shopVersion})` : ''}; the spec describes version ${specVersion}. Deviations that come from that gap (fields, operations or statuses of a newer API) show as failures or unsupported operations, and a baseline for this target says so in its reasons.`;
}

/** Creates the run stopped calling, from the run's support facts. */
function stoppedCalling(reportDir: string, runId: string | undefined): RunNotes['stoppedCalling'] {
  const by = new Map<string, BoardFact[]>();
  for (const f of readBoard(boardFile(reportDir))) {
    if (f.kind !== '5xx' || (runId && f.run !== runId)) continue;
    by.set(f.operationId, [...(by.get(f.operationId) ?? []), f]);
  }
  return [...by.entries()]
    .filter(([, fs]) => fs.length >= BREAKER_LIMIT)
    .map(([operation, fs]) => {
      const last = fs[fs.length - 1];
      const ex = last?.kind === '5xx' ? last.exchange : undefined;
      const text = ex ? ex.response.text.replace(/\s+/g, ' ').trim() : '';
      return { operation, statuses: fs.map((f) => (f.kind === '5xx' ? f.status : 0)), request: ex ? toCurl(ex.request) : '', answer: ex ? `${ex.response.status} ${text.length > 300 ? `${text.slice(0, 300)}…` : text}` : '' };
    });
}

const LEFTOVERS_NAMED = 50;

interface LeftoverLine {
  kind?: string;
  id?: string;
  collection?: string;
  path?: string;
  operationId?: string;
  ephemeral?: boolean;
  reason?: string;
  apiCannotDelete?: boolean;
  manualStep?: string;
}

/** leftovers.json of this run (the global teardown writes it before the reporters end), named item by item. */
function leftoverSummary(reportDir: string, projectRoot: string, runId: string | undefined): RunNotes['leftovers'] {
  const file = path.join(reportDir, 'leftovers.json');
  if (!existsSync(file)) return null;
  try {
    const l = JSON.parse(readFileSync(file, 'utf8')) as { runId?: string; leftovers?: LeftoverLine[]; possiblePartial?: unknown[] };
    // An earlier run's file says nothing about this run.
    if (runId && l.runId && l.runId !== runId) return null;
    const live = (l.leftovers ?? []).filter((e) => !e.ephemeral);
    const items: LeftoverItem[] = live.slice(0, LEFTOVERS_NAMED).map((e) => ({
      what: `${e.kind === 'file' ? `file ${e.id ?? ''} in ${e.collection ?? ''}` : (e.path ?? '')}${e.operationId ? ` (${e.operationId})` : ''}`,
      reason: e.reason ?? '',
      ...(e.apiCannotDelete && e.manualStep ? { manualStep: e.manualStep } : {}),
    }));
    return { records: live.length, manual: live.filter((e) => e.apiCannotDelete).length, possiblePartial: (l.possiblePartial ?? []).length, file: path.relative(projectRoot, file) || file, items };
  } catch {
    return null;
  }
}

export function runMeta(config: HarnessConfig, catalogue: Catalogue, projectRoot: string): RunMeta {
  const t = readTargetFile(config.reportDir);
  return {
    spec: {
      title: catalogue.info.title,
      version: catalogue.info.version,
      hash: catalogue.info.hash,
      file: path.relative(projectRoot, catalogue.info.file) || catalogue.info.file,
      dialect: `${catalogue.info.dialect} ${catalogue.info.specVersion}`,
      basePath: catalogue.info.basePath,
    },
    target: {
      url: safeUrl(t?.url ?? config.baseUrl),
      apiVersion: t?.apiVersion ?? null,
      shopVersion: t?.shopVersion ?? null,
      embedded: t?.embedded ?? (config.baseUrl === undefined ? true : null),
    },
    profile: config.profile,
    replayEnv: replayVariables(config),
    seed: config.fcSeed ?? null,
    runId: t?.runId ?? null,
    startedAt: t?.startedAt ?? null,
    notes: {
      version: versionNote(catalogue.info.version, t?.apiVersion, t?.shopVersion),
      stoppedCalling: stoppedCalling(config.reportDir, t?.runId),
      leftovers: leftoverSummary(config.reportDir, projectRoot, t?.runId ?? config.runId),
      requests: readRequestSummary(config.reportDir, t?.runId) ?? null,
    },
  };
}

/** Badge label, e.g. "shop API v2": the title's first word and the API version of the base path or target. */
export function badgeLabel(report: Pick<CompatibilityReport, 'spec' | 'target'>): string {
  const word = (report.spec.title.split(/\s+/)[0] ?? 'API').toLowerCase();
  const version = /\/(v\d+)(\/|$)/.exec(report.spec.basePath)?.[1] ?? (report.target.apiVersion && /^v?\d+$/.test(report.target.apiVersion) ? report.target.apiVersion.replace(/^(\d)/, 'v$1') : undefined);
  const head = /api/i.test(word) ? word : `${word} API`;
  return version ? `${head} ${version}` : head;
}
