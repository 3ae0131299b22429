// Runs one fast-check property against a target and turns a failure into ONE readable report:
// what went wrong (the predicate's own evidence), the shrunk counterexample, seed, path and the
// command that replays it, and the same as data for the test's verdict record (the findings of
// the smallest case, path, replay command). Playwright glue (one report step, the verdict) lives
// with the suites (suites/properties/support/fixtures.ts); this file stays free of test-runner state.
import fc from 'fast-check';
import { ConformanceError } from '../checks/runner.js';
import type { Finding } from '../core/finding.js';
import { BlockedError, HarnessError, UnsupportedError } from '../core/errors.js';
import { joinPath, replayCommand, type ReplayTarget } from './replay.js';

export interface RunSettings {
  seed: number;
  /** Drawn runs; the examples come on top of them. */
  numRuns: number;
  /** Replay: the counterexample's path (FC_PATH without its commands part). */
  path?: string;
  /** Stop generating new runs after this long; a run in flight still finishes. */
  timeLimitMs?: number;
  /**
   * Cases every run tries first, whatever the seed (fast-check's `examples`): the input classes
   * that decide a rule, so that finding a defect does not depend on the draw. They take
   * their place within `numRuns`, with at least one drawn case after them (totalRuns).
   */
  examples?: readonly unknown[][];
}

/**
 * What fast-check is asked to run: every example, then drawn cases up to `numRuns`, and at least
 * one drawn case. fast-check counts its examples within numRuns and stops at numRuns, so a
 * property with more examples than runs (sort: six key groups of products, three runs at the
 * default FC_RUNS) would drop the last examples and draw nothing. The examples take their place
 * in the budget rather than come on top of it: against a real shop every case is requests, and
 * on top of the runs they would push a standard run past its request budget.
 */
export function totalRuns(settings: Pick<RunSettings, 'numRuns' | 'examples'>): number {
  const examples = settings.examples?.length ?? 0;
  return examples ? Math.max(settings.numRuns, examples + 1) : settings.numRuns;
}

export type PropertyVerdict = 'pass' | 'fail' | 'error' | 'skip';

export interface PropertyResult {
  verdict: PropertyVerdict;
  details: fc.RunDetails<unknown>;
  /** Failures: FC_PATH for the replay (path, plus the commands' replay path for model runs). */
  fcPath?: string;
  /** Failures: the command that replays the shrunk case. */
  replay?: string;
  /** Failures: the findings of the smallest case, when its predicate threw a rule's ConformanceError. */
  findings?: Finding[];
  /** Failures and skips: the text a reader acts on. */
  report?: string;
  /**
   * A run stopped at a call the target cannot take (it lacks the operation, or the run stopped
   * calling it): not a verdict on the property. The suite turns it into Unsupported or Skip.
   */
  refusal?: UnsupportedError | BlockedError;
}

/**
 * Shrinking against a live target costs requests per attempt (a create, a read, a delete): a
 * 256-character string shrinks one character at a time into hundreds of attempts. Write
 * properties cap the attempts; the counterexample is then small, not always minimal. 20, not 40:
 * a shop that fails several write properties spends their shrinking in requests, and two runs of
 * one seed on it must both stay within the real-shop phase's request budget.
 */
export const LIVE_SHRINKS = 20;

export function liveShrinks<T>(arb: fc.Arbitrary<T>, max = LIVE_SHRINKS): fc.Arbitrary<T> {
  return fc.limitShrink(arb, max);
}

/**
 * The property as fast-check runs it here: a failing example (an input class, RunSettings.examples)
 * is reported as it is, never shrunk. The class is the evidence ("a keyword no record holds",
 * "per_page at the last page's size"); a shrunk variant of it belongs to another class or none
 * ("qzxj" shrank to "j", which records may hold), and against a live shop every attempt is
 * requests: shrinking the failing class examples of one shop costs hundreds of them. Drawn
 * cases still shrink as their arbitraries allow. fast-check hands examples in without a context
 * (generated values always carry one), and shrinks such a value only when its arbitrary can
 * without one: this wrapper says it cannot.
 */
function examplesStand<Ts>(property: fc.IAsyncProperty<Ts>): fc.IAsyncProperty<Ts> {
  return {
    isAsync: () => true,
    generate: (mrng, runId) => property.generate(mrng, runId),
    shrink: (value) => (value.context === undefined ? fc.Stream.nil() : property.shrink(value)),
    run: (v) => property.run(v),
    runBeforeEach: () => property.runBeforeEach(),
    runAfterEach: () => property.runAfterEach(),
  };
}

/** How many runs a property gets: its share of FC_RUNS (expensive properties take less), at least `min`. */
export function scaledRuns(fcRuns: number, share = 1, min = 1): number {
  return Math.max(min, Math.round(fcRuns * share));
}

const MAX_LINE = 2000;

function cut(s: string, max = MAX_LINE): string {
  return s.length > max ? `${s.slice(0, max)}… (${s.length} characters)` : s;
}

/** fast-check prints `/*replayPath="…"*\/` after a shrunk command list; FC_PATH carries it along. */
export function commandsReplayPath(counterexample: unknown): string | undefined {
  return /\/\*replayPath="([^"]+)"\*\//.exec(fc.stringify(counterexample))?.[1];
}

/** The counterexample, one argument per line (a command list: one command per line). */
export function showCounterexample(counterexample: readonly unknown[] | null): string {
  if (!counterexample) return '  (none)';
  return counterexample
    .map((arg) => {
      // A command list prints itself (fast-check's toString, with its replay path).
      const text = fc.stringify(arg);
      const m = /^(.*?)\s*\/\*replayPath="[^"]+"\*\/$/s.exec(text);
      if (m && typeof m[1] === 'string') {
        const cmds = m[1].split(/,(?=[A-Z][A-Za-z]*\()/);
        return cmds.map((c, i) => `  ${String(i + 1).padStart(2)}. ${cut(c)}`).join('\n');
      }
      return `  ${cut(text)}`;
    })
    .join('\n');
}

function errorText(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}

function isHarnessError(err: unknown): boolean {
  return err instanceof HarnessError;
}

function indent(s: string, by = '  '): string {
  return s
    .split('\n')
    .map((l) => (l ? by + l : l))
    .join('\n');
}

export interface ReportInput extends Omit<ReplayTarget, 'path' | 'seed'> {
  /** What the property claims, e.g. `pages of GET /customers partition the list`. */
  claim: string;
}

/** Runs the property with the settings; never throws for a failing property (see the verdict). */
export async function runProperty<Ts extends unknown[]>(property: fc.IAsyncPropertyWithHooks<Ts>, settings: RunSettings, input: ReportInput): Promise<PropertyResult> {
  const params: fc.Parameters<Ts> = {
    seed: settings.seed,
    numRuns: totalRuns(settings),
    ...(settings.path ? { path: settings.path } : {}),
    // The plugin form (fc.interruptAfterTimeLimit) is typed Plugin<unknown>, which Parameters<Ts> refuses.
    ...(settings.timeLimitMs ? { interruptAfterTimeLimit: settings.timeLimitMs } : {}),
    ...(settings.examples?.length ? { examples: settings.examples as Ts[] } : {}),
  };
  const details = (await fc.check(examplesStand(property), params)) as fc.RunDetails<unknown>;
  const ran = `${details.numRuns} run${details.numRuns === 1 ? '' : 's'}${details.numSkips ? `, ${details.numSkips} discarded` : ''}`;
  if (!details.failed) {
    if (details.numRuns === 0) {
      return { verdict: 'skip', details, report: `${input.claim}: no run was conclusive (${ran}${details.interrupted ? ', interrupted by the time limit' : ''})` };
    }
    return { verdict: 'pass', details };
  }
  const refused = details.errorInstance;
  if (refused instanceof UnsupportedError || refused instanceof BlockedError) {
    return { verdict: 'skip', details, refusal: refused, report: `${input.claim}: ${refused.message}` };
  }
  const counterexample = details.counterexample as unknown[] | null;
  // Too many discarded runs (every attempt saw the list change under it) is not a verdict on the target.
  if (!counterexample && details.numSkips > 0 && details.errorInstance === null) {
    return { verdict: 'skip', details, report: `${input.claim}: inconclusive, ${ran}; the target changed during every attempt (other writers?)` };
  }
  const replay = commandsReplayPath(counterexample);
  const path = details.counterexamplePath ?? settings.path ?? '';
  const fcPath = joinPath(path, replay);
  const harness = isHarnessError(details.errorInstance);
  const command = replayCommand({ ...input, seed: details.seed, path: fcPath });
  const lines = [
    `${harness ? 'Harness error: ' : ''}Property failed: ${input.claim}`,
    `  after ${ran}, shrunk ${details.numShrinks} time${details.numShrinks === 1 ? '' : 's'}${details.interrupted ? ' (interrupted by the time limit)' : ''}`,
    '',
    'What went wrong (smallest case found):',
    indent(errorText(details.errorInstance ?? 'the predicate returned false')),
    '',
    'Counterexample:',
    showCounterexample(counterexample),
    '',
    `Seed: ${details.seed}   Path: ${fcPath}   Runs: ${totalRuns(settings)}${settings.examples?.length ? ` (${settings.examples.length} examples first)` : ''}`,
    `Replay: ${command}`,
  ];
  const result: PropertyResult = { verdict: harness ? 'error' : 'fail', details, fcPath, replay: command, report: lines.join('\n') };
  if (details.errorInstance instanceof ConformanceError) result.findings = [...details.errorInstance.findings];
  return result;
}

/** The error a failed property throws: its message is the whole report, with no harness stack. */
export class PropertyFailure extends Error {
  override name = 'PropertyFailure';
  constructor(report: string) {
    super(report);
    this.stack = `${this.name}: ${report}`;
  }
}
