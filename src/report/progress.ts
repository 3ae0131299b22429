// The arithmetic and wording of the progress line (progress-reporter.ts prints it): tests done of
// the run's total, elapsed time, the outcomes so far (the verdict records', as the report counts
// them), and an estimate of the time left where one is honest.
//
// When an estimate is honest. Tests of one kind (the suite folder: contract, resources,
// properties, model) cost alike, kinds do not: against a real shop a contract check takes
// milliseconds after its operation's probes, a property run seconds, and Playwright runs the
// contract tests first, so the rate so far (tests per second) promises far too little time left. So the time left is the mean duration of each kind's finished tests times its
// tests left, scaled by the elapsed time per unit of finished work (which holds the workers and the
// fixtures), and shown only once every kind with tests left has a tenth of them (at least 3)
// finished, after 20 s, rounded ("about 2 min"); a short run of the reference shop shows none.
import type { Outcome } from '../core/finding.js';

/** Tests of one kind (suite folder): how many, how many finished, and their summed durations. */
export interface KindProgress {
  total: number;
  done: number;
  ms: number;
}

export interface ProgressCounts {
  total: number;
  done: number;
  byOutcome: Record<Outcome, number>;
  /** By kind of test (progress-reporter.ts: the suite folder); absent: no estimate. */
  kinds?: ReadonlyMap<string, KindProgress>;
}

/** From when on the time left is projected (see above). */
export const ESTIMATE_FROM = { share: 0.1, atLeast: 3, ms: 20_000 } as const;

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

/** The time left projected from each kind's finished tests, or undefined where that would not be honest. */
export function timeLeft(c: Pick<ProgressCounts, 'kinds'>, elapsedMs: number): number | undefined {
  if (!c.kinds || elapsedMs < ESTIMATE_FROM.ms) return undefined;
  let leftWork = 0;
  let doneWork = 0;
  for (const k of c.kinds.values()) {
    const left = k.total - k.done;
    if (left > 0 && k.done < Math.max(ESTIMATE_FROM.atLeast, k.total * ESTIMATE_FROM.share)) return undefined;
    if (!k.done) continue;
    leftWork += left * (k.ms / k.done);
    doneWork += k.ms;
  }
  return doneWork > 0 && leftWork > 0 ? (elapsedMs * leftWork) / doneWork : undefined;
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
