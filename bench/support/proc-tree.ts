// Memory and CPU of a whole process tree, sampled from /proc (Linux). `/usr/bin/time -v` would
// report the peak of the largest single process only, while a conformance run is a runner, its
// workers and the shop side by side: what it costs is the sum of their resident sets at the same
// moment. Sampling misses spikes shorter than the interval; the figures are therefore a floor of
// the true peak, within one interval's growth.
import { readdirSync, readFileSync } from 'node:fs';

const PAGE_KB = 4; // x86-64 and arm64 Linux pages; statm counts pages
const TICKS_PER_S = 100; // USER_HZ, fixed at 100 on Linux for /proc/<pid>/stat

interface ProcInfo {
  ppid: number;
  /** utime + stime in ms. */
  cpuMs: number;
}

export interface ProcessPeak {
  pid: number;
  cmdline: string;
  peakRssMb: number;
}

export interface TreeStats {
  /** Highest sum of the tree's resident set sizes at one sample, in MB. */
  peakRssMb: number;
  /**
   * Highest sum of proportional set sizes (PSS) at one sample, in MB: the tree's memory without
   * counting the pages its processes share (the node binary, libraries) once per process.
   */
  peakPssMb: number;
  /** The same, per group of `classify` (each group's own peak; they need not coincide). */
  peakRssMbByGroup: Record<string, number>;
  /** Largest peak resident set of one process (VmHWM), in MB. */
  largestProcessMb: number;
  /** Each process's own peak resident set (VmHWM, in MB) and command line: who holds the memory. */
  processPeaks: ProcessPeak[];
  /** CPU time (user + system) per group at the last sample each process was seen, in ms. */
  cpuMsByGroup: Record<string, number>;
  processes: number;
  samples: number;
}

function readProc(pid: number): ProcInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: split after its last ')'.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(rest[1]), cpuMs: ((Number(rest[11]) + Number(rest[12])) * 1000) / TICKS_PER_S };
  } catch {
    return undefined; // exited between listing and reading
  }
}

function readRssMb(pid: number): number {
  try {
    return (Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * PAGE_KB) / 1024;
  } catch {
    return 0;
  }
}

/** Proportional set size: shared pages split between the processes that share them. */
function readPssMb(pid: number): number {
  try {
    const m = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

function readHwmMb(pid: number): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

function readCmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

/** The pids of `root` and all its descendants now. */
export function descendants(root: number): Map<number, ProcInfo> {
  const all = new Map<number, ProcInfo>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const info = readProc(Number(name));
    if (info) all.set(Number(name), info);
  }
  const children = new Map<number, number[]>();
  for (const [pid, info] of all) children.set(info.ppid, [...(children.get(info.ppid) ?? []), pid]);
  const tree = new Map<number, ProcInfo>();
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop() ?? 0;
    const info = all.get(pid);
    if (!info || tree.has(pid)) continue;
    tree.set(pid, info);
    stack.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/**
 * Samples the tree under `root` every `intervalMs` until stop(). `classify` names the group of a
 * process from its command line (e.g. `shop` vs `harness`), read once per pid.
 */
export class TreeSampler {
  private timer: NodeJS.Timeout | undefined;
  private readonly groupOf = new Map<number, string>();
  private readonly cmdlineOf = new Map<number, string>();
  private readonly cpu = new Map<number, number>();
  private readonly hwm = new Map<number, number>();
  private peak = 0;
  private peakPss = 0;
  private readonly peakByGroup: Record<string, number> = {};
  private samples = 0;

  constructor(
    private readonly root: number,
    private readonly classify: (cmdline: string) => string = () => 'all',
    private readonly intervalMs = 100,
  ) {}

  start(): this {
    this.sample();
    this.timer = setInterval(() => this.sample(), this.intervalMs);
    return this;
  }

  sample(): void {
    const tree = descendants(this.root);
    if (!tree.size) return;
    this.samples++;
    let sum = 0;
    let pss = 0;
    const byGroup: Record<string, number> = {};
    for (const [pid, info] of tree) {
      let group = this.groupOf.get(pid);
      if (group === undefined) {
        const cmdline = readCmdline(pid);
        group = this.classify(cmdline);
        this.groupOf.set(pid, group);
        this.cmdlineOf.set(pid, cmdline);
      }
      const rss = readRssMb(pid);
      sum += rss;
      pss += readPssMb(pid);
      byGroup[group] = (byGroup[group] ?? 0) + rss;
      this.cpu.set(pid, info.cpuMs);
      this.hwm.set(pid, Math.max(this.hwm.get(pid) ?? 0, readHwmMb(pid)));
    }
    this.peak = Math.max(this.peak, sum);
    this.peakPss = Math.max(this.peakPss, pss);
    for (const [g, v] of Object.entries(byGroup)) this.peakByGroup[g] = Math.max(this.peakByGroup[g] ?? 0, v);
  }

  stop(): TreeStats {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    const cpuMsByGroup: Record<string, number> = {};
    for (const [pid, ms] of this.cpu) {
      const g = this.groupOf.get(pid) ?? 'all';
      cpuMsByGroup[g] = (cpuMsByGroup[g] ?? 0) + ms;
    }
    return {
      peakRssMb: this.peak,
      peakPssMb: this.peakPss,
      peakRssMbByGroup: { ...this.peakByGroup },
      largestProcessMb: Math.max(0, ...this.hwm.values()),
      processPeaks: [...this.hwm].map(([pid, peakRssMb]) => ({ pid, cmdline: this.cmdlineOf.get(pid) ?? '', peakRssMb })),
      cpuMsByGroup,
      processes: this.groupOf.size,
      samples: this.samples,
    };
  }
}
