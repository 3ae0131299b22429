// The `test` of the property and model suites: the resource suites' fixtures (api, kit, ...) plus
// `prop`, which runs a fast-check property as ONE report step. The requests inside stay out of
// the report's steps; a failure is one report with the predicate's evidence, the shrunk
// counterexample, seed, path and the replay command (also attached, and in the test's verdict
// record with the findings of the smallest case).
//
//   test('should ...', { tag: [...] }, async ({ prop, api }) => {
//     await prop.check('pages partition GET /customers', fc.asyncProperty(arb, async (v) => { ... }), { share: 0.2 });
//   });
import path from 'node:path';
import type fc from 'fast-check';
import { test as base } from '../../../fixtures/factories/index.js';
import { annotateOutcome, applyRefusal } from '../../../fixtures/outcome.js';
import { verdictOf } from '../../../fixtures/verdict.js';
import { PROJECT_ROOT } from '../../../src/config/config.js';
import { splitPath } from '../../../src/properties/replay.js';
import { PropertyFailure, runProperty, scaledRuns, totalRuns } from '../../../src/properties/runner.js';
import { seedFromRunId } from '../../../src/properties/seed.js';
import { replayVariables } from '../../../src/config/replay.js';

export interface CheckOptions {
  /** Share of FC_RUNS this property gets (expensive properties take less); see README "Properties". */
  share?: number;
  /** At least this many runs whatever FC_RUNS says. Default 1. */
  min?: number;
  /** Cases tried first in every run, whatever the seed (RunSettings.examples), on top of the drawn runs. */
  examples?: readonly unknown[][];
  /** Exactly this many runs, whatever FC_RUNS says (a property that works out its own budget); wins over share and min. */
  runs?: number;
}

/**
 * Runs per property, as shares of FC_RUNS (default 25), by what one run costs against the target
 * and what another run still buys. The whole property + model suite stays around ten seconds on
 * the embedded shop at the default; FC_RUNS=250 makes every property ten times as thorough.
 */
export const RUNS = {
  /** Read-only list properties, one test per list of the spec (about 25): 3 runs each. */
  perList: { share: 0.12, min: 2 },
  /** A handful of tests, one or two writes per run (round trip, negative data, filters): 8 runs. */
  focused: { share: 0.3, min: 3 },
  /**
   * Write properties whose runs differ little (idempotent delete: one record deleted 1 to 3 times;
   * search for a new record: a keyword recased at random, which in three runs of four already
   * recases a letter outside ASCII): 3 runs each.
   */
  light: { share: 0.12, min: 2 },
  /** Whole scenarios per run (uniqueness: about 8 requests): 6 runs. */
  scenario: { share: 0.25, min: 3 },
  /** Model runs (up to 40 commands, about 30 requests each): 10 runs; a bug needing a four-command chain shows in most. */
  model: { share: 0.4, min: 3 },
  /**
   * Model runs over orders and their status (up to 25 commands): 5 runs. Its defects need no long
   * chain (a status change, a read), and the order status rules of the resource suite judge them too.
   */
  orderModel: { share: 0.2, min: 2 },
} as const satisfies Record<string, CheckOptions>;

export interface PropertyKit {
  readonly seed: number;
  /** FC_RUNS (before a property's share). */
  readonly fcRuns: number;
  /** The commands part of FC_PATH, for `fc.commands(..., { replayPath })` when replaying a model run. */
  readonly replayPath: string | undefined;
  runs(opts?: CheckOptions): number;
  /** Runs the property as one report step; fails the test with the report, skips when nothing was conclusive. */
  check<Ts extends unknown[]>(claim: string, property: fc.IAsyncPropertyWithHooks<Ts>, opts?: CheckOptions): Promise<void>;
}

export const test = base.extend<{ prop: PropertyKit }>({
  prop: [
    async ({ config, shopFaults, target, session }, use, testInfo) => {
      const seed = config.fcSeed ?? seedFromRunId(config.runId);
      const { path: replayOf, replayPath } = splitPath(config.fcPath);
      const file = path.relative(PROJECT_ROOT, testInfo.file).split(path.sep).join('/');
      const faults = target.embedded && Array.isArray(shopFaults) && shopFaults.length ? shopFaults : undefined;
      const runs = (o: CheckOptions = {}) => o.runs ?? scaledRuns(config.fcRuns, o.share ?? 1, o.min ?? 1);
      const kit: PropertyKit = {
        seed,
        fcRuns: config.fcRuns,
        replayPath,
        runs,
        async check(claim, property, opts = {}) {
          const numRuns = runs(opts);
          // The record names every case fast-check may run: the examples come on top of the drawn runs.
          const ran = totalRuns({ numRuns, ...(opts.examples ? { examples: opts.examples } : {}) });
          const verdict = verdictOf(testInfo);
          verdict.propertyRun({ claim, seed, runs: ran, ...(replayOf ? { path: config.fcPath ?? '' } : {}) });
          // Leave a third of the test's time for cleanup and the report; fast-check stops starting runs then.
          const timeLimitMs = testInfo.timeout > 0 ? Math.max(5_000, Math.round(testInfo.timeout * 0.66)) : undefined;
          // While fast-check runs, a rule failure is one attempt among many (shrinking), and a refused
          // call must reach the runner as the error it is (a skip thrown inside fast-check would count
          // as a failing run): the verdict is the runner's result, recorded below.
          verdict.deferred = true;
          const result = await test.step(
            `property: ${claim}`,
            async () => {
              // The client's requests are no report steps (src/client/http.ts): the property is one step.
              const r = await runProperty(property, { seed, numRuns, ...(replayOf ? { path: replayOf } : {}), ...(timeLimitMs ? { timeLimitMs } : {}), ...(opts.examples ? { examples: opts.examples } : {}) }, { claim, file, title: testInfo.title, env: replayVariables(config), ...(faults ? { shopFaults: faults } : {}) });
              if ((r.verdict === 'fail' || r.verdict === 'error') && r.report) {
                verdict.deferred = false;
                verdict.propertyRun({ claim, seed: r.details.seed, runs: ran, ...(r.fcPath !== undefined ? { path: r.fcPath } : {}), ...(r.replay ? { replay: r.replay } : {}) });
                if (r.verdict === 'error') verdict.error(r.report.split('\n', 1)[0] ?? claim);
                else if (r.findings?.length) verdict.fail(r.findings);
                else annotateOutcome(testInfo, 'fail');
                await testInfo.attach('property-failure.txt', { body: r.report, contentType: 'text/plain' });
                throw new PropertyFailure(r.report);
              }
              return r;
            },
            { box: true },
          ).finally(() => (verdict.deferred = false));
          if (result.refusal) applyRefusal(testInfo, result.refusal, (id) => session.lacking(id));
          if (result.verdict === 'skip') {
            annotateOutcome(testInfo, 'skip');
            test.skip(true, `skip: ${result.report ?? claim}`);
          }
          annotateOutcome(testInfo, 'pass');
        },
      };
      await use(kit);
    },
    // No report step per test: it costs a message to the runner and its reporters.
    { box: 'self' },
  ],
});


