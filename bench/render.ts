// The bench's figures as a console table and as bench/RESULTS.md. Figures are medians over the
// runs; ratios are medians of the per-run ratios (harness and peer measured in the same run, under
// the same load; a tool's all-fail run against its clean run of the same round).
import type { HarnessRun } from './harness.js';
import type { PeerName } from './peer-faults.js';
import type { ToolRun } from './peer-tools/tool-run.js';
import type { RealShopRun } from './realshop.js';
import { BEFORE, realShopsOf, type BenchResults, type FaultRow } from './results.js';
import { fixed, median, medianOf } from './support/stats.js';

/** A figure with its unit (`1.5 s`, `0.92x`), or `-` when there is none. */
function unit(n: number, digits: number, suffix: string): string {
  return Number.isFinite(n) ? `${n.toFixed(digits)}${suffix}` : '-';
}

export const PEER_LABEL: Record<PeerName, string> = { dredd: 'Dredd', portman: 'Portman + Newman' };
const PEERS: PeerName[] = ['dredd', 'portman'];
/** Below this 1-minute load average the machine counts as quiet (2 cores). */
export const QUIET_LOAD = 3;

interface Figures {
  wallS: number;
  /** The tool's own processes (for the harness: without its embedded shop). */
  rssMb: number;
  /** The harness with its embedded shop (the whole tree of `npm run conformance`); NaN for peers. */
  rssTreeMb: number;
  cpuS: number;
  requests: number;
  tests: number;
  testsFailed: number;
  /** Tests not run: harness skip + disabled (incl. blocked), Dredd's skipped non-2xx transactions. */
  testsSkipped: number;
  checks: number;
  checksPerS: number;
  /** Checks that failed (on the clean shop they cannot catch a fault). */
  checksFailed: number;
  /** Killed at the bench's time limit (harness runs only): no test or check figures. */
  killed: boolean;
}

function harnessFigures(r: HarnessRun): Figures {
  const o = r.testsByOutcome;
  return {
    wallS: r.wallMs / 1000,
    rssMb: r.peakRssHarnessMb,
    rssTreeMb: r.peakRssMb,
    cpuS: r.cpuHarnessMs / 1000,
    requests: r.requests,
    tests: r.tests,
    testsFailed: r.testsFailed,
    testsSkipped: o ? (o.skip ?? 0) + (o.disabled ?? 0) : NaN,
    checks: r.checks,
    checksPerS: r.checks / (r.wallMs / 1000),
    checksFailed: r.checksFailed,
    killed: r.timedOut === true,
  };
}

function peerFigures(r: ToolRun): Figures {
  return {
    wallS: r.wallMs / 1000,
    rssMb: r.peakRssMb,
    rssTreeMb: NaN,
    cpuS: r.cpuMs / 1000,
    requests: r.requests,
    tests: r.tests,
    testsFailed: r.testsFailed ?? NaN,
    testsSkipped: r.skipped,
    checks: r.checks,
    checksPerS: r.checks / (r.wallMs / 1000),
    checksFailed: r.failed.length,
    killed: false,
  };
}

const beforeFigures: Figures = {
  wallS: BEFORE.wallS,
  rssMb: BEFORE.rssHarnessMb,
  rssTreeMb: BEFORE.rssTreeMb,
  cpuS: BEFORE.cpuS,
  requests: BEFORE.requests,
  tests: BEFORE.tests,
  testsFailed: BEFORE.testsFailed,
  testsSkipped: NaN,
  checks: BEFORE.checks,
  checksPerS: BEFORE.checksPerS,
  checksFailed: BEFORE.checksFailed,
  killed: false,
};

type ColumnCase = 'before' | 'clean' | 'all-fail';

interface Column {
  label: string;
  tool: 'harness' | PeerName;
  case: ColumnCase;
  runs: Figures[];
}

const HARNESS_SHORT = 'harness';

/** The tool's runs of one case (clean: `res.harness`/`res.peers`; all-fail: `res.allFail`). */
function runsOf(res: BenchResults, tool: 'harness' | PeerName, c: 'clean' | 'all-fail'): Figures[] {
  const from = c === 'clean' ? res : res.allFail;
  if (!from) return [];
  return tool === 'harness' ? from.harness.map(harnessFigures) : (from.peers[tool] ?? []).map(peerFigures);
}

/**
 * Harness before (the last bench's clean figures), then each tool clean and all-fail side by side.
 * Labels carry the case only when the bench ran the all-fail case (older results: one per tool).
 */
function columns(res: BenchResults): Column[] {
  const cols: Column[] = [];
  const both = res.allFail !== undefined;
  const harnessLabel = both ? HARNESS_SHORT : 'shop-api-conformance';
  if (both && (res.harness.length || res.allFail?.harness.length)) cols.push({ label: `${HARNESS_SHORT} before (clean)`, tool: 'harness', case: 'before', runs: [beforeFigures] });
  for (const tool of ['harness', ...PEERS] as const) {
    const label = tool === 'harness' ? harnessLabel : PEER_LABEL[tool];
    for (const c of ['clean', 'all-fail'] as const) {
      const runs = runsOf(res, tool, c);
      if (runs.length) cols.push({ label: both ? `${label} ${c}` : label, tool, case: c, runs });
    }
  }
  return cols;
}

/** Median over runs of a/b for a figure, pairing run i with run i. */
function paired(a: readonly Figures[], b: readonly Figures[], pick: (f: Figures) => number): number {
  const ratios: number[] = [];
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    if (x && y && pick(y) !== 0) ratios.push(pick(x) / pick(y));
  }
  return median(ratios);
}

/** Median over runs of harness/peer for a figure in one case, pairing run i with run i. */
function pairedRatio(res: BenchResults, peer: PeerName, pick: (f: Figures) => number, c: 'clean' | 'all-fail' = 'clean'): number {
  return paired(runsOf(res, 'harness', c), runsOf(res, peer, c), pick);
}

/** A tool's all-fail run against its clean run of the same round. */
function failCost(res: BenchResults, tool: 'harness' | PeerName, pick: (f: Figures) => number): number {
  return paired(runsOf(res, tool, 'all-fail'), runsOf(res, tool, 'clean'), pick);
}

interface Row {
  label: string;
  pick: (f: Figures) => number;
  digits: number;
}

const ROWS: Row[] = [
  { label: 'wall time (s)', pick: (f) => f.wallS, digits: 1 },
  { label: 'peak RSS of its processes (MB)', pick: (f) => f.rssMb, digits: 0 },
  { label: 'peak RSS incl. the embedded shop (MB)', pick: (f) => f.rssTreeMb, digits: 0 },
  { label: 'CPU time (s)', pick: (f) => f.cpuS, digits: 1 },
  { label: 'requests (served by the shop)', pick: (f) => f.requests, digits: 0 },
  { label: 'tests run', pick: (f) => f.tests, digits: 0 },
  { label: 'tests failed', pick: (f) => f.testsFailed, digits: 0 },
  { label: 'tests not run (skipped, blocked, disabled)', pick: (f) => f.testsSkipped, digits: 0 },
  { label: 'distinct checks run', pick: (f) => f.checks, digits: 0 },
  { label: 'checks failing', pick: (f) => f.checksFailed, digits: 0 },
  { label: 'checks per second', pick: (f) => f.checksPerS, digits: 1 },
];

/** Rows of the all-fail columns only: the tool's all-fail run over its clean run. */
const COST_ROWS: Row[] = [
  { label: 'all-fail / clean: wall time', pick: (f) => f.wallS, digits: 2 },
  { label: 'all-fail / clean: CPU time', pick: (f) => f.cpuS, digits: 2 },
  { label: 'all-fail / clean: requests', pick: (f) => f.requests, digits: 2 },
];

export function faultCounts(rows: readonly FaultRow[]): { harness: [number, number]; peers: Partial<Record<PeerName, [number, number]>> } {
  const withHarness = rows.filter((r) => r.harness);
  const peers: Partial<Record<PeerName, [number, number]>> = {};
  for (const p of PEERS) {
    const judged = rows.filter((r) => r.peers[p]);
    if (judged.length) peers[p] = [judged.filter((r) => r.peers[p]?.caught).length, judged.length];
  }
  return { harness: [withHarness.filter((r) => r.harness?.caught).length, withHarness.length], peers };
}

function table(head: string[], body: string[][]): string[] {
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]): string => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('   ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('   '), ...body.map(line)];
}

/** `killed k/n` for a column with runs killed at the time limit, else ''. */
function killedNote(c: Column): string {
  const k = c.runs.filter((f) => f.killed).length;
  return k ? ` (killed ${k}/${c.runs.length})` : '';
}

function mainRows(res: BenchResults, cols: Column[]): string[][] {
  const body = ROWS.map((row, i) => [row.label, ...cols.map((c) => `${fixed(medianOf(c.runs, row.pick), row.digits)}${i === 0 ? killedNote(c) : ''}`)]);
  if (res.allFail) {
    for (const row of COST_ROWS) {
      body.push([row.label, ...cols.map((c) => (c.case === 'all-fail' ? unit(failCost(res, c.tool, row.pick), row.digits, 'x') : ''))]);
    }
  }
  const fc = faultCounts(res.faults);
  if (res.faults.length) {
    const cell = (v: [number, number] | undefined): string => (v && v[1] ? `${v[0]}/${v[1]}` : '-');
    body.push(['named faults caught', ...cols.map((c) => (c.case !== 'clean' ? '' : c.tool === 'harness' ? cell(fc.harness) : cell(fc.peers[c.tool])))]);
  }
  return body;
}

function ratioLines(res: BenchResults): string[] {
  const out: string[] = [];
  for (const c of ['clean', 'all-fail'] as const) {
    for (const p of PEERS) {
      if (!runsOf(res, 'harness', c).length || !runsOf(res, p, c).length) continue;
      const r = (pick: (f: Figures) => number): string => unit(pairedRatio(res, p, pick, c), 2, 'x');
      const killed = runsOf(res, 'harness', c).some((f) => f.killed) ? " (the harness's runs killed at the time limit: floors, no checks)" : '';
      out.push(`${res.allFail ? `${c}, ` : ''}vs ${PEER_LABEL[p]}: wall ${r((f) => f.wallS)}, memory ${r((f) => f.rssMb)}, requests ${r((f) => f.requests)}, checks ${r((f) => f.checks)}, checks/s ${r((f) => f.checksPerS)}${killed}`);
    }
  }
  return out;
}

/** The issue's goal: the harness's all-fail run costs at most this much of its clean run (wall time). */
export const ALL_FAIL_TARGET = 1.5;

/** Goals of the embedded shop's clean run, of a target elsewhere, and of GX 4.8's standard run. */
export const GOALS = { wallS: 20, rssMb: 600, requests: 3000, waitShare: 0.5, rssRemoteMb: 400, gx48Requests: 2000, gx48WallS: 180 } as const;

/** `met` / `missed` against a goal, so a missed goal is never read as met. */
function verdict(value: number, goal: number, atMost: boolean): string {
  if (!Number.isFinite(value)) return '-';
  return (atMost ? value <= goal : value >= goal) ? 'met' : 'missed';
}

/** What the all-fail case says about the harness: cost against the clean run and the target, before/now. */
function allFailLines(res: BenchResults): string[] {
  const clean = runsOf(res, 'harness', 'clean');
  const fail = runsOf(res, 'harness', 'all-fail');
  const out: string[] = [];
  if (clean.length && fail.length) {
    const wall = failCost(res, 'harness', (f) => f.wallS);
    const killed = fail.filter((f) => f.killed).length;
    const limit = res.settings.harnessTimeoutMs ?? NaN;
    const verdict = killed
      ? `MISSED: ${killed} of ${fail.length} all-fail run(s) did not finish within the bench's time limit of ${fixed(limit / 60_000, 0)} min and were killed, so the ratio is a floor`
      : !Number.isFinite(wall)
        ? 'not measured'
        : wall <= ALL_FAIL_TARGET
          ? 'met'
          : 'MISSED';
    out.push(
      `harness all-fail / clean (median of the per-run ratios): wall ${unit(wall, 2, 'x')} (target <= ${ALL_FAIL_TARGET}x: ${verdict}), CPU ${unit(failCost(res, 'harness', (f) => f.cpuS), 2, 'x')}, requests ${unit(failCost(res, 'harness', (f) => f.requests), 2, 'x')}, peak RSS ${unit(failCost(res, 'harness', (f) => f.rssMb), 2, 'x')}; ${fixed(medianOf(fail, (f) => f.testsFailed), 0)} tests failed, ${fixed(medianOf(fail, (f) => f.testsSkipped), 0)} not run`,
    );
  }
  if (clean.length) {
    const now = (pick: (f: Figures) => number): string => unit(medianOf(clean, pick) / pick(beforeFigures), 2, 'x');
    out.push(`harness clean, now / before (${BEFORE.date}): wall ${now((f) => f.wallS)}, requests ${now((f) => f.requests)}, peak RSS incl. shop ${now((f) => f.rssTreeMb)}, CPU ${now((f) => f.cpuS)}`);
  }
  return out;
}

interface Overhead {
  wallS: number;
  requests: number;
  startupS: number;
  testsS: number;
  reportingS: number;
  waitShare: number;
  cpuHarnessS: number;
  cpuShopS: number;
  rssTreeMb: number;
  pssTreeMb: number;
  rssShopMb: number;
  workers: number;
  loadMs: number;
  compileMs: number;
  validateUs: number;
}

function overhead(res: BenchResults, h: readonly HarnessRun[] = res.harness): Overhead {
  return {
    wallS: medianOf(h, (r) => r.wallMs / 1000),
    requests: medianOf(h, (r) => r.requests),
    startupS: medianOf(h, (r) => r.startupMs / 1000),
    testsS: medianOf(h, (r) => r.testsMs / 1000),
    reportingS: medianOf(h, (r) => r.reportingMs / 1000),
    waitShare: medianOf(h, (r) => r.workerWaitMs / r.workerMs),
    cpuHarnessS: medianOf(h, (r) => r.cpuHarnessMs / 1000),
    cpuShopS: medianOf(h, (r) => r.cpuShopMs / 1000),
    rssTreeMb: medianOf(h, (r) => r.peakRssMb),
    pssTreeMb: medianOf(h, (r) => r.peakPssMb),
    rssShopMb: medianOf(h, (r) => r.peakRssShopMb),
    workers: medianOf(h, (r) => r.workers),
    loadMs: medianOf(res.specLoad, (r) => r.loadMs),
    compileMs: medianOf(res.specLoad, (r) => r.compileMs),
    validateUs: medianOf(res.specLoad, (r) => r.validateUs),
  };
}

/** Other work the runs shared the machine with, up to this many cores on average: still "quiet". */
export const QUIET_OTHERS_CORES = 0.25;

function loadNote(res: BenchResults): string {
  const max = Math.max(...res.load);
  const loadRange = `1-minute load average ${fixed(Math.min(...res.load), 1)}-${fixed(max, 1)} around the runs`;
  const others = res.othersCores?.filter((x) => Number.isFinite(x)) ?? [];
  if (others.length) {
    const worst = Math.max(...others);
    // The load average counts the tools' own work (2 workers and a shop keep 2 cores busy), so the
    // share of CPU used by other processes decides; the load average is shown for reference.
    return worst <= QUIET_OTHERS_CORES
      ? `machine quiet: other processes used at most ${fixed(worst * 100, 0)}% of one core during any run (${loadRange}, the tools' own work included)`
      : `MEASURED UNDER LOAD: other processes used up to ${fixed(worst * 100, 0)}% of one core during a run on ${res.machine.cpus} cores, more than ${fixed(QUIET_OTHERS_CORES * 100, 0)}% in ${others.filter((x) => x > QUIET_OTHERS_CORES).length} of ${others.length} runs (${loadRange}); wall times and ratios of those runs are inflated and noisy, medians less so`;
  }
  const quiet = max < QUIET_LOAD;
  return quiet
    ? `machine quiet: ${loadRange}`
    : `MEASURED UNDER LOAD: ${loadRange} on ${res.machine.cpus} cores (other work on the machine, or the tools' own); wall times and ratios are inflated and noisy`;
}

export function consoleSummary(res: BenchResults): string {
  const cols = columns(res);
  const out: string[] = [''];
  out.push(`Full run, median of ${res.settings.runs} run(s); ${loadNote(res)}`, '');
  out.push(...table(['', ...cols.map((c) => c.label)], mainRows(res, cols)), '');
  out.push(...ratioLines(res), ...allFailLines(res));
  for (const [name, runs] of [['clean', res.harness], ['all-fail', res.allFail?.harness ?? []]] as const) {
    if (!runs.length) continue;
    const o = overhead(res, runs);
    out.push(
      '',
      `Harness, ${name} (npm run conformance, embedded shop, ${fixed(o.workers, 0)} worker(s)): ${unit(o.wallS, 1, ' s')} (goal <= ${GOALS.wallS} s), ${fixed(o.requests, 0)} requests (goal <= ${GOALS.requests}), peak RSS ${unit(o.rssTreeMb, 0, ' MB')} whole tree incl. shop (goal <= ${GOALS.rssMb} MB; PSS ${unit(o.pssTreeMb, 0, ' MB')})`,
      `  startup ${unit(o.startupS, 1, ' s')}, tests ${unit(o.testsS, 1, ' s')}, teardown + reports ${unit(o.reportingS, 1, ' s')}; workers wait on the target ${fixed(o.waitShare * 100, 0)}% of their time (goal >= ${GOALS.waitShare * 100}%)`,
      `  CPU: harness ${unit(o.cpuHarnessS, 1, ' s')}, shop ${unit(o.cpuShopS, 1, ' s')}; spec load ${unit(o.loadMs, 0, ' ms')} + compile ${unit(o.compileMs, 0, ' ms')}; one validation ${unit(o.validateUs, 2, ' us')}`,
      `  tests by outcome: ${outcomeLine(runs)}`,
    );
  }
  const remote = res.remote ?? [];
  if (remote.length) {
    out.push(
      '',
      `Harness, target elsewhere (the reference shop as a process of its own, BASE_URL, ${fixed(medianOf(remote, (x) => x.workers), 0)} workers): ${unit(medianOf(remote, (x) => x.wallMs / 1000), 1, ' s')}, ${fixed(medianOf(remote, (x) => x.requests), 0)} requests, peak RSS of the harness's tree ${unit(medianOf(remote, (x) => x.peakRssMb), 0, ' MB')} (goal <= ${GOALS.rssRemoteMb} MB: ${verdict(medianOf(remote, (x) => x.peakRssMb), GOALS.rssRemoteMb, true)}; PSS ${unit(medianOf(remote, (x) => x.peakPssMb), 0, ' MB')})`,
    );
  }
  for (const rs of realShopsOf(res)) {
    const r = rs.runs;
    if (!r.length) continue;
    out.push(
      '',
      `Harness, ${rs.title ?? 'real shop'} (${rs.baseUrl}, PROFILE=${rs.profile}, ${rs.workers} worker(s)): ${unit(medianOf(r, (x) => x.wallMs / 1000), 1, ' s')}, ${fixed(medianOf(r, (x) => x.requests), 0)} requests; peak RSS ${unit(medianOf(r, (x) => x.peakRssMb), 0, ' MB')}; workers wait on the target ${fixed(medianOf(r, (x) => x.workerWaitMs / x.workerMs) * 100, 0)}% of their time (goal >= ${GOALS.waitShare * 100}%)`,
      `  tests by outcome: ${outcomeLine(r)}`,
    );
  }
  return out.join('\n');
}

/** The largest own peak RSS (VmHWM) of a run's processes of one role (`runner`, `worker `); NaN for older results without them. */
function roleMb(run: HarnessRun, rolePrefix: string): number {
  const peaks = (run.processes ?? []).filter((p) => p.role.startsWith(rolePrefix)).map((p) => p.peakRssMb);
  return peaks.length ? Math.max(...peaks) : NaN;
}

/** The harness against a target elsewhere (bench/remote.ts) and the vendor's real shops (bench/realshop.ts), when the bench ran them. */
function realShopMarkdown(res: BenchResults): string[] {
  const shops = realShopsOf(res).filter((rs) => rs.runs.length);
  const remote = res.remote ?? [];
  if (!shops.length && !remote.length) return [];
  const o = overhead(res);
  const cols: { label: string; runs: readonly HarnessRun[]; statuses?: readonly RealShopRun[] }[] = [
    ...shops.map((rs) => ({ label: `${rs.title ?? rs.key ?? 'real shop'} (${rs.workers} worker${rs.workers === 1 ? '' : 's'}, ${rs.runs.length} run${rs.runs.length === 1 ? '' : 's'})`, runs: rs.runs, statuses: rs.runs })),
    ...(remote.length ? [{ label: `reference shop elsewhere (${fixed(medianOf(remote, (x) => x.workers), 0)} workers, ${remote.length} run${remote.length === 1 ? '' : 's'})`, runs: remote }] : []),
  ];
  const med = (runs: readonly HarnessRun[], pick: (x: HarnessRun) => number): number => medianOf(runs, pick);
  const row = (name: string, cell: (runs: readonly HarnessRun[]) => string, embedded: string, goal = ''): string[] => [name, ...cols.map((c) => cell(c.runs)), embedded, goal];
  const rssRemote = remote.length ? med(remote, (x) => x.peakRssMb) : NaN;
  const gx48 = shops.find((rs) => rs.key === 'gx48');
  const gx48Wall = gx48 ? med(gx48.runs, (x) => x.wallMs / 1000) : NaN;
  const gx48Requests = gx48 ? med(gx48.runs, (x) => x.requests) : NaN;
  return [
    '## The harness against a target elsewhere and the vendor\'s real shops',
    '',
    ...(shops.length
      ? [
          `\`npm run bench -- --realshop\` (bench/realshop.ts): the same command against ${shops.map((rs) => `${rs.title ?? rs.key} at ${rs.baseUrl}`).join(' and ')}, as the real-shop phase of \`npm test\` runs it: PROFILE=standard, each shop's workers (test/realshop/shops.ts: the harness's default for both; GX 3.2's 500s to overlapping requests are sent again alone before any verdict), FC_SEED=${shops[0]?.seed ?? '?'}, each shop's baseline. Each run starts on a pristine shop (\`setup.sh reinstall\`, not timed). Requests are counted from the shop's web-server log.`,
          '',
        ]
      : []),
    ...(remote.length ? ['Reference shop elsewhere (bench/remote.ts): `npm run conformance` with BASE_URL naming the reference shop started as a process of its own (outside the measured tree), so the run uses the default workers of a target elsewhere; requests are those the harness sent (client count).', ''] : []),
    `Medians of the runs, beside the embedded shop's clean figures:`,
    '',
    ...mdTable(
      ['figure', ...cols.map((c) => c.label), 'embedded shop', 'goal'],
      [
        row('wall time', (r) => unit(med(r, (x) => x.wallMs / 1000), 1, ' s'), unit(o.wallS, 1, ' s'), gx48 ? `GX 4.8 <= ${GOALS.gx48WallS} s: ${verdict(gx48Wall, GOALS.gx48WallS, true)}` : ''),
        row('requests (served by the shop; elsewhere: sent)', (r) => fixed(med(r, (x) => x.requests), 0), fixed(o.requests, 0), gx48 ? `GX 4.8 <= ${GOALS.gx48Requests}: ${verdict(gx48Requests, GOALS.gx48Requests, true)}` : ''),
        row('share of worker time waiting on the target', (r) => unit(med(r, (x) => x.workerWaitMs / x.workerMs) * 100, 0, ' %'), unit(o.waitShare * 100, 0, ' %'), `>= ${GOALS.waitShare * 100} %`),
        row('peak RSS, the harness\'s process tree', (r) => unit(med(r, (x) => x.peakRssMb), 0, ' MB'), unit(o.rssTreeMb, 0, ' MB'), remote.length ? `elsewhere <= ${GOALS.rssRemoteMb} MB: ${verdict(rssRemote, GOALS.rssRemoteMb, true)}` : ''),
        row('peak PSS, the same (shared pages counted once)', (r) => unit(med(r, (x) => x.peakPssMb), 0, ' MB'), unit(o.pssTreeMb, 0, ' MB')),
        row('each process\'s own peak RSS: runner / largest worker', (r) => `${unit(med(r, (x) => roleMb(x, 'runner')), 0, '')} / ${unit(med(r, (x) => roleMb(x, 'worker ')), 0, ' MB')}`, `${unit(medianOf(res.harness, (x) => roleMb(x, 'runner')), 0, '')} / ${unit(medianOf(res.harness, (x) => roleMb(x, 'worker ')), 0, ' MB')}`),
        row('CPU time of the harness processes', (r) => unit(med(r, (x) => x.cpuHarnessMs / 1000), 1, ' s'), unit(o.cpuHarnessS, 1, ' s')),
        ['answers 429 (rate limit)', ...cols.map((c) => (c.statuses ? fixed(Math.max(...c.statuses.map((x) => x.statuses['429'] ?? 0)), 0) : '')), '', ''],
        row('tests by outcome (skip includes blocked)', (r) => outcomeLine(r), outcomeLine(res.harness)),
      ],
      1,
    ),
    '',
    `On a real shop one call takes 100-250 ms, and the workers wait on it most of their time; the embedded shop answers in the runner's own process in about half a millisecond, so there a run is bound by the harness's own CPU. GX 3.2 implements about a fifth of the API and GX 4.8 all of it: GX 3.2's Unsupported and blocked tests send few requests or none (tests by outcome above; their known deviations are in spec/baselines/). The peers (Dredd, Portman + Newman) run against the reference shop only: their example-driven writes are not fit for a live shop.`,
    '',
  ];
}

/** Median count of each test outcome over the runs (verdict records, via report.json; skip includes blocked). */
function outcomeLine(runs: readonly HarnessRun[]): string {
  const names = [...new Set(runs.flatMap((r) => Object.keys(r.testsByOutcome ?? {})))];
  if (!names.length) return 'n/a';
  return names.map((n) => `${n} ${fixed(medianOf(runs, (r) => r.testsByOutcome?.[n]), 0)}`).join(', ');
}

function mark(v: boolean | undefined): string {
  return v === undefined ? 'n/a' : v ? 'caught' : '-';
}

/** The first `textColumns` columns are left-aligned text, the others right-aligned figures. */
function mdTable(head: string[], body: string[][], textColumns = 1): string[] {
  return [`| ${head.join(' | ')} |`, `|${head.map((_, i) => (i < textColumns ? '---' : '---:')).join('|')}|`, ...body.map((r) => `| ${r.join(' | ')} |`)];
}

export function resultsMarkdown(res: BenchResults, commands: string[]): string {
  const cols = columns(res);
  const o = overhead(res);
  const failRuns = res.allFail?.harness ?? [];
  const f = failRuns.length ? overhead(res, failRuns) : undefined;
  const m = res.machine;
  const fc = faultCounts(res.faults);
  const out: string[] = [];
  out.push('# Benchmark results', '');
  out.push('Written by `npm run bench` (bench/run.ts). Benchmarks report; they never gate CI.', '');
  out.push(`- **Date:** ${res.startedAt.slice(0, 16).replace('T', ' ')} UTC (finished ${res.finishedAt.slice(11, 16)})`);
  out.push(`- **Machine:** ${m.cpus} cores (${m.cpuModel}), ${fixed(m.ramGiB, 1)} GiB RAM, ${m.kernel}, Node ${m.node}, Playwright ${m.playwright}`);
  out.push(`- **Peers:** ${Object.entries(m.peers).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  if (res.tree) out.push(`- **Tree:** commit ${res.tree.commit}, ${res.tree.changedPaths ? `with ${res.tree.changedPaths} uncommitted or untracked path(s)` : 'a clean checkout'}`);
  out.push(`- **Load:** ${loadNote(res)}`);
  out.push(`- **Runs:** median of ${res.settings.runs} run(s) per tool${res.allFail ? ' and case (clean, all-fail)' : ''}, the tools taking turns within each run${res.settings.harnessArgs.length ? `; harness arguments: \`${res.settings.harnessArgs.join(' ')}\`` : ''}${res.settings.harnessTimeoutMs ? `; a harness run is killed after ${fixed(res.settings.harnessTimeoutMs / 60_000, 0)} min` : ''}`, '');

  out.push(res.allFail ? '## Full run, side by side: clean and all-fail' : '## Full run, side by side', '');
  if (res.allFail) {
    out.push(
      `harness = shop-api-conformance (\`npm run conformance\`). **clean**: the reference shop as it is. **all-fail**: the same shop with \`SHOP_CHAOS=${res.allFail.chaos}\` (reference/http/chaos.ts): every answer a plain-text 500 except \`GET\` of the API root and \`GET /vpe\`, what the harness's preflight needs to let the run start. **before**: the harness's clean figures of the previous bench (${BEFORE.date}, ${BEFORE.machine}, quiet), before a failed test kept its Playwright worker${m.cpuModel === BEFORE.cpuModel ? '' : `; **another CPU than this bench's (${m.cpuModel})**: compare it with care`}. The all-fail / clean rows compare each tool's all-fail run with its clean run of the same round.`,
      '',
    );
  }
  out.push(...mdTable(['', ...cols.map((c) => c.label)], mainRows(res, cols)), '');
  const ratios = ratioLines(res);
  if (ratios.length) out.push('Ratios harness / peer (median of the per-run ratios, same run, same machine state):', '', ...ratios.map((l) => `- ${l}`), '');
  const costs = allFailLines(res);
  if (res.allFail && costs.length) out.push('The harness, all-fail against clean and now against before:', '', ...costs.map((l) => `- ${l}`), '');

  if (res.harness.length) {
    // One column per case the bench ran (the all-fail one when there is one).
    const both = (pick: (x: Overhead) => string): string[] => [pick(o), ...(f ? [pick(f)] : [])];
    const head = (first: string): string[] => [first, ...(f ? ['clean', 'all-fail'] : ['median'])];
    out.push('## The harness alone', '');
    out.push(`\`npm run conformance\` against the embedded shop at default settings (${fixed(o.workers, 0)} Playwright worker(s) on this machine)${f ? ', medians' : ''}:`, '');
    out.push(
      ...mdTable(
        [...head('figure'), 'goal (clean run)', 'clean run'],
        [
          ['wall time', ...both((x) => unit(x.wallS, 1, ' s')), `<= ${GOALS.wallS} s`, verdict(o.wallS, GOALS.wallS, true)],
          ['requests (served by the shop)', ...both((x) => fixed(x.requests, 0)), `<= ${GOALS.requests}`, verdict(o.requests, GOALS.requests, true)],
          ['peak RSS, whole process tree incl. the embedded shop', ...both((x) => unit(x.rssTreeMb, 0, ' MB')), `<= ${GOALS.rssMb} MB`, verdict(o.rssTreeMb, GOALS.rssMb, true)],
          ['share of worker time waiting on the target', ...both((x) => unit(x.waitShare * 100, 0, ' %')), `>= ${GOALS.waitShare * 100} %`, verdict(o.waitShare, GOALS.waitShare, false)],
          ['peak PSS, whole tree (shared pages counted once)', ...both((x) => unit(x.pssTreeMb, 0, ' MB')), '', ''],
        ],
      ),
      '',
    );
    if (o.rssTreeMb > GOALS.rssMb) {
      // Said where the figure stands, so a missed goal is never read as met.
      out.push(
        `**Memory goal missed** (${unit(o.rssTreeMb, 0, ' MB')} > ${GOALS.rssMb} MB). The tree is Playwright's runner (HTML, JUnit, Allure and compatibility reporters, and the embedded shop in the same process) and ${fixed(o.workers, 0)} worker process(es) (Node, Playwright, the catalogue, compiled validators, fast-check). Playwright runs every worker as its own Node process.`,
        '',
      );
    }
    out.push('### Harness overhead', '');
    const once = (v: string): string[] => [v, ...(f ? [''] : [])];
    out.push(
      ...mdTable(
        head('where the time goes'),
        [
          ['startup: config, embedded shop start, preflight, until the first worker', ...both((x) => unit(x.startupS, 1, ' s'))],
          ['tests: first worker start to last worker end', ...both((x) => unit(x.testsS, 1, ' s'))],
          ['teardown and reports (HTML, JUnit, Allure results, compatibility page)', ...both((x) => unit(x.reportingS, 1, ' s'))],
          ['share of worker time waiting on the target (a request in flight)', ...both((x) => unit(x.waitShare * 100, 0, ' %'))],
          ['share of worker time in the harness (generation, validation, fixtures, reporting)', ...both((x) => unit((1 - x.waitShare) * 100, 0, ' %'))],
          ['CPU time of the harness processes (runner, workers)', ...both((x) => unit(x.cpuHarnessS, 1, ' s'))],
          ['CPU time of the embedded shop', ...both((x) => unit(x.cpuShopS, 1, ' s'))],
          ['tests by outcome (skip includes blocked)', outcomeLine(res.harness), ...(f ? [outcomeLine(failRuns)] : [])],
          ['spec load (bundle, meta-schema, lint, dereference, catalogue)', ...once(unit(o.loadMs, 0, ' ms'))],
          ['validator compile (all operations)', ...once(unit(o.compileMs, 0, ' ms'))],
          ['one response validation (a customer record)', ...once(unit(o.validateUs, 2, ' us'))],
        ],
      ),
      '',
    );
  }

  out.push(...realShopMarkdown(res));

  if (res.faults.length) {
    out.push('## Named faults caught', '');
    const h = res.matrix;
    const peerCols = PEERS.filter((p) => fc.peers[p]);
    out.push(
      `Each tool against the reference shop with one named fault on (${res.faults.length} faults). A fault is caught when a check fails that passes on the clean shop. ` +
        (h
          ? `Harness column: the fault matrix's verdicts (\`${h.file}\`, generated ${h.generatedAt.slice(0, 16).replace('T', ' ')} UTC${h.complete ? '' : ', a partial matrix: n/a = not in it'}), ${res.argv.includes('--run-matrix') ? 'run by this bench after its timed runs (`--run-matrix`)' : 'not re-run by the bench'}: the matrix runs the tests tagged for each fault plus a smoke set, so it is a floor of what a full run catches.`
          : 'Harness column: no fault-matrix file was found (n/a).'),
      '',
    );
    if (res.sweepResumed) out.push("The peers' fault runs were read from the outputs an earlier sweep left in the work folder where it had finished them (`--resume-sweep`; the tools' verdicts depend on the spec and the shop, not on timing), and judged against this bench's clean runs.", '');
    if (res.peerFaultsFrom) out.push(`The peers' verdicts come from the fault sweep of the bench started ${res.peerFaultsFrom.startedAt.slice(0, 16).replace('T', ' ')} UTC (\`${res.peerFaultsFrom.file}\`); they do not depend on the machine's load.`, '');
    const summary = [`harness ${fc.harness[0]}/${fc.harness[1]}`, ...peerCols.map((p) => `${PEER_LABEL[p]} ${fc.peers[p]?.[0] ?? 0}/${fc.peers[p]?.[1] ?? 0}`)];
    out.push(`Caught: ${summary.join(', ')}.`, '');
    const onlyPeers = res.faults.filter((r) => r.harness && !r.harness.caught && peerCols.some((p) => r.peers[p]?.caught));
    if (onlyPeers.length) out.push(`Caught by a peer but not by the harness: ${onlyPeers.map((r) => `\`${r.fault}\``).join(', ')}.`, '');
    out.push(
      ...mdTable(
        ['fault', 'area', 'harness', ...peerCols.map((p) => PEER_LABEL[p])],
        res.faults.map((r) => [`\`${r.fault}\``, r.area, mark(r.harness?.caught), ...peerCols.map((p) => (r.peers[p]?.error ? 'error' : mark(r.peers[p]?.caught)))]),
        2,
      ),
      '',
    );
  }

  out.push('## How it is measured', '');
  out.push(
    '- **Requests** are counted where they arrive: in the reference shop, by Node\'s `http.server.request.start` diagnostics channel. For the harness, a probe loaded into every process of the run through `NODE_OPTIONS=--import` counts in the embedded shop (every request: preflight, suites, teardown); the peers\' shop runs inside the bench process and is counted the same way.',
    '- **Memory** is sampled from /proc every 100 ms over the whole process tree (`/usr/bin/time -v` would give the largest single process only): RSS summed over the processes alive at the same moment; PSS counts shared pages once. The harness runs its shop as a process of its own tree; the main table shows the harness without it, the section above with it. The peers\' shop is not in their tree.',
    '- **Checks:** harness = distinct (operation, check) cells of the compatibility report that ran (pass, unsupported, fail or error), plus the checks of tests that name no operation; Dredd = 3 per transaction run (gavel validates status code, headers and body); Portman + Newman = Newman assertions (Portman\'s contract tests: status 2xx, Content-Type, JSON body, schema, declared headers). Tests = Playwright tests run / Dredd transactions run (non-2xx ones skipped, its default) / requests Newman ran.',
    '- **Waiting on the target** = time at least one request of a worker was in flight (start to the end of the response), summed over workers, divided by their lifetime; measured by the same probe (`http.client.request.start` to the request\'s close).',
    '- **Wall time** of the harness includes starting its embedded shop (in the runner\'s process since 2026-11-24, a Playwright webServer process before); the peers\' shop is started before their clock starts. Portman + Newman = generating the collection from the spec (as `portman -l spec -n` does on every run) plus the Newman run.',
    ...(res.allFail
      ? [
          `- **All-fail case:** the harness's embedded shop gets \`SHOP_CHAOS=${res.allFail.chaos}\` through the runner's environment (the global setup starts the shop with it), the peers' counting shop the same mode through \`createShop\`; everything else is as in the clean case. Requests are counted the same way (at the shop, also the answers the chaos hook replaced). Tests failed = harness tests that failed (fail or error outcome), Dredd transactions that failed, Newman requests with a failed assertion. Tests not run = harness tests skipped (nothing to run them on, e.g. no record could be read or created, or blocked after a failed setup step) or disabled, Dredd's skipped non-2xx transactions.`,
        ]
      : []),
    ...peerNotes(res),
    '',
  );
  out.push('## Repeat', '', '```bash', ...commands, '```', '');
  return out.join('\n');
}

function peerNotes(res: BenchResults): string[] {
  if (!res.specCopies) return [];
  const parts = (res.peers.portman ?? []).flatMap((r) => r.parts ?? []);
  const names = [...new Set(parts.map((p) => p.name))];
  const split = names.map((n) => {
    const ps = parts.filter((p) => p.name === n);
    return `${n} ${unit(medianOf(ps, (p) => p.wallMs / 1000), 1, ' s')}, peak ${unit(medianOf(ps, (p) => p.peakRssMb), 0, ' MB')}`;
  });
  return [
    `- **Peer setup** (bench/peer-tools/): a copy of the spec with \`x-example\` values on every path parameter (${res.specCopies?.examplesAdded ?? '?'}), ids read from the clean shop's own lists; for Dredd also without the formats its validator cannot handle (${Object.entries(res.specCopies?.formatsRemoved ?? {}).map(([k, v]) => `${k} ${v}`).join(', ')}), run with \`--sorted\` and one hook that compares Content-Type without its charset; for Portman an OpenAPI 3 conversion by swagger2openapi, its \`--extraUnknownFormats\` option for the formats its schema tests do not register themselves (${Object.keys(res.specCopies?.formatsRemoved ?? {}).filter((f) => !['int32', 'int64', 'float', 'double'].includes(f)).join(', ') || 'none'}), and its collection ordered like \`--sorted\`; Newman writes its results through a compact JSON reporter of the bench (executions and assertions), since its json reporter dumps a summary in which every failure holds the whole collection, too large to write for the all-fail run. Both use their defaults otherwise; neither gets hand-written request bodies, so writes with schema-generated bodies fail on the clean shop too (those checks cannot catch anything).`,
    ...(split.length ? [`- **Portman + Newman, by step** (medians): ${split.join('; ')}.`] : []),
  ];
}
