// The arithmetic and wording of the progress line (progress-reporter.ts prints it): tests done of
// the run's total, elapsed time, the outcomes so far (the verdict records', as the report counts
// them), and an estimate of the time left where one is honest.
//
// When an estimate is honest: Playwright hands whole files (and the contract suite's operation
// groups) to workers, so tests finish at very uneven rates (a contract test takes milliseconds, a
// model run seconds). The time left is projected from the rate so far only once a fifth of the tests
// and 20 seconds are behind the run, and it is shown rounded ("about 2 min"), never to the second.
// Measured on this machine (README, Progress): from a fifth of the way on, the projection was
// within a third of the real time left on the embedded shop and on GX 4.8.
import type { Outcome } from '../core/finding.js';

export interface ProgressCounts {
  total: number;
  done: number;
  byOutcome: Record<Outcome, number>;
}

/** From when on the time left is projected (see above). */
export const ESTIMATE_FROM = { share: 0.2, ms: 20_000 } as const;

/** `8s`, `1m 05s`, `1h 02m`: elapsed time, in Playwright's units. */
export function clock(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h ${String(m % 60).padStart(2, '0')}m`;
}

/** `about 40 s`, `about 3 min`, `about 1 h 10 min`: a projection, rounded to what it can promise. */
export function roughly(ms: number): string {
  const s = ms / 1000;
  if (s < 60) return `about ${Math.max(10, Math.round(s / 10) * 10)} s`;
  const min = Math.round(s / 60);
  if (min < 60) return `about ${min} min`;
  return `about ${Math.floor(min / 60)} h ${min % 60} min`;
}

/** The time left projected from the rate so far, or undefined where that would not be honest. */
export function timeLeft(c: Pick<ProgressCounts, 'done' | 'total'>, elapsedMs: number): number | undefined {
  if (!c.total || c.done >= c.total || c.done < c.total * ESTIMATE_FROM.share || elapsedMs < ESTIMATE_FROM.ms) return undefined;
  return (elapsedMs / c.done) * (c.total - c.done);
}

const SHOWN: readonly [Outcome, string][] = [
  ['pass', 'passed'],
  ['fail', 'failed'],
  ['error', 'errors'],
  ['unsupported', 'unsupported'],
  ['skip', 'skipped'],
  ['disabled', 'disabled'],
];

/** `790 passed, 3 failed, 17 skipped`: the outcomes met so far, in the report's words. */
export function outcomesText(byOutcome: Record<Outcome, number>): string {
  const parts = SHOWN.filter(([o]) => byOutcome[o] > 0).map(([o, word]) => `${byOutcome[o].toLocaleString('en')} ${word}`);
  return parts.length ? parts.join(', ') : 'none finished yet';
}

/** `[  812/1,934]  42% · 1m 05s · about 2 min left · 790 passed, 3 failed, 17 skipped` */
export function progressLine(c: ProgressCounts, elapsedMs: number): string {
  const total = c.total.toLocaleString('en');
  const done = c.done.toLocaleString('en').padStart(total.length);
  const pct = c.total ? Math.floor((c.done / c.total) * 100) : 100;
  const left = timeLeft(c, elapsedMs);
  return [`[${done}/${total}] ${String(pct).padStart(3)}%`, clock(elapsedMs), ...(left !== undefined ? [`${roughly(left)} left`] : []), outcomesText(c.byOutcome)].join(' · ');
}
