// Run metadata for the report header: spec, target (from the preflight's target.json), profile,
// seed, run id. Nothing here may carry a credential: URLs lose any user:password part.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { HarnessConfig } from '../../config/config.js';
import type { Catalogue } from '../../spec/types.js';
import type { CompatibilityReport } from './types.js';

/** What the preflight wrote (src/preflight/global-setup.ts). */
interface TargetFile {
  url?: string;
  embedded?: boolean;
  apiVersion?: string;
  shopVersion?: string;
  runId?: string;
  startedAt?: string;
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

export type RunMeta = Pick<CompatibilityReport, 'spec' | 'target' | 'profile' | 'seed' | 'runId' | 'startedAt'>;

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
    seed: config.fcSeed ?? null,
    runId: t?.runId ?? null,
    startedAt: t?.startedAt ?? null,
  };
}

/** Badge label, e.g. "shop API v2": the title's first word and the API version of the base path or target. */
export function badgeLabel(report: Pick<CompatibilityReport, 'spec' | 'target'>): string {
  const word = (report.spec.title.split(/\s+/)[0] ?? 'API').toLowerCase();
  const version = /\/(v\d+)(\/|$)/.exec(report.spec.basePath)?.[1] ?? (report.target.apiVersion && /^v?\d+$/.test(report.target.apiVersion) ? report.target.apiVersion.replace(/^(\d)/, 'v$1') : undefined);
  const head = /api/i.test(word) ? word : `${word} API`;
  return version ? `${head} ${version}` : head;
}
