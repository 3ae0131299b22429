// `npm run bench:rss [-- --runs=N --label=text]`: only the memory of a run against a target
// elsewhere (its goal: peak RSS of the harness's tree <= 400 MB at default workers), without
// the rest of the bench. The target is BASE_URL (with API_USER / API_PASSWORD) when it is set, a
// shop the user started; else a fresh reference shop in a process of its own (bench/remote.ts).
// Either way the shop is outside the measured tree. Prints the tree's peak and each process's own
// peak (runner, each worker, any other child), and keeps the figures in bench/peers/work/rss/.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runHarness, type HarnessRun } from './harness.js';
import { WORK_DIR } from './peer-tools/peers.js';
import { runHarnessRemote } from './remote.js';
import { flag, int } from './support/args.js';
import { fixed } from './support/stats.js';
import { headerHelp, printHelpAndExit, wantsHelp } from '../src/core/help.js';

const OUT_DIR = path.join(WORK_DIR, 'rss');

async function once(i: number): Promise<HarnessRun> {
  const dir = path.join(OUT_DIR, `run-${i}`);
  const baseUrl = process.env.BASE_URL;
  if (!baseUrl) return runHarnessRemote(dir, 15 * 60_000);
  const run = await runHarness(dir, [], undefined, 15 * 60_000, { BASE_URL: baseUrl });
  return { ...run, requests: run.requestsSent };
}

function describe(r: HarnessRun): string {
  const outcomes = Object.entries(r.testsByOutcome ?? {}).map(([o, n]) => `${o} ${n}`).join(', ');
  const byRole = [...(r.processes ?? [])].sort((a, b) => a.role.localeCompare(b.role)).map((p) => `  ${p.role}: ${fixed(p.peakRssMb, 0)} MB`);
  return [
    `peak RSS of the tree ${fixed(r.peakRssMb, 0)} MB (PSS ${fixed(r.peakPssMb, 0)} MB), wall ${fixed(r.wallMs / 1000, 1)} s, ${r.workers} workers, ${r.requests} requests sent, exit ${r.exitCode}`,
    `  tests: ${outcomes}`,
    '  each process\'s own peak (VmHWM):',
    ...byRole.map((l) => `  ${l}`),
  ].join('\n');
}

async function main(): Promise<void> {
  const runs = Math.max(1, int('runs', 1));
  const label = flag('label') ?? '';
  mkdirSync(OUT_DIR, { recursive: true });
  const results: HarnessRun[] = [];
  for (let i = 1; i <= runs; i++) {
    const r = await once(i);
    results.push(r);
    process.stdout.write(`run ${i}${label ? ` (${label})` : ''}: ${describe(r)}\n`);
  }
  const file = path.join(OUT_DIR, `${new Date().toISOString().replace(/[:.]/g, '-')}${label ? `-${label.replace(/\W+/g, '_')}` : ''}.json`);
  writeFileSync(file, JSON.stringify({ label, baseUrl: process.env.BASE_URL ?? null, results }, null, 2));
  process.stdout.write(`figures: ${path.relative(process.cwd(), file)}\n`);
}

if (wantsHelp(process.argv.slice(2))) printHelpAndExit(headerHelp(fileURLToPath(import.meta.url)));

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
