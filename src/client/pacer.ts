// Pacing: a live shop allows a fixed number of requests per window (5000 per 15 minutes) and
// says how many are left in X-Rate-Limit-Remaining / X-Rate-Limit-Reset. One pacer per worker
// spaces requests by MAX_RPS, spreads what is left of the window when it runs low, and waits for
// the reset when it is used up. Waits are reported so the caller can extend the test timeout.

export interface RateState {
  limit?: number;
  remaining?: number;
  /** Epoch milliseconds at which the window resets. */
  resetAt?: number;
}

export interface PacerOptions {
  maxRps: number;
  /** Below this many remaining requests the pacer spreads the rest over the window. */
  lowWater?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** X-Rate-Limit-Reset is epoch seconds per the API; small values are read as seconds from now. */
export function parseReset(raw: string | undefined, now: number): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) return undefined;
  if (n > 1e12) return n; // already milliseconds
  if (n > 1e9) return n * 1000;
  return now + n * 1000;
}

export function readRateHeaders(headers: Record<string, string>, now: number): RateState {
  const num = (v: string | undefined): number | undefined => (v !== undefined && /^\d+$/.test(v.trim()) ? Number(v) : undefined);
  const retryAfter = num(headers['retry-after']);
  const state: RateState = {};
  const limit = num(headers['x-rate-limit-limit'] ?? headers['x-ratelimit-limit']);
  const remaining = num(headers['x-rate-limit-remaining'] ?? headers['x-ratelimit-remaining']);
  const resetAt = parseReset(headers['x-rate-limit-reset'] ?? headers['x-ratelimit-reset'], now) ?? (retryAfter !== undefined ? now + retryAfter * 1000 : undefined);
  if (limit !== undefined) state.limit = limit;
  if (remaining !== undefined) state.remaining = remaining;
  if (resetAt !== undefined) state.resetAt = resetAt;
  return state;
}

export class Pacer {
  private nextAt = 0;
  private state: RateState = {};
  private readonly minGap: number;
  private readonly lowWater: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  /** Total milliseconds spent waiting (reported in benchmarks). */
  waitedMs = 0;

  constructor(opts: PacerOptions) {
    this.minGap = 1000 / Math.max(1, opts.maxRps);
    this.lowWater = opts.lowWater ?? 50;
    this.now = opts.now ?? Date.now;
    this.sleep = opts.sleep ?? defaultSleep;
  }

  /** How long the next request must wait, given what the last answers said. */
  delayFor(now: number): number {
    let at = this.nextAt;
    const { remaining, resetAt } = this.state;
    if (remaining !== undefined && resetAt !== undefined && resetAt > now) {
      if (remaining <= 0) at = Math.max(at, resetAt);
      else if (remaining < this.lowWater) at = Math.max(at, now + (resetAt - now) / remaining);
    }
    return Math.max(0, at - now);
  }

  /** Waits for the next slot; `onWait` hears about waits long enough to matter for a test timeout. */
  async beforeRequest(onWait?: (ms: number) => void): Promise<void> {
    const now = this.now();
    const delay = this.delayFor(now);
    this.nextAt = now + delay + this.minGap;
    if (delay <= 0) return;
    if (delay > 1000) onWait?.(delay);
    this.waitedMs += delay;
    await this.sleep(delay);
  }

  afterResponse(headers: Record<string, string>): void {
    const s = readRateHeaders(headers, this.now());
    if (s.remaining !== undefined || s.resetAt !== undefined) this.state = { ...this.state, ...s };
  }

  /** After a 429: the window is used up until its reset (or Retry-After, or a minute if neither says). */
  exhausted(headers: Record<string, string>): number {
    const now = this.now();
    const s = readRateHeaders(headers, now);
    const resetAt = s.resetAt && s.resetAt > now ? s.resetAt : now + 60_000;
    this.state = { ...this.state, ...s, remaining: 0, resetAt };
    return resetAt - now;
  }

  snapshot(): RateState {
    return { ...this.state };
  }
}
