// `playwright test --list` collects the tests and runs no test, yet Playwright still hands the
// configured reporters onBegin and onEnd (its own html and junit reporters included). A reporter
// that writes or clears report files would then replace the last run's reports with an empty run.
//
// Why the argument and not the reporter events: a listing looks to a reporter like a run in which
// no test ran (onBegin, then onEnd with status "passed"), and so does a run the preflight stopped
// or a --grep matching nothing, whose reports must still be written (they say why the CI gate
// failed). The `--list` flag is Playwright's public CLI and the only way its runner lists with
// the configured reporters (UI mode and the test server list with reporters of their own); it is
// known before any reporter is built, so a reporter can stay idle from its constructor on, and
// playwright.config.ts can drop Playwright's own file reporters with the same test.
// (Reporters also receive an undocumented `_mode: 'list'` option; private, so not relied on.)

/** Whether this process is `playwright test --list` (reporters run in the runner process). */
export function isListing(argv: readonly string[] = process.argv): boolean {
  return argv.includes('--list');
}
