// The Node arguments a conformance run hands its workers (src/cli/node-args.ts).
import { test, expect } from '@playwright/test';
import { heapFlags, REMOTE_WORKER_LEVERS, remoteWorkerFlags, runtimeTakes, withoutTsx, workerEnv } from '../../src/cli/node-args.js';

test.describe('node arguments of a run @harness', () => {
  test('should take the tsx loader out of execArgv in each of its spellings and keep the rest', () => {
    expect(withoutTsx(['--import', 'tsx', '--heap-growing-percent=50'])).toEqual(['--heap-growing-percent=50']);
    expect(withoutTsx(['--import=tsx', '--loader', 'tsx/esm', '--require', 'tsx/cjs', '-r', 'tsx'])).toEqual([]);
    expect(withoutTsx(['--import', './probe.mjs', '--enable-source-maps'])).toEqual(['--import', './probe.mjs', '--enable-source-maps']);
    expect(withoutTsx(['--import', 'tsxy'])).toEqual(['--import', 'tsxy']);
  });

  test('should add the heap settings only where the user chose none', () => {
    expect(heapFlags([], undefined)).toEqual(['--heap-growing-percent=50', '--max-semi-space-size=2']);
    expect(heapFlags(['--heap-growing-percent=20'], undefined)).toEqual(['--max-semi-space-size=2']);
    expect(heapFlags([], '--max-semi-space-size=16')).toEqual(['--heap-growing-percent=50']);
    expect(heapFlags(['--heap_growing_percent=0', '--min-semi-space-size=1'], undefined)).toEqual([]);
  });

  test('should give workers the first memory lever the runtime takes, only for a target elsewhere and where the user chose nothing', () => {
    const all = () => true;
    expect(remoteWorkerFlags([], undefined, true, all)).toEqual(['--lite-mode']);
    expect(remoteWorkerFlags([], undefined, false, all)).toEqual([]);
    expect(remoteWorkerFlags(['--opt'], undefined, true, all)).toEqual([]);
    expect(remoteWorkerFlags([], '--jitless', true, all)).toEqual([]);
    expect(remoteWorkerFlags(['--no-lite-mode'], undefined, true, all)).toEqual([]);
    expect(remoteWorkerFlags(['--no-opt'], undefined, true, all)).toEqual([]);
    expect(remoteWorkerFlags(['--no-maglev'], undefined, true, all)).toEqual([]);
    // Node 22: lite mode leaves its web globals unbuildable (no WebAssembly for undici).
    const noLite = (flags: readonly string[]) => !flags.includes('--lite-mode');
    expect(remoteWorkerFlags([], undefined, true, noLite)).toEqual(['--optimize-for-size', '--no-opt', '--no-sparkplug', '--no-maglev']);
    expect(remoteWorkerFlags([], undefined, true, () => false)).toEqual([]);
    // Asked in order, and no further than the first the runtime takes.
    const asked: string[] = [];
    remoteWorkerFlags([], undefined, true, (flags) => (asked.push(flags.join(' ')), true));
    expect(asked).toEqual(['--lite-mode']);
    expect(REMOTE_WORKER_LEVERS.length).toBeGreaterThan(1);
  });

  test('should probe the runtime itself: a flag it does not know fails, no flag passes', () => {
    expect(runtimeTakes([])).toBe(true);
    expect(runtimeTakes(['--no-such-v8-flag-of-ours'])).toBe(false);
  });

  test('should give workers two malloc arenas unless the user set a number', () => {
    expect(workerEnv({})).toEqual({ MALLOC_ARENA_MAX: '2' });
    expect(workerEnv({ MALLOC_ARENA_MAX: '8' })).toEqual({});
  });
});
