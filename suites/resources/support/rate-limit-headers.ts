// `@rule:rate-limit`, read from one answer: the facts say every answer carries X-Rate-Limit-Limit,
// -Remaining and -Reset (epoch seconds) for windows of 15 minutes. Pure, so the judgement is the
// same for a 200, a 404 and a 401.
import type { Exchange } from '../../../src/core/exchange.js';

/** The facts' window (5000 requests per 15 minutes). */
export const WINDOW_SECONDS = 15 * 60;
/** Clock difference allowed between the shop's clock (its Date header) or ours and the Reset value. */
export const CLOCK_TOLERANCE_SECONDS = 30;

export interface RateLimitHeaders {
  limit: number;
  remaining: number;
  /** Epoch seconds. */
  reset: number;
}

export interface RateLimitReading {
  /** The three values, when all three are well-formed. */
  values?: RateLimitHeaders;
  /** What is wrong, one line each; empty when the headers keep the rule. */
  problems: string[];
  /** The time the Reset was judged against (epoch seconds) and where it came from. */
  now: { seconds: number; source: 'Date header' | 'local clock' };
}

function integer(raw: string | undefined): number | undefined {
  return raw !== undefined && /^\s*\d+\s*$/.test(raw) ? Number(raw) : undefined;
}

/** The shop's own clock when it sends a Date header (a live shop's clock may differ from ours). */
function nowOf(ex: Exchange, localMs: number): RateLimitReading['now'] {
  const date = ex.response.headers.date;
  const ms = date === undefined ? NaN : Date.parse(date);
  return Number.isFinite(ms) ? { seconds: Math.floor(ms / 1000), source: 'Date header' } : { seconds: Math.floor(localMs / 1000), source: 'local clock' };
}

/** Reads and judges the X-Rate-Limit-* headers of one answer. */
export function readRateLimit(ex: Exchange, localMs = Date.now()): RateLimitReading {
  const h = ex.response.headers;
  const now = nowOf(ex, localMs);
  const problems: string[] = [];
  const raw = { limit: h['x-rate-limit-limit'], remaining: h['x-rate-limit-remaining'], reset: h['x-rate-limit-reset'] };
  const missing = Object.entries(raw)
    .filter(([, v]) => v === undefined)
    .map(([k]) => `X-Rate-Limit-${k[0]?.toUpperCase()}${k.slice(1)}`);
  if (missing.length) problems.push(`missing header(s): ${missing.join(', ')}`);

  const limit = integer(raw.limit);
  const remaining = integer(raw.remaining);
  const reset = integer(raw.reset);
  if (raw.limit !== undefined && (limit === undefined || limit < 1)) problems.push(`X-Rate-Limit-Limit ${JSON.stringify(raw.limit)} is not a positive integer`);
  if (raw.remaining !== undefined && remaining === undefined) problems.push(`X-Rate-Limit-Remaining ${JSON.stringify(raw.remaining)} is not an integer of 0 or more`);
  if (limit !== undefined && remaining !== undefined && remaining > limit) problems.push(`X-Rate-Limit-Remaining ${remaining} is above X-Rate-Limit-Limit ${limit}`);
  if (raw.reset !== undefined && reset === undefined) problems.push(`X-Rate-Limit-Reset ${JSON.stringify(raw.reset)} is not an integer (epoch seconds)`);
  if (reset !== undefined) {
    const earliest = now.seconds - CLOCK_TOLERANCE_SECONDS;
    const latest = now.seconds + WINDOW_SECONDS + CLOCK_TOLERANCE_SECONDS;
    const at = `(${now.source} says ${now.seconds}, ${new Date(now.seconds * 1000).toISOString()})`;
    if (reset < earliest) {
      const hint = reset < 1e9 ? '; it looks like seconds to go, not epoch seconds' : '';
      problems.push(`X-Rate-Limit-Reset ${reset} is in the past, more than ${CLOCK_TOLERANCE_SECONDS} s before now ${at}${hint}`);
    } else if (reset > latest) {
      const hint = reset > 1e11 ? '; it looks like milliseconds, not epoch seconds' : '';
      problems.push(`X-Rate-Limit-Reset ${reset} is more than one ${WINDOW_SECONDS / 60}-minute window (+${CLOCK_TOLERANCE_SECONDS} s) after now ${at}${hint}`);
    }
  }
  return { ...(limit !== undefined && remaining !== undefined && reset !== undefined && !problems.length ? { values: { limit, remaining, reset } } : {}), problems, now };
}

/**
 * Between two consecutive answers to the same credential Remaining never goes up, unless a new
 * window began (Reset moved). Other tests share the quota, so it may drop by more than one.
 */
export function remainingRose(before: RateLimitHeaders, after: RateLimitHeaders): boolean {
  return after.reset === before.reset && after.remaining > before.remaining;
}
