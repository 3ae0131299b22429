// The Node arguments of the processes of a conformance run (src/cli/conformance.mjs): what its
// workers inherit from the runner's execArgv, and what they should not.
import { spawnSync } from 'node:child_process';

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
 * Memory levers for the workers of a run against a target elsewhere, most saving first. There the
 * workers wait on the target most of their time, and compiled code, compile zones and feedback cost
 * each worker memory for CPU they do not lack. V8's lite mode (the interpreter only, feedback
 * allocated lazily) took each worker's peak from 213-258 to 185 MB (reference shop as a process of
 * its own, 2 workers); `--no-opt` alone took the tree from 601-608 to 568-583 MB. Lite
 * mode implies --jitless, and so no WebAssembly: nothing in the harness uses it (its HTTP client is
 * node:http), but Node 22 builds its web globals (Headers, Request, WebSocket) on undici, whose HTTP
 * parser is WebAssembly, and Playwright's worker reads Headers at load: under lite mode every worker
 * of Node 22 died at start. The second lever is lite mode without --jitless: no
 * optimising or baseline compiler, so WebAssembly stays. bench:rss on Node 22 (2 workers): each
 * worker's peak 167-176 MB with it, 201-208 MB without; Node 24 in lite mode 178-184 MB.
 */
export const REMOTE_WORKER_LEVERS: readonly (readonly string[])[] = [['--lite-mode'], ['--optimize-for-size', '--no-opt', '--no-sparkplug', '--no-maglev']];

/**
 * What a lever is probed with: every global read once, which loads each lazily built one, as a
 * worker's modules may. A runtime that cannot build one under the lever exits non-zero.
 */
const LEVER_PROBE = 'for (const k of Object.getOwnPropertyNames(globalThis)) void globalThis[k];';

/**
 * Whether the Node at `execPath` starts with `flags` and builds all its globals under them (about
 * 0.1 s). Asked of the runtime itself rather than assumed from its version number: whether lite
 * mode breaks a global depends on how that Node's build loads it. The user's NODE_OPTIONS apply, as
 * they will to the workers. A flag the runtime does not know fails the probe too.
 */
export function runtimeTakes(flags: readonly string[], execPath: string = process.execPath): boolean {
  const r = spawnSync(execPath, [...flags, '-e', LEVER_PROBE], { stdio: 'ignore', timeout: 15_000 });
  return r.status === 0;
}

/**
 * V8 flags of the workers of a run against a target elsewhere, unless the user chose their own:
 * the first of REMOTE_WORKER_LEVERS this runtime takes (`takes`, probed), or none. Against the
 * embedded shop a run is bound by CPU: none.
 */
export function remoteWorkerFlags(execArgv: readonly string[], nodeOptions: string | undefined, elsewhere: boolean, takes: (flags: readonly string[]) => boolean = runtimeTakes): string[] {
  const given = `${execArgv.join(' ')} ${nodeOptions ?? ''}`;
  if (!elsewhere || /--(no-)?(opt|turbofan|maglev|sparkplug)\b|--jitless|--(no-)?lite[-_]mode|--optimize[-_]for[-_]size/.test(given)) return [];
  return [...(REMOTE_WORKER_LEVERS.find((lever) => takes(lever)) ?? [])];
}
