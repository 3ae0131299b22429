// One measured run of the harness: exactly what `npm run conformance` runs (its command line from
// package.json: src/cli/conformance.mjs with its Node flags, the embedded shop and default
// settings), started without npm's own wrapper process, whose
// ~0.3 s and ~60 MB belong to npm, not to the harness. Only REPORT_DIR is set, so the run does not
// overwrite reports/ of whoever else works in this tree, and the embedded shop's SHOP_FAULTS and
// SHOP_CHAOS: none for the clean run, SHOP_CHAOS=all-500 for the all-fail case (reference/http/chaos.ts;
// the global setup starts the embedded shop in the runner's process and reads both there).
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { ChaosMode } from '../reference/http/chaos.js';
import { PROJECT_ROOT } from '../src/config/config.js';
import type { CompatibilityReport } from '../src/report/compatibility/types.js';
import { measure } from './support/measure.js';
import type { ProcessPeak } from './support/proc-tree.js';
import { installProbe, readProbe, type ProbeRecord } from './support/probe.js';

export interface HarnessRun {
  exitCode: number;
  wallMs: number;
  /** Whole tree: runner, workers and the embedded shop (a process of the run). */
  peakRssMb: number;
  /** The same as proportional set size (shared pages counted once). */
  peakPssMb: number;
  /**
   * The tree without a separate shop process: what the harness itself needs. Since the embedded
   * shop runs in the runner's process (src/preflight/embedded-shop.ts) this is the whole tree.
   */
  peakRssHarnessMb: number;
  peakRssShopMb: number;
  cpuHarnessMs: number;
  cpuShopMs: number;
  /** Requests the embedded shop served (all of them: preflight, suites, teardown). */
  requests: number;
  /** Requests the harness's processes started (client side), as a cross-check. */
  requestsSent: number;
  tests: number;
  testsFailed: number;
  /** Tests by outcome (their verdict records, via report.json): skip includes the blocked ones; absent in older results. */
  testsByOutcome?: Record<string, number>;
  /** The shop's chaos mode of this run (the all-fail case), if any. */
  chaos?: string;
  /** Killed at the time limit (its process tree): no report, so no test or check figures. */
  timedOut?: boolean;
  /** Distinct (operation, check) cells that ran (pass, unsupported, fail or error). */
  checks: number;
  /** Of those, the cells that failed (fail or error). */
  checksFailed: number;
  workers: number;
  /** Runner start to the first worker: config, spec load, shop start, preflight. */
  startupMs: number;
  /** First worker start to the last worker end. */
  testsMs: number;
  /** Last worker end to exit: teardown and reports. */
  reportingMs: number;
  /** Sum over workers of their lifetime, and of the time one of their requests was in flight. */
  workerMs: number;
  workerWaitMs: number;
  /** Each process of the tree with its own peak RSS: the runner, each worker, any other child (absent in older results). */
  processes?: ProcessRole[];
  logFile: string;
}

export interface ProcessRole {
  /** `runner`, `worker <TEST_WORKER_INDEX>`, `shop`, or the command line of another child. */
  role: string;
  peakRssMb: number;
}

/** Names each process of the tree by what it is in the run, from the probe's records and its command line. */
function roles(peaks: readonly ProcessPeak[], records: readonly ProbeRecord[]): ProcessRole[] {
  const workerOf = new Map(records.map((r) => [r.pid, r.worker]));
  return peaks.map((p) => {
    const worker = workerOf.get(p.pid);
    const role = worker != null ? `worker ${worker}` : /src\/cli\/conformance\.(ts|mjs)/.test(p.cmdline) ? 'runner' : SHOP_CMD.test(p.cmdline) ? 'shop' : p.cmdline.slice(0, 120);
    return { role, peakRssMb: p.peakRssMb };
  });
}

const SHOP_CMD = /reference\/main\.ts/;

/** The Node arguments of `npm run conformance` (package.json), its `node` replaced by this Node. */
export function conformanceCommand(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
  // The command after the Node check every script starts with (`node src/cli/supported-node.cjs && node ...`).
  const words = ((pkg.scripts?.conformance ?? '').split('&&').pop() ?? '').split(/\s+/).filter(Boolean);
  if (words[0] !== 'node' || !words.includes('src/cli/conformance.mjs')) throw new Error(`package.json's conformance script is not "node ... src/cli/conformance.mjs": ${pkg.scripts?.conformance ?? '(none)'}`);
  return words.slice(1);
}

function countCells(report: CompatibilityReport, outcomes: readonly string[]): number {
  const inMatrix = Object.entries(report.counts.cellsByOutcome).reduce((n, [o, c]) => n + (outcomes.includes(o) ? c : 0), 0);
  return inMatrix + report.other.filter((c) => outcomes.includes(c.outcome)).length;
}

/** The default time limit of one harness run: failing runs crawled past 15 min before keepWorker. */
export const HARNESS_TIMEOUT_MS = 15 * 60_000;

/** `target`: variables naming another target than the embedded shop (BASE_URL, credentials, PROFILE, ...: bench/realshop.ts). */
export async function runHarness(workDir: string, extraArgs: readonly string[] = [], chaos?: ChaosMode, timeoutMs: number = HARNESS_TIMEOUT_MS, target: Record<string, string> = {}): Promise<HarnessRun> {
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  const probeDir = path.join(workDir, 'probe');
  const reportDir = path.join(workDir, 'reports');
  const logFile = path.join(workDir, 'conformance.log');
  const { env: probeEnv } = installProbe(probeDir);
  const env = { ...process.env, ...probeEnv, REPORT_DIR: reportDir, SHOP_FAULTS: '', SHOP_CHAOS: chaos ?? '', ...target };
  const run = await measure(process.execPath, [...conformanceCommand(), ...extraArgs], {
    cwd: PROJECT_ROOT,
    env,
    logFile,
    classify: (cmd) => (SHOP_CMD.test(cmd) ? 'shop' : 'harness'),
    timeoutMs,
  });
  const { tree, startedAt: started, endedAt: ended, exitCode, timedOut } = run;

  const probe = readProbe(probeDir);
  const workers = probe.records.filter((r) => r.worker !== null);
  const shopServed = [...probe.served.values()].reduce((a, b) => a + b, 0);
  const reportFile = path.join(reportDir, 'compatibility', 'report.json');
  const report = existsSync(reportFile) ? (JSON.parse(readFileSync(reportFile, 'utf8')) as CompatibilityReport) : undefined;
  const firstWorker = Math.min(...workers.map((w) => w.startedAt));
  const lastWorker = Math.max(...workers.map((w) => w.endedAt));
  const sum = (rs: ProbeRecord[], pick: (r: ProbeRecord) => number): number => rs.reduce((a, r) => a + pick(r), 0);
  return {
    exitCode,
    wallMs: ended - started,
    peakRssMb: tree.peakRssMb,
    peakPssMb: tree.peakPssMb,
    peakRssHarnessMb: tree.peakRssMbByGroup.harness ?? NaN,
    peakRssShopMb: tree.peakRssMbByGroup.shop ?? NaN,
    cpuHarnessMs: tree.cpuMsByGroup.harness ?? NaN,
    cpuShopMs: tree.cpuMsByGroup.shop ?? NaN,
    requests: shopServed,
    // Killed processes write no record: no client-side count then.
    requestsSent: timedOut ? NaN : sum(probe.records, (r) => r.sent),
    tests: report ? report.counts.tests - report.counts.testsByOutcome.skip - report.counts.testsByOutcome.disabled : NaN,
    testsFailed: report ? report.counts.testsByOutcome.fail + report.counts.testsByOutcome.error : NaN,
    ...(report ? { testsByOutcome: { ...report.counts.testsByOutcome } } : {}),
    ...(chaos ? { chaos } : {}),
    ...(timedOut ? { timedOut } : {}),
    checks: report ? countCells(report, ['pass', 'unsupported', 'fail', 'error']) : NaN,
    checksFailed: report ? countCells(report, ['fail', 'error']) : NaN,
    workers: workers.length,
    startupMs: workers.length ? firstWorker - started : NaN,
    testsMs: workers.length ? lastWorker - firstWorker : NaN,
    reportingMs: workers.length ? ended - lastWorker : NaN,
    workerMs: sum(workers, (w) => w.endedAt - w.startedAt),
    workerWaitMs: sum(workers, (w) => w.waitMs),
    processes: roles(tree.processPeaks, probe.records),
    logFile,
  };
}
