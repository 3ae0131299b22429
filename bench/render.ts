// The bench's figures as a console table and as bench/RESULTS.md. Figures are medians over the
// runs; ratios are medians of the per-run ratios (harness and peer measured in the same run, under
// the same load).
import type { HarnessRun } from './harness.js';
import type { PeerName } from './peer-faults.js';
import type { ToolRun } from './peer-tools/tool-run.js';
import type { BenchResults, FaultRow } from './results.js';
import { fixed, median, medianOf } from './support/stats.js';

export const PEER_LABEL: Record<PeerName, string> = { dredd: 'Dredd', portman: 'Portman + Newman' };
const PEERS: PeerName[] = ['dredd', 'portman'];
/** Below this 1-minute load average the machine counts as quiet (2 cores). */
export const QUIET_LOAD = 3;

interface Figures {
  wallS: number;
  /** The tool's own processes (for the harness: without its embedded shop). */
  rssMb: number;
  cpuS: number;
  requests: number;
  tests: number;
  checks: number;
  checksPerS: number;
  /** Checks that failed against the clean shop: they cannot catch a fault. */
  failedClean: number;
}

function harnessFigures(r: HarnessRun): Figures {
  return { wallS: r.wallMs / 1000, rssMb: r.peakRssHarnessMb, cpuS: r.cpuHarnessMs / 1000, requests: r.requests, tests: r.tests, checks: r.checks, checksPerS: r.checks / (r.wallMs / 1000), failedClean: r.checksFailed };
}

function peerFigures(r: ToolRun): Figures {
  return { wallS: r.wallMs / 1000, rssMb: r.peakRssMb, cpuS: r.cpuMs / 1000, requests: r.requests, tests: r.tests, checks: r.checks, checksPerS: r.checks / (r.wallMs / 1000), failedClean: r.failed.length };
}

interface Column {
  label: string;
  runs: Figures[];
}

function columns(res: BenchResults): Column[] {
  const cols: Column[] = [];
  if (res.harness.length) cols.push({ label: 'shop-api-conformance', runs: res.harness.map(harnessFigures) });
  for (const p of PEERS) {
    const runs = res.peers[p];
    if (runs?.length) cols.push({ label: PEER_LABEL[p], runs: runs.map(peerFigures) });
  }
  return cols;
}

/** Median over runs of harness/peer for a figure, pairing run i with run i. */
function pairedRatio(res: BenchResults, peer: PeerName, pick: (f: Figures) => number): number {
  const h = res.harness.map(harnessFigures);
  const p = (res.peers[peer] ?? []).map(peerFigures);
  const ratios: number[] = [];
  for (let i = 0; i < Math.min(h.length, p.length); i++) {
    const a = h[i];
    const b = p[i];
    if (a && b && pick(b) !== 0) ratios.push(pick(a) / pick(b));
  }
  return median(ratios);
}

const ROWS: { label: string; pick: (f: Figures) => number; digits: number }[] = [
  { label: 'wall time (s)', pick: (f) => f.wallS, digits: 1 },
  { label: 'peak RSS of its processes (MB)', pick: (f) => f.rssMb, digits: 0 },
  { label: 'CPU time (s)', pick: (f) => f.cpuS, digits: 1 },
  { label: 'requests sent', pick: (f) => f.requests, digits: 0 },
  { label: 'tests run', pick: (f) => f.tests, digits: 0 },
  { label: 'distinct checks run', pick: (f) => f.checks, digits: 0 },
  { label: 'checks per second', pick: (f) => f.checksPerS, digits: 1 },
  { label: 'checks failing on the clean shop', pick: (f) => f.failedClean, digits: 0 },
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

function mainRows(res: BenchResults, cols: Column[]): string[][] {
  const body = ROWS.map((row) => [row.label, ...cols.map((c) => fixed(medianOf(c.runs, row.pick), row.digits))]);
  const fc = faultCounts(res.faults);
  if (res.faults.length) {
    const cell = (v: [number, number] | undefined): string => (v && v[1] ? `${v[0]}/${v[1]}` : '-');
    body.push(['named faults caught', ...cols.map((c) => (c.label === 'shop-api-conformance' ? cell(fc.harness) : cell(fc.peers[PEERS.find((p) => PEER_LABEL[p] === c.label) ?? 'dredd'])))]);
  }
  return body;
}

function ratioLines(res: BenchResults): string[] {
  const out: string[] = [];
  for (const p of PEERS) {
    if (!res.harness.length || !res.peers[p]?.length) continue;
    const r = (pick: (f: Figures) => number): string => `${fixed(pairedRatio(res, p, pick), 2)}x`;
    out.push(`vs ${PEER_LABEL[p]}: wall ${r((f) => f.wallS)}, memory ${r((f) => f.rssMb)}, requests ${r((f) => f.requests)}, checks ${r((f) => f.checks)}, checks/s ${r((f) => f.checksPerS)}`);
  }
  return out;
}

interface Overhead {
  wallS: number;
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

function overhead(res: BenchResults): Overhead {
  const h = res.harness;
  return {
    wallS: medianOf(h, (r) => r.wallMs / 1000),
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
      : `MEASURED UNDER LOAD: other processes used up to ${fixed(worst * 100, 0)}% of one core during a run on ${res.machine.cpus} cores (${loadRange}); wall times and ratios are inflated and noisy`;
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
  out.push(...ratioLines(res));
  if (res.harness.length) {
    const o = overhead(res);
    out.push(
      '',
      `Harness (npm run conformance, embedded shop, ${fixed(o.workers, 0)} worker(s)): ${fixed(o.wallS, 1)} s (target <= 45 s), peak RSS ${fixed(o.rssTreeMb, 0)} MB whole tree incl. shop (target <= 400 MB; PSS ${fixed(o.pssTreeMb, 0)} MB)`,
      `  startup ${fixed(o.startupS, 1)} s, tests ${fixed(o.testsS, 1)} s, teardown + reports ${fixed(o.reportingS, 1)} s; workers wait on the target ${fixed(o.waitShare * 100, 0)}% of their time`,
      `  CPU: harness ${fixed(o.cpuHarnessS, 1)} s, shop ${fixed(o.cpuShopS, 1)} s; spec load ${fixed(o.loadMs, 0)} ms + compile ${fixed(o.compileMs, 0)} ms; one validation ${fixed(o.validateUs, 2)} us`,
    );
  }
  return out.join('\n');
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
  const m = res.machine;
  const fc = faultCounts(res.faults);
  const out: string[] = [];
  out.push('# Benchmark results', '');
  out.push('Written by `npm run bench` (bench/run.ts). Benchmarks report; they never gate CI.', '');
  out.push(`- **Date:** ${res.startedAt.slice(0, 16).replace('T', ' ')} UTC (finished ${res.finishedAt.slice(11, 16)})`);
  out.push(`- **Machine:** ${m.cpus} cores (${m.cpuModel}), ${fixed(m.ramGiB, 1)} GiB RAM, ${m.kernel}, Node ${m.node}, Playwright ${m.playwright}`);
  out.push(`- **Peers:** ${Object.entries(m.peers).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  out.push(`- **Load:** ${loadNote(res)}`);
  out.push(`- **Runs:** median of ${res.settings.runs} run(s) per tool, the tools taking turns within each run${res.settings.harnessArgs.length ? `; harness arguments: \`${res.settings.harnessArgs.join(' ')}\`` : ''}`, '');

  out.push('## Full run, side by side', '');
  out.push(...mdTable(['', ...cols.map((c) => c.label)], mainRows(res, cols)), '');
  const ratios = ratioLines(res);
  if (ratios.length) out.push('Ratios harness / peer (median of the per-run ratios, same run, same machine state):', '', ...ratios.map((l) => `- ${l}`), '');

  if (res.harness.length) {
    out.push('## The harness alone', '');
    out.push(`\`npm run conformance\` against the embedded shop at default settings (${fixed(o.workers, 0)} Playwright worker(s) on this machine):`, '');
    out.push(
      ...mdTable(
        ['figure', 'median', 'target'],
        [
          ['wall time', `${fixed(o.wallS, 1)} s`, '<= 45 s'],
          ['peak RSS, whole process tree incl. the embedded shop', `${fixed(o.rssTreeMb, 0)} MB`, '<= 400 MB'],
          ['peak PSS, whole tree (shared pages counted once)', `${fixed(o.pssTreeMb, 0)} MB`, ''],
          ['peak RSS of the embedded shop process', `${fixed(o.rssShopMb, 0)} MB`, ''],
        ],
      ),
      '',
    );
    if (o.rssTreeMb > 400) {
      // Said where the figure stands, so a missed target is never read as met.
      out.push(
        `**Memory target missed** (${fixed(o.rssTreeMb, 0)} MB > 400 MB). The tree is Playwright's runner (HTML, JUnit, Allure and compatibility reporters), ${fixed(o.workers, 0)} worker process(es) (Node, Playwright, the catalogue, compiled validators, fast-check) and the shop (${fixed(o.rssShopMb, 0)} MB). Playwright runs every worker as its own Node process; one worker would save one process at about 10 s more wall time. Capping V8 heaps (NODE_OPTIONS=--max-old-space-size=128) lowered a sampled run to about 0.8 GB only.`,
        '',
      );
    }
    out.push('### Harness overhead', '');
    out.push(
      ...mdTable(
        ['where the time goes', 'median'],
        [
          ['startup: config, webServer shop start, preflight, until the first worker', `${fixed(o.startupS, 1)} s`],
          ['tests: first worker start to last worker end', `${fixed(o.testsS, 1)} s`],
          ['teardown and reports (HTML, JUnit, Allure results, compatibility page)', `${fixed(o.reportingS, 1)} s`],
          ['share of worker time waiting on the target (a request in flight)', `${fixed(o.waitShare * 100, 0)} %`],
          ['share of worker time in the harness (generation, validation, fixtures, reporting)', `${fixed((1 - o.waitShare) * 100, 0)} %`],
          ['CPU time of the harness processes (runner, workers)', `${fixed(o.cpuHarnessS, 1)} s`],
          ['CPU time of the embedded shop', `${fixed(o.cpuShopS, 1)} s`],
          ['spec load (bundle, meta-schema, lint, dereference, catalogue)', `${fixed(o.loadMs, 0)} ms`],
          ['validator compile (all operations)', `${fixed(o.compileMs, 0)} ms`],
          ['one response validation (a customer record)', `${fixed(o.validateUs, 2)} us`],
        ],
      ),
      '',
    );
  }

  if (res.faults.length) {
    out.push('## Named faults caught', '');
    const h = res.matrix;
    const peerCols = PEERS.filter((p) => fc.peers[p]);
    out.push(
      `Each tool against the reference shop with one named fault on (${res.faults.length} faults). A fault is caught when a check fails that passes on the clean shop. ` +
        (h
          ? `Harness column: the fault matrix's verdicts (\`${h.file}\`, generated ${h.generatedAt.slice(0, 16).replace('T', ' ')} UTC${h.complete ? '' : ', a partial matrix: n/a = not in it'}), not re-run by the bench: the matrix runs the tests tagged for each fault plus a smoke set, so it is a floor of what a full run catches.`
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
    '- **Wall time** of the harness includes starting its embedded shop (Playwright webServer); the peers\' shop is started before their clock starts. Portman + Newman = generating the collection from the spec (as `portman -l spec -n` does on every run) plus the Newman run.',
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
    return `${n} ${fixed(medianOf(ps, (p) => p.wallMs / 1000), 1)} s, peak ${fixed(medianOf(ps, (p) => p.peakRssMb), 0)} MB`;
  });
  return [
    `- **Peer setup** (bench/peer-tools/): a copy of the spec with \`x-example\` values on every path parameter (${res.specCopies?.examplesAdded ?? '?'}), ids read from the clean shop's own lists; for Dredd also without the formats its validator cannot handle (${Object.entries(res.specCopies?.formatsRemoved ?? {}).map(([k, v]) => `${k} ${v}`).join(', ')}), run with \`--sorted\` and one hook that compares Content-Type without its charset; for Portman an OpenAPI 3 conversion by swagger2openapi, its \`--extraUnknownFormats\` option for the formats its schema tests do not register themselves (${Object.keys(res.specCopies?.formatsRemoved ?? {}).filter((f) => !['int32', 'int64', 'float', 'double'].includes(f)).join(', ') || 'none'}), and its collection ordered like \`--sorted\`. Both use their defaults otherwise; neither gets hand-written request bodies, so writes with schema-generated bodies fail on the clean shop too (those checks cannot catch anything).`,
    ...(split.length ? [`- **Portman + Newman, by step** (medians): ${split.join('; ')}.`] : []),
  ];
}
