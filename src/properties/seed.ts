// The fast-check seed of a run. One seed serves every property and model test of the run, so a
// failure is replayed with that seed, the test's title and the replay path it printed.
// playwright.config.ts draws it once in the runner (unless FC_SEED is given), pins it for the
// workers like the run id, and prints it; runs started without that config (a self-test's own
// config) fall back to a seed derived from the pinned run id, which is the same in every worker.
import { randomInt } from 'node:crypto';

/** A fresh seed in fast-check's range (a signed 32-bit integer, as FC_SEED accepts). */
export function drawSeed(): number {
  return randomInt(-(2 ** 31), 2 ** 31 - 1);
}

/** A seed every worker of one run computes alike: FNV-1a of the run id, as a signed 32-bit integer. */
export function seedFromRunId(runId: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < runId.length; i++) {
    h ^= runId.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
}

/** The line the runner prints at start (the HTML report names the seed in its title: src/report/run-title.ts). */
export function seedBanner(seed: number, source: 'FC_SEED' | 'drawn', runs: number): string {
  const how = source === 'FC_SEED' ? 'from FC_SEED' : 'drawn for this run';
  return `fast-check seed ${seed} (${how}; FC_RUNS=${runs}); replay a property failure with the FC_SEED=… FC_PATH=… command it prints`;
}

/**
 * Where the runner prints the banner: stdout, unless Playwright's JSON report goes to stdout
 * (`--reporter json` without PLAYWRIGHT_JSON_OUTPUT_NAME/_FILE), which one extra line would break.
 */
export function bannerStream(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): 'stdout' | 'stderr' {
  const reporters = argv.flatMap((a, i) => (a.startsWith('--reporter=') ? [a.slice(11)] : a === '--reporter' ? [argv[i + 1] ?? ''] : []));
  const jsonToStdout = reporters.some((r) => r.split(',').includes('json')) && !env.PLAYWRIGHT_JSON_OUTPUT_NAME && !env.PLAYWRIGHT_JSON_OUTPUT_FILE;
  return jsonToStdout ? 'stderr' : 'stdout';
}
