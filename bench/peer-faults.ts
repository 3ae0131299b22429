// Which named faults of the reference shop each peer catches: the tool runs once against a shop
// with that one fault on, and the fault counts as caught when a check fails that passed on the
// clean shop in the same bench run (the same rule as the harness's fault matrix; a check failing
// on the clean shop too proves nothing). Faults that only show over TLS (plain-http-alongside-tls)
// get a TLS shop and a clean TLS baseline, as in the matrix (test/faults/plan.ts).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Fault } from '../reference/faults/types.js';
import { variantOf } from '../test/faults/plan.js';
import { startCountingShop } from './peer-tools/counting-shop.js';
import type { ToolRun } from './peer-tools/tool-run.js';

export type PeerName = 'dredd' | 'portman';

/** Runs a peer against a running shop, writing its outputs into `dir`. */
export type PeerRunner = (target: Awaited<ReturnType<typeof startCountingShop>>, dir: string) => Promise<ToolRun>;

/** Reads the verdicts of a finished earlier run from `dir`, or undefined (then the tool runs). */
export type PeerRecover = (dir: string) => ToolRun | undefined;

export interface PeerVerdict {
  caught: boolean;
  /** Checks that failed with the fault and passed on the clean shop (first few). */
  newFailures: string[];
  requests: number;
  error?: string;
}

/** fault -> tool -> verdict */
export type PeerFaultTable = Map<string, Partial<Record<PeerName, PeerVerdict>>>;

const SHOWN = 3;

async function runOn(runner: PeerRunner, faults: string[], tls: boolean, dir: string, recover: PeerRecover | undefined): Promise<ToolRun> {
  const earlier = recover?.(dir);
  if (earlier) return earlier;
  mkdirSync(dir, { recursive: true });
  const target = await startCountingShop(faults, tls);
  try {
    return await runner(target, dir);
  } finally {
    await target.close();
  }
}

/**
 * `cleanRuns` are the tools' clean-shop runs of this bench (plain http). Runs `jobs` tool runs at a
 * time; `log` gets one line per fault. With `recover`, a (fault, tool) whose finished outputs an
 * earlier sweep left in the work folder is read instead of run again (`--resume-sweep`): the
 * verdicts depend on the spec and the shop, not on timing.
 */
export async function sweepPeerFaults(
  faults: readonly Fault[],
  runners: Partial<Record<PeerName, PeerRunner>>,
  cleanRuns: Partial<Record<PeerName, ToolRun>>,
  workDir: string,
  jobs: number,
  log: (line: string) => void,
  recover?: Partial<Record<PeerName, PeerRecover>>,
): Promise<PeerFaultTable> {
  const tools = (Object.keys(runners) as PeerName[]).filter((t) => runners[t] && cleanRuns[t]);
  const baseline = new Map<string, Set<string>>();
  for (const t of tools) baseline.set(`${t}:http`, new Set(cleanRuns[t]?.failed ?? []));
  if (faults.some((f) => variantOf(f.catches).tls)) {
    for (const t of tools) {
      const runner = runners[t];
      if (!runner) continue;
      const clean = await runOn(runner, [], true, path.join(workDir, 'clean-tls', t), recover?.[t]);
      baseline.set(`${t}:tls`, new Set(clean.failed));
    }
  }

  const table: PeerFaultTable = new Map(faults.map((f) => [f.name, {}]));
  const tasks = faults.flatMap((f) => tools.map((t) => ({ fault: f, tool: t })));
  let next = 0;
  const done = new Map<string, number>();
  const worker = async (): Promise<void> => {
    while (next < tasks.length) {
      const task = tasks[next++];
      const runner = task ? runners[task.tool] : undefined;
      if (!task || !runner) continue;
      const tls = variantOf(task.fault.catches).tls;
      const run = await runOn(runner, [task.fault.name], tls, path.join(workDir, 'faults', task.fault.name, task.tool), recover?.[task.tool]);
      const clean = baseline.get(`${task.tool}:${tls ? 'tls' : 'http'}`) ?? new Set<string>();
      const fresh = run.error ? [] : run.failed.filter((id) => !clean.has(id));
      const entry = table.get(task.fault.name) ?? {};
      entry[task.tool] = { caught: fresh.length > 0, newFailures: fresh.slice(0, SHOWN), requests: run.requests, ...(run.error ? { error: run.error } : {}) };
      table.set(task.fault.name, entry);
      const n = (done.get(task.fault.name) ?? 0) + 1;
      done.set(task.fault.name, n);
      if (n === tools.length) {
        const cells = tools.map((t) => `${t} ${entry[t]?.caught ? 'caught' : entry[t]?.error ? 'error' : '-'}`).join(', ');
        log(`  ${task.fault.name}: ${cells}`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, jobs) }, () => worker()));
  return table;
}
