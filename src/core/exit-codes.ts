// The exit codes of our commands: one home, read by the commands, their --help and the
// README's table. A CI job can tell "the target failed" from "fix the setup" from "the harness
// broke" without reading the log.

export const EXIT = {
  /** The run passed its gate: every failure is a known deviation. */
  passed: 0,
  /** The target failed the gate: failures not in the baseline, or coverage below MIN_COVERAGE. */
  targetFailed: 1,
  /** Nothing was judged: bad configuration, a bad argument or baseline, or a target the preflight could not reach or use. */
  setup: 2,
  /** The harness broke: the same harness error ended more than a handful of tests and the run stopped early, or tests ended in harness errors (Error cells) while the target failed nothing new, or the run wrote no report. */
  harnessBroke: 3,
  /** Interrupted (Ctrl-C, SIGINT): the verdicts are incomplete; interrupted tests are not failures. */
  interrupted: 130,
} as const;

/** The table `--help` and the README show. */
export const EXIT_CODE_LINES: readonly string[] = [
  `${EXIT.passed}    passed: every failure is a known deviation of the baseline`,
  `${EXIT.targetFailed}    the target failed the gate: failures not in the baseline (or coverage below MIN_COVERAGE)`,
  `${EXIT.setup}    nothing judged: bad configuration, argument or baseline, an unsupported Node, or a target the preflight could not reach or use`,
  `${EXIT.harnessBroke}    the harness broke: the same harness error ended more than a handful of tests (the run stops early, naming the cause), or tests ended in harness errors while the target failed nothing new`,
  `${EXIT.interrupted}  interrupted (Ctrl-C): verdicts incomplete; interrupted tests are not counted as failures`,
];
