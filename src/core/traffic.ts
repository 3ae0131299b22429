// What a test's requests showed of each operation, summed into its verdict record:
// the durations of the answers that count for response times, the slowest of them as evidence,
// the statuses answered, and the parameters and body fields the requests carried. The compatibility
// report adds the records up into the run's latency figures and its coverage (src/report/
// compatibility/latency.ts, coverage.ts). Every exchange is told to the test that was running when
// it was recorded (fixtures/index.ts), so a probe shared by ten checks counts once.
import { toCurl } from './curl.js';
import type { Exchange } from './exchange.js';

/** One slow answer, as the report shows it. */
export interface SlowExchange {
  /** The request as curl, credentials redacted. */
  curl: string;
  status: number;
  durationMs: number;
  intent: string;
  label?: string;
}

export interface OperationTraffic {
  /** Durations (ms) of the answers that count for response times (isTimed). */
  durations: number[];
  /** The slowest of them (at most SLOWEST_KEPT), slowest first. */
  slowest: SlowExchange[];
  /** HTTP statuses answered (requests the harness sent for itself aside: COVERAGE_IGNORED). */
  statuses: number[];
  /** Parameters sent: `query:<name>`, `header:<lower-cased name>`, `form:<name>`. */
  params: string[];
  /** JSON body fields sent, every prefix: `name`, `address.city`, `items[].qty`, `[].email` (a list body). */
  fields: string[];
}

export type Traffic = Record<string, OperationTraffic>;

/** Slow answers kept per operation and test (the report keeps the slowest of the run). */
export const SLOWEST_KEPT = 3;

/**
 * Intents whose answers say nothing about the operation's own speed: the support gate's looks at
 * made-up paths and the same path over plain http (another listener, often a redirect).
 */
const UNTIMED_INTENTS = new Set(['support', 'plain-http']);

/**
 * Whether an exchange's duration counts for response times: an HTTP answer (a transport error has
 * no answer time), not a 429 and not one that came after 429 retries (the wait is the rate limit's,
 * not the operation's). The one home of this rule: the responseTime check and the report use it.
 */
export function isTimed(ex: Pick<Exchange, 'response' | 'intent' | 'retries'>): boolean {
  const r = ex.response;
  return r.status > 0 && !r.transportError && r.status !== 429 && !ex.retries && !UNTIMED_INTENTS.has(ex.intent) && Number.isFinite(r.durationMs);
}

/**
 * Requests the harness sends for itself, which judge nothing of the operation: the support gate's
 * looks, the record keeper's looks after a write, cleanup, and the plain-http probe (another scheme).
 * They count for neither statuses observed nor parameters exercised.
 */
const COVERAGE_IGNORED = new Set(['support', 'lookup', 'cleanup', 'plain-http']);

/** Bounds a body walk: nesting depth and paths per body (a bulk body of 500 records is one shape). */
const MAX_DEPTH = 8;
const MAX_PATHS = 400;

/** Every field path of a JSON body, prefixes included; array items share `[]`. */
export function bodyFieldPaths(body: unknown): string[] {
  const out = new Set<string>();
  const walk = (v: unknown, at: string, depth: number): void => {
    if (depth > MAX_DEPTH || out.size >= MAX_PATHS) return;
    if (Array.isArray(v)) {
      // Items of one list share a shape: the first few say which fields were sent.
      for (const item of v.slice(0, 5)) walk(item, `${at}[]`, depth + 1);
      return;
    }
    if (v === null || typeof v !== 'object') return;
    for (const [k, child] of Object.entries(v as Record<string, unknown>)) {
      const p = at ? `${at}.${k}` : k;
      out.add(p);
      walk(child, p, depth + 1);
    }
  };
  walk(body, '', 0);
  return [...out];
}

function paramsOf(ex: Exchange): string[] {
  const out: string[] = [];
  try {
    for (const name of new URL(ex.request.url).searchParams.keys()) out.push(`query:${name}`);
  } catch {
    // A URL the client recorded is absolute; nothing to read otherwise.
  }
  for (const name of Object.keys(ex.request.headers)) out.push(`header:${name.toLowerCase()}`);
  for (const name of Object.keys(ex.request.multipart ?? {})) out.push(`form:${name}`);
  return out;
}

function addAll(list: string[] | number[], more: Iterable<string | number>): void {
  const l = list as (string | number)[];
  for (const m of more) if (!l.includes(m)) l.push(m);
}

/** Adds one recorded exchange to a test's traffic (exchanges sent for no operation are not about one). */
export function addExchange(traffic: Traffic, ex: Exchange): void {
  const op = ex.operationId;
  if (!op) return;
  const timed = isTimed(ex);
  const covered = !COVERAGE_IGNORED.has(ex.intent) && ex.response.status > 0;
  if (!timed && !covered) return;
  const t = (traffic[op] ??= { durations: [], slowest: [], statuses: [], params: [], fields: [] });
  if (timed) {
    const d = ex.response.durationMs;
    t.durations.push(d);
    const last = t.slowest[t.slowest.length - 1];
    if (t.slowest.length < SLOWEST_KEPT || (last && d > last.durationMs)) {
      const slow: SlowExchange = { curl: toCurl(ex.request, 500), status: ex.response.status, durationMs: d, intent: ex.intent };
      if (ex.label) slow.label = ex.label;
      t.slowest.push(slow);
      t.slowest.sort((a, b) => b.durationMs - a.durationMs);
      if (t.slowest.length > SLOWEST_KEPT) t.slowest.length = SLOWEST_KEPT;
    }
  }
  if (!covered) return;
  addAll(t.statuses, [ex.response.status]);
  addAll(t.params, paramsOf(ex));
  if (ex.request.body !== undefined && !ex.request.multipart) addAll(t.fields, bodyFieldPaths(ex.request.body));
}
