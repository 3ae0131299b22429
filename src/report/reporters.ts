// The reporter list of a conformance run, redacting reporter first (see redacting-reporter.ts).
// playwright.config.ts uses it; so does the redaction self-test, so both run the same list.
import type { ReporterDescription } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface ReporterOptions {
  /**
   * A sharded run (`--shard=i/n`): also write a blob report (`${reportDir}/blob/report-i.zip`) for
   * `npm run report -- --merge`. It comes right after the redacting reporter, so it records
   * scrubbed results and none of the later reporters' additions (they are made again on merge).
   */
  blob?: boolean;
  /** Known-deviations file for the compatibility report (default: conformance.baseline.* at the root). */
  baseline?: string | undefined;
  /**
   * `playwright test --list` (listing.ts): leave out Playwright's own file reporters (blob, html,
   * junit), which would replace the last run's reports with an empty one and cannot be told not
   * to. Ours stay in the list and stay idle by themselves.
   */
  listing?: boolean;
  /**
   * The harness watch (harness-watch.ts), which stops a run whose harness broke; default on. Off
   * under `playwright merge-reports`, which replays finished tests and has no run to stop.
   */
  watch?: boolean;
}

export function conformanceReporters(reportDir: string, terminal: ReporterDescription = ['list'], options: ReporterOptions = {}): ReporterDescription[] {
  const allureResults = `${reportDir}/allure-results`;
  const files = !options.listing;
  return [
    [path.join(here, 'redacting-reporter.ts')],
    ...(options.blob && files ? [['blob', { outputDir: `${reportDir}/blob` }] as ReporterDescription] : []),
    terminal,
    ...(files
      ? ([
          ['html', { outputFolder: `${reportDir}/html`, open: 'never' }],
          ['junit', { outputFile: `${reportDir}/junit.xml` }],
        ] as ReporterDescription[])
      : []),
    // Labels (epic/feature/story/severity, seed, profile) must reach allure-playwright before it sees the test.
    [path.join(here, 'allure-labels.ts'), { resultsDir: allureResults }],
    // allure-playwright (wrapped so it also runs under `playwright merge-reports`).
    [path.join(here, 'allure-reporter.ts'), { resultsDir: allureResults, detail: false, suiteTitle: true }],
    ...(options.watch !== false ? [[path.join(here, 'harness-watch.ts')] as ReporterDescription] : []),
    [path.join(here, 'compatibility/reporter.ts'), { outputDir: `${reportDir}/compatibility`, ...(options.baseline ? { baseline: options.baseline } : {}) }],
  ];
}
