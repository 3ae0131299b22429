// The Node arguments a conformance run hands its workers (src/cli/node-args.ts).
import { test, expect } from '@playwright/test';
import { heapFlags, remoteWorkerFlags, withoutTsx, workerEnv } from '../../src/cli/node-args.js';

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

  test('should put workers in lite mode only for a target elsewhere and where the user chose nothing', () => {
    expect(remoteWorkerFlags([], undefined, true)).toEqual(['--lite-mode']);
    expect(remoteWorkerFlags([], undefined, false)).toEqual([]);
    expect(remoteWorkerFlags(['--opt'], undefined, true)).toEqual([]);
    expect(remoteWorkerFlags([], '--jitless', true)).toEqual([]);
    expect(remoteWorkerFlags(['--no-lite-mode'], undefined, true)).toEqual([]);
    expect(remoteWorkerFlags(['--no-opt'], undefined, true)).toEqual([]);
  });

  test('should give workers two malloc arenas unless the user set a number', () => {
    expect(workerEnv({})).toEqual({ MALLOC_ARENA_MAX: '2' });
    expect(workerEnv({ MALLOC_ARENA_MAX: '8' })).toEqual({});
  });
});
