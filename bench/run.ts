// `npm run bench [-- flags]`: the harness side by side with Dredd and Portman + Newman, on the same
// spec and the same reference shop, on this machine. It reports and never gates: no figure makes
// it fail (the exit code is 0 unless the bench itself breaks).
//
//   --runs=N          measured runs per tool (default 3; medians are quoted)
//   --quick           one run, the quick fault subset (first fault of each area); RESULTS.md untouched
//   --only=a,b        tools: harness, dredd, portman (default all)
//   --cases=a,b       clean (the clean reference shop), all-fail (the shop with SHOP_CHAOS=all-500:
//                     every answer a plain-text 500 but what the harness's preflight needs; see
//                     reference/http/chaos.ts); default both, taking turns within each run
//   --faults=X        all (default) | quick | none | fault-a,fault-b: the peers' fault sweep
//   --jobs=N          peer fault runs at a time (default 1)
//   --resume-sweep    reuse the finished (fault, tool) outputs an earlier sweep left in the work folder
//   --faults-from=f   take the peers' fault verdicts from an earlier results.json instead of sweeping
//                     again (they do not depend on the machine's load; the timed runs do)
//   --matrix=file     fault-matrix JSON for the harness column (default reports/fault-matrix.json)
//   --run-matrix      run the fault matrix first, into the work folder (about 30 min)
//   --grep=pattern    pass --grep to the harness run (debugging only; the figures then are not a full run)
//   --grep-invert=p   pass --grep-invert to the harness run (the same; e.g. to leave out tests that hang)
//   --harness-timeout=MIN  kill a harness run (its whole process tree) after MIN minutes (default 15);
//                     a killed run is reported as such, with no test or check figures
//   --realshop        also run the harness against the vendor's real shops GX 3.2 and GX 4.8 (shared/realshop,
//                     shared/realshop-gx48, as root; bench/realshop.ts): --runs runs of PROFILE=standard
//                     per shop, each on a pristine shop
//   --shops=a,b       with --realshop: which shops (keys of test/realshop/shops.ts: gx32, gx48; default both)
//   --realshop-runs=N with --realshop: runs per real shop (default --runs; a GX 4.8 run takes 7-10 minutes)
//   --no-remote       leave out the run against the reference shop as a process of its own (bench/remote.ts:
//                     a target elsewhere, default workers; it runs --runs times after the embedded cases)
//   --wait-quiet=MIN  wait up to MIN minutes for a 1-minute load average below 3 before measuring
//   --write           write bench/RESULTS.md even for a partial bench (by default only a full one does)
//   --from=file       render the table and RESULTS.md from a saved results.json, without running
//
// Scratch space (spec copies, tool outputs, per-run reports, results.json): bench/peers/work/.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FAULTS } from '../reference/faults/registry.js';
import type { Fault } from '../reference/faults/types.js';
import type { ChaosMode } from '../reference/http/chaos.js';
import { PROJECT_ROOT } from '../src/config/config.js';
import { HARNESS_TIMEOUT_MS, runHarness } from './harness.js';
import { DEFAULT_MATRIX, readHarnessFaults, runMatrix } from './harness-faults.js';
import { runHarnessRemote } from './remote.js';
import { benchShop, benchShops, runOnRealShop, stopBenchShop, type RealShopResults } from './realshop.js';
import { realShopEnv, realShopWorkers } from '../test/realshop/settings.js';
import { sweepPeerFaults, type PeerName, type PeerRunner } from './peer-faults.js';
import { startCountingShop } from './peer-tools/counting-shop.js';
import { recoverDredd, runDredd } from './peer-tools/dredd.js';
import { ensurePeers, peerVersions, WORK_DIR } from './peer-tools/peers.js';
import { generateCollection, recoverNewman, runNewman, type Collection } from './peer-tools/portman.js';
import { writeSpecCopies, type SpecCopies } from './peer-tools/spec-copies.js';
import type { ToolRun } from './peer-tools/tool-run.js';
import { consoleSummary, PEER_LABEL, QUIET_LOAD, resultsMarkdown } from './render.js';
import { CASES, load1, machine, machineBusyMs, readResults, selfCpuMs, tree, type BenchCase, type BenchResults, type FaultRow } from './results.js';
import { measureSpecLoad } from './spec-load.js';
import { flag, has, int, list } from './support/args.js';
import { headerHelp, printHelpAndExit, wantsHelp } from '../src/core/help.js';
import { fixed } from './support/stats.js';

// `--help`: the header above, and nothing run.
if (wantsHelp(process.argv.slice(2))) printHelpAndExit(headerHelp(fileURLToPath(import.meta.url)));

const TOOLS = ['harness', 'dredd', 'portman'] as const;
type Tool = (typeof TOOLS)[number];
const RESULTS_MD = path.join(PROJECT_ROOT, 'bench', 'RESULTS.md');
const RESULTS_JSON = path.join(WORK_DIR, 'results.json');
/** The shop's chaos mode of the all-fail case. */
const ALL_FAIL_CHAOS: ChaosMode = 'all-500';

const log = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

interface Usage {
  busyMs: number;
  selfMs: number;
  at: number;
}

function usage(): Usage {
  return { busyMs: machineBusyMs(), selfMs: selfCpuMs(), at: Date.now() };
}

/**
 * Cores other processes kept busy during a run: the machine's busy time minus the tool's (its
 * process tree) and the bench's own (the peers' in-process counting shop), per second of the
 * run. Children too short-lived for the tree sampler count as "others", so this errs high.
 */
function othersCores(before: Usage, toolCpuMs: number, wallMs: number): number {
  const now = usage();
  const others = now.busyMs - before.busyMs - (now.selfMs - before.selfMs) - toolCpuMs;
  return Math.max(0, others) / Math.max(1, now.at - before.at || wallMs);
}

function pickFaults(spec: string): Fault[] {
  if (spec === 'none') return [];
  if (spec === 'all') return [...FAULTS];
  if (spec === 'quick') {
    const seen = new Set<string>();
    return FAULTS.filter((f) => !seen.has(f.area) && seen.add(f.area));
  }
  const names = spec.split(',').map((s) => s.trim());
  const unknown = names.filter((n) => !FAULTS.some((f) => f.name === n));
  if (unknown.length) throw new Error(`unknown fault(s): ${unknown.join(', ')} (npm run shop -- --list-faults)`);
  return FAULTS.filter((f) => names.includes(f.name));
}

function commandsFor(res: BenchResults): string[] {
  return [
    '# on a quiet machine (uptime: load average below ~3 on 2 cores)',
    'npm ci',
    'npm run test:faults            # the fault matrix the harness column reads (reports/fault-matrix.json)',
    'npm run bench                  # installs bench/peers on first use (npm ci --prefix bench/peers), 3 runs, every fault',
    'npm run bench -- --from=bench/peers/work/results.json --write   # re-render this file from the saved figures',
    '',
    '# the command that wrote this file',
    `npm run bench${res.argv.length ? ` -- ${res.argv.join(' ')}` : ''}`,
  ];
}

function render(results: BenchResults, write: boolean): void {
  log(consoleSummary(results));
  if (write) {
    writeFileSync(RESULTS_MD, resultsMarkdown(results, commandsFor(results)));
    log(`\nwrote ${path.relative(process.cwd(), RESULTS_MD)}`);
  } else {
    log(`\n(${path.relative(process.cwd(), RESULTS_MD)} not written: partial bench; --write forces it)`);
  }
}

/** Waits until the machine is quiet (others' work would inflate the figures), at most `minutes`. */
async function waitQuiet(minutes: number): Promise<void> {
  const until = Date.now() + minutes * 60_000;
  while (load1() >= QUIET_LOAD && Date.now() < until) {
    log(`waiting for a quiet machine: load average ${fixed(load1(), 1)} (want < ${QUIET_LOAD}), ${fixed((until - Date.now()) / 60_000, 0)} min left`);
    await new Promise((r) => setTimeout(r, 30_000));
  }
}

async function main(): Promise<void> {
  const from = flag('from');
  if (from) {
    render(readResults(path.resolve(from)), has('write'));
    return;
  }
  const quick = has('quick');
  const runs = int('runs', quick ? 1 : 3);
  // A real shop's run is minutes, not seconds: its own count, so the embedded figures keep their medians of three.
  const shopRuns = int('realshop-runs', runs);
  const tools = (list('only') ?? [...TOOLS]) as Tool[];
  const bad = tools.filter((t) => !(TOOLS as readonly string[]).includes(t));
  if (bad.length) throw new Error(`--only: unknown tool(s) ${bad.join(', ')}; known: ${TOOLS.join(', ')}`);
  const cases = (list('cases') ?? [...CASES]) as BenchCase[];
  const badCases = cases.filter((c) => !(CASES as readonly string[]).includes(c));
  if (badCases.length || !cases.length) throw new Error(`--cases: unknown case(s) ${badCases.join(', ')}; known: ${CASES.join(', ')}`);
  const faultSpec = flag('faults') ?? (quick ? 'quick' : 'all');
  const faults = pickFaults(faultSpec);
  const jobs = int('jobs', 1);
  const grep = flag('grep');
  const grepInvert = flag('grep-invert');
  const harnessArgs = [...(grep ? ['--grep', grep] : []), ...(grepInvert ? ['--grep-invert', grepInvert] : [])];
  const harnessTimeoutMs = flag('harness-timeout') !== undefined ? int('harness-timeout', 15) * 60_000 : HARNESS_TIMEOUT_MS;
  const full = runs >= 3 && tools.length === TOOLS.length && cases.length === CASES.length && faultSpec === 'all' && !harnessArgs.length;
  const peers = tools.filter((t): t is PeerName => t !== 'harness');
  // The peers' fault verdicts are judged against their clean runs.
  if (faults.length && peers.length && !flag('faults-from') && !cases.includes('clean')) throw new Error('the peers\' fault sweep needs the clean case: add clean to --cases, or --faults=none / --faults-from=');

  mkdirSync(WORK_DIR, { recursive: true });
  if (peers.length) ensurePeers(log);
  const measured = tree();
  const results: BenchResults = {
    startedAt: new Date().toISOString(),
    finishedAt: '',
    machine: machine(peerVersions()),
    ...(measured ? { tree: measured } : {}),
    load: [load1()],
    argv: process.argv.slice(2),
    settings: { runs, tools, faults: faultSpec, jobs, harnessArgs, cases, harnessTimeoutMs },
    specLoad: [],
    harness: [],
    peers: {},
    ...(cases.includes('all-fail') ? { allFail: { chaos: ALL_FAIL_CHAOS, harness: [], peers: {} } } : {}),
    faults: [],
  };
  log(`bench: ${runs} run(s) of ${tools.join(', ')}; cases: ${cases.join(', ')}; faults: ${faultSpec} (${faults.length}); load average ${fixed(load1(), 1)} on ${results.machine.cpus} cores`);

  const wait = flag('wait-quiet');
  if (wait !== undefined) await waitQuiet(Number(wait));
  results.load = [load1()];
  if (load1() >= QUIET_LOAD) log(`the machine is busy (load average ${fixed(load1(), 1)}): the figures will be marked as measured under load`);

  if (tools.includes('harness')) {
    log('spec load + compile (fresh processes)...');
    results.specLoad = measureSpecLoad(runs);
  }

  let specs: SpecCopies | undefined;
  if (peers.length) {
    const clean = await startCountingShop();
    try {
      specs = await writeSpecCopies(WORK_DIR, { url: clean.shop.url, authorization: clean.authorization });
    } finally {
      await clean.close();
    }
    results.specCopies = { examplesAdded: specs.examplesAdded, formatsRemoved: specs.formatsRemoved };
  }
  const preparedSpecs = specs;
  let collection: Collection | undefined;
  const runners: Partial<Record<PeerName, PeerRunner>> = {};
  if (preparedSpecs && peers.includes('dredd')) runners.dredd = (target, dir) => runDredd(preparedSpecs, target, dir);
  if (preparedSpecs && peers.includes('portman')) {
    runners.portman = (target, dir) => {
      if (!collection) throw new Error('no Portman collection yet');
      return runNewman(collection, target, dir, false);
    };
  }

  for (let i = 1; i <= runs; i++) for (const c of cases) {
    // The all-fail case: the same tools against the shop with SHOP_CHAOS (reference/http/chaos.ts).
    const chaos = c === 'all-fail' ? ALL_FAIL_CHAOS : undefined;
    const into = c === 'all-fail' && results.allFail ? results.allFail : results;
    const dirOf = (tool: string): string => path.join(WORK_DIR, c === 'clean' ? tool : `${tool}-${c}`, `run-${i}`);
    const tag = `run ${i} (${c})`;
    if (tools.includes('harness')) {
      const before = usage();
      const r = await runHarness(dirOf('harness'), harnessArgs, chaos, harnessTimeoutMs);
      into.harness.push(r);
      results.load.push(load1());
      (results.othersCores ??= []).push(othersCores(before, r.cpuHarnessMs + r.cpuShopMs, r.wallMs));
      log(`${tag}: harness ${fixed(r.wallMs / 1000, 1)} s${r.timedOut ? ' (KILLED at the time limit)' : ''}, ${r.requests} requests, ${r.checks} checks, ${r.tests} tests (${r.testsFailed} failed), peak RSS ${fixed(r.peakRssMb, 0)} MB (exit ${r.exitCode}${r.exitCode ? `, see ${path.relative(process.cwd(), r.logFile)}` : ''})`);
    }
    for (const p of peers) {
      const dir = dirOf(p);
      mkdirSync(dir, { recursive: true });
      const before = usage();
      const target = await startCountingShop([], false, chaos);
      let r: ToolRun;
      try {
        if (p === 'portman' && preparedSpecs) {
          // Generation is part of every Portman run, as `portman -l spec -n` does it.
          collection = await generateCollection(preparedSpecs, target.shop.url, dir);
          r = await runNewman(collection, target, dir, true);
        } else {
          const runner = runners[p];
          if (!runner) throw new Error(`no runner for ${p}`);
          r = await runner(target, dir);
        }
      } finally {
        await target.close();
      }
      (into.peers[p] ??= []).push(r);
      results.load.push(load1());
      (results.othersCores ??= []).push(othersCores(before, r.cpuMs, r.wallMs));
      log(`${tag}: ${PEER_LABEL[p]} ${fixed(r.wallMs / 1000, 1)} s, ${r.requests} requests, ${r.checks} checks (${r.failed.length} failed), ${r.tests} tests (${r.testsFailed ?? '?'} failed), peak RSS ${fixed(r.peakRssMb, 0)} MB${r.error ? `; ERROR ${r.error}` : ''}`);
    }
  }

  if (tools.includes('harness') && !has('no-remote')) {
    // A target elsewhere: the config's default workers for it (2), and its memory goal (GOALS.rssRemoteMb).
    for (let i = 1; i <= runs; i++) {
      const r = await runHarnessRemote(path.join(WORK_DIR, 'harness-remote', `run-${i}`), harnessTimeoutMs);
      (results.remote ??= []).push(r);
      results.load.push(load1());
      log(`run ${i} (reference shop elsewhere): harness ${fixed(r.wallMs / 1000, 1)} s, ${r.requests} requests sent, ${r.workers} workers, ${r.tests} tests (${r.testsFailed} failed), peak RSS ${fixed(r.peakRssMb, 0)} MB (PSS ${fixed(r.peakPssMb, 0)} MB), load ${fixed(load1(), 1)} (exit ${r.exitCode}${r.exitCode ? `, see ${path.relative(process.cwd(), r.logFile)}` : ''})`);
    }
  }

  if (has('realshop')) {
    // After the other runs: a real shop's figures are not compared with the peers' run by run.
    for (const shop of benchShops(list('shops'))) {
      const inst = benchShop(shop);
      const workers = realShopWorkers(shop);
      const entry: RealShopResults = { key: shop.key, title: shop.title, baseUrl: inst.baseUrl, profile: 'standard', seed: realShopEnv(inst, 'standard').FC_SEED, workers: workers ? Number(workers) : NaN, runs: [] };
      (results.realShops ??= []).push(entry);
      try {
        for (let i = 1; i <= shopRuns; i++) {
          const r = await runOnRealShop(inst, path.join(WORK_DIR, `harness-realshop-${shop.key}`, `run-${i}`), harnessTimeoutMs);
          entry.runs.push(r);
          if (!workers) entry.workers = r.workers;
          results.load.push(load1());
          log(`run ${i} (${shop.title}): harness ${fixed(r.wallMs / 1000, 1)} s, ${r.requests} requests (shop log), workers waiting ${fixed((r.workerWaitMs / r.workerMs) * 100, 0)}%, ${r.tests} tests (${r.testsFailed} failed), peak RSS ${fixed(r.peakRssMb, 0)} MB, load ${fixed(load1(), 1)} (exit ${r.exitCode}${r.exitCode ? `, see ${path.relative(process.cwd(), r.logFile)}` : ''}; pristine shop in ${fixed(r.setupS, 0)} s before)`);
        }
      } finally {
        const trouble = stopBenchShop(inst);
        if (trouble) log(`the bench's real shop ${shop.key} did not stop cleanly: ${trouble}`);
      }
    }
  }

  if (faults.length) {
    const matrixFile = has('run-matrix') ? runMatrix(path.join(WORK_DIR, 'fault-matrix'), faultSpec === 'all' ? undefined : faults.map((f) => f.name)) : path.resolve(flag('matrix') ?? DEFAULT_MATRIX);
    const hf = readHarnessFaults(matrixFile);
    if (hf) results.matrix = { file: path.relative(PROJECT_ROOT, hf.file), generatedAt: hf.generatedAt, durationMs: hf.durationMs, complete: hf.complete, cleanGreen: hf.cleanGreen, settings: hf.settings };
    else log(`no fault matrix at ${matrixFile}: the harness column stays empty (npm run test:faults, or --run-matrix)`);
    let table = new Map<string, FaultRow['peers']>();
    const faultsFrom = flag('faults-from');
    if (faultsFrom) {
      const earlier = readResults(path.resolve(faultsFrom));
      table = new Map(earlier.faults.map((r) => [r.fault, r.peers]));
      results.peerFaultsFrom = { file: path.relative(PROJECT_ROOT, path.resolve(faultsFrom)), startedAt: earlier.startedAt };
      log(`peers' fault verdicts from ${faultsFrom} (bench of ${earlier.startedAt})`);
    } else if (peers.length) {
      log(`fault sweep: ${faults.length} faults x ${peers.length} peer(s), ${jobs} at a time...`);
      const cleanRuns: Partial<Record<PeerName, ToolRun>> = {};
      for (const p of peers) cleanRuns[p] = results.peers[p]?.[0];
      const recover = has('resume-sweep') ? { dredd: recoverDredd, portman: recoverNewman } : undefined;
      if (recover) results.sweepResumed = true;
      table = await sweepPeerFaults(faults, runners, cleanRuns, path.join(WORK_DIR, 'sweep'), jobs, log, recover);
    }
    results.faults = faults.map((f) => ({ fault: f.name, area: f.area, description: f.description, harness: hf?.verdicts.get(f.name), peers: table.get(f.name) ?? {} }));
  }
  results.load.push(load1());
  results.finishedAt = new Date().toISOString();
  // results.json is the latest; the dated copy stays for --from / --faults-from.
  const dated = path.join(WORK_DIR, `results-${results.startedAt.replace(/[:.]/g, '-')}.json`);
  for (const file of [RESULTS_JSON, dated]) writeFileSync(file, `${JSON.stringify(results, null, 1)}\n`);
  log(`\nsaved ${path.relative(process.cwd(), dated)} (and results.json)`);
  render(results, full || has('write'));
}

if (!existsSync(path.join(PROJECT_ROOT, 'node_modules'))) {
  process.stderr.write('run npm ci first\n');
  process.exit(2);
}
main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
