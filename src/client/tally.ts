// How many requests a run sent, and what for: each worker counts by source (the test file, or the
// contract suite's shared probes) and intent, and appends its counts to
// `${reportDir}/requests.jsonl` when it ends. The report sums them: a live shop allows so many
// requests per credential and window (the vendor's: 5000 per 15 minutes), and a user should see
// what a run costs.
import { readJsonl } from '../core/jsonl.js';
import { appendFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Intent } from '../core/exchange.js';

export function tallyFile(reportDir: string): string {
  return path.join(reportDir, 'requests.jsonl');
}

export interface TallyLine {
  run: string;
  worker: number;
  /** `source\tintent` -> requests. */
  counts: Record<string, number>;
  /** `METHOD operationId\tintent` -> requests (`METHOD -` for a request to no operation); absent in older lines. */
  ops?: Record<string, number>;
}

export class RequestTally {
  private readonly counts = new Map<string, number>();
  private readonly ops = new Map<string, number>();

  /** `operation`: `METHOD operationId` of the request (what a run spends its requests on). */
  count(source: string, intent: Intent | 'replay', operation = '-'): void {
    const key = `${source}\t${intent}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    const opKey = `${operation}\t${intent}`;
    this.ops.set(opKey, (this.ops.get(opKey) ?? 0) + 1);
  }

  get total(): number {
    let n = 0;
    for (const v of this.counts.values()) n += v;
    return n;
  }

  /** Appends this worker's counts (one short line, O_APPEND) and starts over. */
  flush(reportDir: string, run: string, worker: number): void {
    if (!this.counts.size) return;
    mkdirSync(reportDir, { recursive: true });
    const line: TallyLine = { run, worker, counts: Object.fromEntries(this.counts), ops: Object.fromEntries(this.ops) };
    appendFileSync(tallyFile(reportDir), JSON.stringify(line) + '\n');
    this.counts.clear();
    this.ops.clear();
  }
}

export interface RequestSummary {
  total: number;
  byIntent: Record<string, number>;
  bySource: Record<string, number>;
  /** `METHOD operationId` -> intent -> requests. */
  byOperation: Record<string, Record<string, number>>;
}

/** The run's requests, summed over its workers; undefined when none were counted. */
export function readRequestSummary(reportDir: string, run: string | undefined): RequestSummary | undefined {
  const file = tallyFile(reportDir);
  if (!existsSync(file)) return undefined;
  const out: RequestSummary = { total: 0, byIntent: {}, bySource: {}, byOperation: {} };
  for (const line of readJsonl<TallyLine>(file)) {
    if (run && line.run !== run) continue;
    for (const [key, n] of Object.entries(line.counts)) {
      const [source = '', intent = ''] = key.split('\t');
      out.total += n;
      out.byIntent[intent] = (out.byIntent[intent] ?? 0) + n;
      out.bySource[source] = (out.bySource[source] ?? 0) + n;
    }
    for (const [key, n] of Object.entries(line.ops ?? {})) {
      const [operation = '-', intent = ''] = key.split('\t');
      const byIntent = (out.byOperation[operation] ??= {});
      byIntent[intent] = (byIntent[intent] ?? 0) + n;
    }
  }
  return out.total ? out : undefined;
}
