// Everything one `npm run bench` measured, as saved to bench/peers/work/results.json (so RESULTS.md
// can be rendered again with `--from=`), and the machine it ran on.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../src/config/config.js';
import type { HarnessRun } from './harness.js';
import type { QuickSubset, RealShopResults } from './realshop.js';
import type { PeerName, PeerVerdict } from './peer-faults.js';
import type { ToolRun } from './peer-tools/tool-run.js';
import type { RunResult as SpecLoadRun } from './spec-load.js';

export interface Machine {
  cpus: number;
  cpuModel: string;
  ramGiB: number;
  node: string;
  kernel: string;
  playwright: string;
  peers: Record<string, string>;
}

/** The tree the bench measured: its commit, and how many paths differed from it (0 = a clean checkout). */
export interface Tree {
  commit: string;
  changedPaths: number;
}

export const CASES = ['clean', 'all-fail'] as const;
export type BenchCase = (typeof CASES)[number];

/**
 * The harness's clean-shop figures before today's work (keepWorker on failure, the all-fail case),
 * from bench/RESULTS.md of the bench of 2026-11-22 07:40 UTC (commit a366e80), machine quiet: the
 * "before" column. Tests failed is 0 there since no check failed on the clean shop.
 */
export const BEFORE = {
  date: '2026-11-22 07:40 UTC',
  /** Its machine line, to say when this bench ran on another CPU. */
  cpuModel: 'Intel(R) Xeon(R) Processor',
  machine: '2 cores (Intel(R) Xeon(R) Processor), 23.5 GiB RAM, Node v20.20.2, Playwright 1.65.1',
  wallS: 37.4,
  rssHarnessMb: 1099,
  rssTreeMb: 1243,
  cpuS: 53.7,
  requests: 5473,
  tests: 1728,
  testsFailed: 0,
  checks: 1865,
  checksPerS: 49.9,
  checksFailed: 0,
} as const;

export interface FaultRow {
  fault: string;
  area: string;
  description: string;
  /** undefined: not in the fault matrix file read. */
  harness: { caught: boolean; by: string[]; reason: string } | undefined;
  peers: Partial<Record<PeerName, PeerVerdict>>;
}

export interface BenchResults {
  startedAt: string;
  finishedAt: string;
  machine: Machine;
  /** Absent in results saved before it was recorded. */
  tree?: Tree;
  /** 1-minute load average before and after each measured run (includes the tools' own work). */
  load: number[];
  /**
   * Per measured run: CPU seconds the machine spent on processes other than the tool's and the
   * bench's own, per second of wall time (0.5 = half a core busy with other work). The load
   * average cannot tell this: a tool that keeps 2 cores busy raises it by itself.
   */
  othersCores?: number[];
  argv: string[];
  /** `cases`: clean and/or all-fail (absent in results saved before the all-fail case: clean only). */
  settings: { runs: number; tools: string[]; faults: string; jobs: number; harnessArgs: string[]; cases?: BenchCase[]; harnessTimeoutMs?: number };
  specLoad: SpecLoadRun[];
  /** The clean case: every tool against the clean reference shop. */
  harness: HarnessRun[];
  peers: Partial<Record<PeerName, ToolRun[]>>;
  /**
   * The all-fail case: the same tools, in the same runs, against the shop in a chaos mode
   * (SHOP_CHAOS, reference/http/chaos.ts) that fails nearly everything and still lets the
   * harness's preflight pass.
   */
  allFail?: { chaos: string; harness: HarnessRun[]; peers: Partial<Record<PeerName, ToolRun[]>> };
  specCopies?: { examplesAdded: number; formatsRemoved: Record<string, number> };
  matrix?: { file: string; generatedAt: string; durationMs: number; complete: boolean; cleanGreen: boolean; settings: unknown };
  faults: FaultRow[];
  /** Set when the peers' fault verdicts were taken from an earlier bench (--faults-from). */
  peerFaultsFrom?: { file: string; startedAt: string };
  /** Set when the fault sweep reused finished outputs of an earlier sweep (--resume-sweep). */
  sweepResumed?: boolean;
  /** The harness against the vendor's real shop (--realshop; bench/realshop.ts). */
  /** Older benches' single real shop (GX 3.2); realShopsOf() reads both forms. */
  realShop?: RealShopResults;
  /** The harness against the reference shop as a process of its own, default workers (bench/remote.ts). */
  remote?: HarnessRun[];
  /** `--realshop`: one entry per real shop and depth (bench/realshop.ts). */
  realShops?: RealShopResults[];
  /** `--depths` with quick: the embedded shop at DEPTH=quick, --runs times. */
  embeddedQuick?: HarnessRun[];
  /** `--realshop --depths=quick,standard`: quick's Fail cells against standard's, per shop. */
  quickSubset?: QuickSubset[];
}

function version(pkgJson: string): string {
  try {
    return (JSON.parse(readFileSync(pkgJson, 'utf8')) as { version: string }).version;
  } catch {
    return '?';
  }
}

export function machine(peers: Record<string, string>): Machine {
  return {
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    ramGiB: os.totalmem() / 2 ** 30,
    node: process.version,
    kernel: `${os.type()} ${os.release()}`,
    playwright: version(path.join(PROJECT_ROOT, 'node_modules', '@playwright', 'test', 'package.json')),
    peers,
  };
}

/**
 * A saved results.json. JSON writes NaN (a figure a run could not give, e.g. the tests of a run
 * killed at the time limit) as null, which arithmetic would read as 0: it is read back as NaN.
 * BenchResults holds no null of its own.
 */
export function readResults(file: string): BenchResults {
  return JSON.parse(readFileSync(file, 'utf8'), (_key, value: unknown) => (value === null ? NaN : value)) as BenchResults;
}

/** HEAD and the paths that differ from it (uncommitted or untracked, outside git-ignored scratch). */
export function tree(): Tree | undefined {
  try {
    const git = (...args: string[]): string => execFileSync('git', args, { cwd: PROJECT_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return { commit: git('rev-parse', '--short', 'HEAD').trim(), changedPaths: git('status', '--porcelain').split('\n').filter(Boolean).length };
  } catch {
    return undefined;
  }
}

/** Busy CPU time of the whole machine so far (all cores, ms), from /proc/stat; NaN elsewhere. */
export function machineBusyMs(): number {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const [, user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).map(Number);
    return (((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) * 1000) / 100;
  } catch {
    return NaN;
  }
}

/** CPU time of this (bench) process so far, ms: the in-process counting shop of the peers' runs. */
export function selfCpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

export function load1(): number {
  return os.loadavg()[0] ?? NaN;
}

/** The real shops of a bench, newer (realShops) or older (realShop: GX 3.2 only) results alike. */
export function realShopsOf(res: BenchResults): RealShopResults[] {
  if (res.realShops) return res.realShops;
  return res.realShop ? [{ key: 'gx32', title: 'Gambio GX 3.2.0.1', ...res.realShop }] : [];
}
