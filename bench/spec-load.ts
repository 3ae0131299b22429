// `npm run bench:spec [-- --runs=N] [--spec=file]`: how long loading our spec takes (bundle,
// meta-schema validation, lint, dereference, catalogue), how long compiling every validator takes,
// and how long one validation of a typical customer record takes. Each run is a fresh process, so
// no cache of an earlier run helps; figures are medians. Goals: load + compile <= 1.5 s on 2 cores,
// one validation <= 5 us. It prints figures and never fails on them.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUNDLED_SPEC } from '../src/config/config.js';
import { loadCatalogue, type LoadPhase } from '../src/spec/load.js';
import { ValidatorSet } from '../src/spec/validators.js';
import { headerHelp, printHelpAndExit, wantsHelp } from '../src/core/help.js';

export interface RunResult {
  phases: Partial<Record<LoadPhase, number>>;
  loadMs: number;
  compileMs: number;
  /** CPU time (user + system) of the same spans: steadier than wall time on a shared machine. */
  loadCpuMs: number;
  compileCpuMs: number;
  compiled: number;
  operations: number;
  /** Microseconds per call. */
  validateUs?: number;
  rawFnUs?: number;
}

const SELF = fileURLToPath(import.meta.url);
const arg = (name: string): string | undefined => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);

const CUSTOMER = {
  id: 12, number: 'K-12', gender: 'f', firstname: 'Ada', lastname: 'Example', dateOfBirth: '1990-01-31', vatNumber: 'DE123456789', vatNumberStatus: 1,
  telephone: '+49 30 1234567', fax: '', email: 'ada.r1@example.test', statusId: 2, isGuest: false, addressId: 7, addonValues: '{}',
  _links: { address: 'https://shop.example.test/shop1/api.php/v2/addresses/7' },
};

/** Median time per call in microseconds over several batches of `n` calls. */
function perCall(fn: () => unknown, n: number): number {
  for (let i = 0; i < n; i++) fn(); // warm-up: let the JIT settle
  const batches: number[] = [];
  for (let b = 0; b < 5; b++) {
    const t = process.hrtime.bigint();
    for (let i = 0; i < n; i++) fn();
    batches.push(Number(process.hrtime.bigint() - t) / 1000 / n);
  }
  return median(batches);
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? NaN) : ((s[mid - 1] ?? NaN) + (s[mid] ?? NaN)) / 2;
}

async function child(spec: string): Promise<RunResult> {
  const phases: Partial<Record<LoadPhase, number>> = {};
  const cpu = (since: NodeJS.CpuUsage): number => {
    const u = process.cpuUsage(since);
    return (u.user + u.system) / 1000;
  };
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const catalogue = await loadCatalogue(spec, { timings: phases });
  const t1 = performance.now();
  const loadCpuMs = cpu(c0);
  const c1 = process.cpuUsage();
  const validators = new ValidatorSet(catalogue);
  const { compiled, failures } = validators.compileAll();
  const t2 = performance.now();
  const compileCpuMs = cpu(c1);
  if (failures.length) throw new Error(`${failures.length} schemas failed to compile, e.g. ${JSON.stringify(failures[0])}`);
  const result: RunResult = { phases, loadMs: t1 - t0, compileMs: t2 - t1, loadCpuMs, compileCpuMs, compiled, operations: catalogue.operations.length };
  const op = catalogue.operations.find((o) => o.id === 'getCustomer');
  const fn = op ? validators.response(op, 200) : null;
  if (op && fn) {
    if (!validators.validateResponse(op, 200, CUSTOMER).ok) throw new Error('the sample customer does not validate: the benchmark would measure the error path');
    result.validateUs = perCall(() => validators.validateResponse(op, 200, CUSTOMER), 50_000);
    result.rawFnUs = perCall(() => fn(CUSTOMER), 50_000);
  }
  return result;
}

function fmt(ms: number | undefined): string {
  return (ms === undefined ? '-' : `${ms.toFixed(0)} ms`).padStart(10);
}

/** Runs the measurement in `runs` fresh processes (also used by bench/run.ts). */
export function measureSpecLoad(runs: number, spec: string = BUNDLED_SPEC): RunResult[] {
  const results: RunResult[] = [];
  for (let i = 0; i < runs; i++) {
    const out = execFileSync(process.execPath, ['--import', 'tsx', SELF, '--child', `--spec=${path.resolve(spec)}`], { encoding: 'utf8' });
    results.push(JSON.parse(out.trim().split('\n').pop() ?? '{}') as RunResult);
  }
  return results;
}

function parent(): void {
  const runs = Number(arg('runs') ?? 7);
  const spec = path.resolve(arg('spec') ?? BUNDLED_SPEC);
  const results = measureSpecLoad(runs, spec);
  const med = (pick: (r: RunResult) => number | undefined): number | undefined => {
    const v = results.map(pick).filter((x): x is number => typeof x === 'number');
    return v.length ? median(v) : undefined;
  };
  const first = results[0];
  const lines = [
    `Spec load + compile: ${path.relative(process.cwd(), spec)} (${first?.operations ?? '?'} operations), median of ${runs} fresh processes`,
    `  ${''.padEnd(24)}${'wall'.padStart(9)}${'cpu'.padStart(10)}`,
    ...(['bundle', 'errata', 'validate', 'lint', 'dereference', 'catalogue'] as LoadPhase[]).map((p) => `  ${p.padEnd(24)}${fmt(med((r) => r.phases[p]))}`),
    `  ${'load (all of the above)'.padEnd(24)}${fmt(med((r) => r.loadMs))}${fmt(med((r) => r.loadCpuMs))}`,
    `  ${'compileAll'.padEnd(24)}${fmt(med((r) => r.compileMs))}${fmt(med((r) => r.compileCpuMs))}   (${first?.compiled ?? '?'} validators)`,
    `  ${'load + compile'.padEnd(24)}${fmt(med((r) => r.loadMs + r.compileMs))}${fmt(med((r) => r.loadCpuMs + r.compileCpuMs))}   goal <= 1500 ms`,
    '',
    'One validation of a typical customer record (getCustomer, 200), median per call:',
    `  validateResponse()     ${med((r) => r.validateUs)?.toFixed(2) ?? '-'} us   goal <= 5 us`,
    `  compiled function      ${med((r) => r.rawFnUs)?.toFixed(2) ?? '-'} us`,
    '',
    `node ${process.version}, ${os.cpus().length} cpus (${os.cpus()[0]?.model ?? 'unknown'}), load average ${os.loadavg()[0]?.toFixed(1) ?? '?'} (others' work inflates wall times)`,
  ];
  console.log(lines.join('\n'));
}

// Only as a script: bench/run.ts imports measureSpecLoad from here.
if (process.argv[1] && path.resolve(process.argv[1]) === SELF) {
  if (wantsHelp(process.argv.slice(2))) printHelpAndExit(headerHelp(SELF));
  if (process.argv.includes('--child')) {
    const result = await child(arg('spec') ?? BUNDLED_SPEC);
    console.log(JSON.stringify(result));
  } else {
    parent();
  }
}
