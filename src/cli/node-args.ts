// The Node arguments of the processes of a conformance run (src/cli/conformance.ts): what its
// workers inherit from the runner's execArgv, and what they should not.
/**
 * V8 heap settings of the runner and its workers, unless the user chose their own: the heap grows
 * to 1.5x what survives a full collection instead of up to 4x, and the young generation stays
 * small. A run's processes hold ~70 to ~120 MB that survive and make much short-lived garbage
 * (JSON, validation, evidence); left to V8's defaults each grew to 300+ MB of resident memory.
 * Limits only shape when V8 collects; none caps the heap, so no run can fail for lack of memory.
 */
export function heapFlags(execArgv: readonly string[], nodeOptions: string | undefined): string[] {
  const given = `${execArgv.join(' ')} ${nodeOptions ?? ''}`;
  const flags: string[] = [];
  if (!/--heap[-_]growing[-_]percent/.test(given)) flags.push('--heap-growing-percent=50');
  if (!/--(max|min)[-_]semi[-_]space[-_]size/.test(given)) flags.push('--max-semi-space-size=2');
  return flags;
}

/** execArgv without `--import tsx` / `--import=tsx` / `--loader tsx` and the like. */
export function withoutTsx(execArgv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const a = execArgv[i] ?? '';
    const next = execArgv[i + 1] ?? '';
    if ((a === '--import' || a === '--loader' || a === '--experimental-loader' || a === '--require' || a === '-r') && /^tsx(\/|$)/.test(next)) {
      i++;
      continue;
    }
    if (/^--(import|loader|experimental-loader|require)=tsx(\/|$)/.test(a)) continue;
    out.push(a);
  }
  return out;
}

/**
 * Environment of the workers: glibc's malloc keeps an arena per thread that allocates (up to 8 per
 * core), and a Node process allocates from V8's and libuv's threads too; left so, each worker
 * held 15-25 MB more resident memory than with two arenas (bench: Playwright with trivial tests,
 * 2 workers, 440 -> 390 MB). Other C libraries ignore the variable. The user's own value stands.
 */
export function workerEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return env.MALLOC_ARENA_MAX === undefined ? { MALLOC_ARENA_MAX: '2' } : {};
}

/**
 * V8 flags of the workers of a run against a target elsewhere, unless the user chose their own:
 * V8's lite mode (no optimising or baseline compiler, feedback allocated lazily: the interpreter
 * only). There the workers wait on the target most of their time, and compiled code, compile zones
 * and feedback cost each worker memory for CPU they do not lack. `--no-opt` alone took the tree
 * from 601-608 to 568-583 MB; lite mode instead took each worker's peak from 213-258 to 185 MB
 * (reference shop as a process of its own, 2 workers, issue 23). Lite mode implies --jitless, so
 * there is no WebAssembly in these workers: nothing in the harness uses it (its HTTP client is
 * node:http, not fetch). Against the embedded shop a run is bound by CPU: kept.
 */
export function remoteWorkerFlags(execArgv: readonly string[], nodeOptions: string | undefined, elsewhere: boolean): string[] {
  const given = `${execArgv.join(' ')} ${nodeOptions ?? ''}`;
  return elsewhere && !/--(no-)?opt\b|--jitless|--(no-)?lite[-_]mode/.test(given) ? ['--lite-mode'] : [];
}
