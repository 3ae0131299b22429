// Everything one `npm run bench` measured, as saved to bench/peers/work/results.json (so RESULTS.md
// can be rendered again with `--from=`), and the machine it ran on.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../src/config/config.js';
import type { HarnessRun } from './harness.js';
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
  /** 1-minute load average before and after each measured run (includes the tools' own work). */
  load: number[];
  /**
   * Per measured run: CPU seconds the machine spent on processes other than the tool's and the
   * bench's own, per second of wall time (0.5 = half a core busy with other work). The load
   * average cannot tell this: a tool that keeps 2 cores busy raises it by itself.
   */
  othersCores?: number[];
  argv: string[];
  settings: { runs: number; tools: string[]; faults: string; jobs: number; harnessArgs: string[] };
  specLoad: SpecLoadRun[];
  harness: HarnessRun[];
  peers: Partial<Record<PeerName, ToolRun[]>>;
  specCopies?: { examplesAdded: number; formatsRemoved: Record<string, number> };
  matrix?: { file: string; generatedAt: string; durationMs: number; complete: boolean; cleanGreen: boolean; settings: unknown };
  faults: FaultRow[];
  /** Set when the peers' fault verdicts were taken from an earlier bench (--faults-from). */
  peerFaultsFrom?: { file: string; startedAt: string };
  /** Set when the fault sweep reused finished outputs of an earlier sweep (--resume-sweep). */
  sweepResumed?: boolean;
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
