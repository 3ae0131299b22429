// The reporter list of a conformance run, redacting reporter first (see redacting-reporter.ts).
// playwright.config.ts uses it; so does the redaction self-test, so both run the same list.
import type { ReporterDescription } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runArtefact } from '../core/run-artefacts.js';

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
  /** The HTML report's title: the run's seed, runs, target, profile and id (run-title.ts). */
  htmlTitle?: string;
}

/**
 * The console reporter by name: `progress` (ours, the default: a count, the elapsed time, an
 * estimate where honest; progress-reporter.ts) or one of Playwright's (list, line, dot, github,
 * json, null).
 */
export function consoleReporter(name: string): ReporterDescription {
  return name === 'progress' ? [path.join(here, 'progress-reporter.ts')] : [name];
}

export function conformanceReporters(reportDir: string, terminal: ReporterDescription = ['list'], options: ReporterOptions = {}): ReporterDescription[] {
  const allureResults = runArtefact(reportDir, 'allureResults');
  const files = !options.listing;
  return [
    [path.join(here, 'redacting-reporter.ts')],
    ...(options.blob && files ? [['blob', { outputDir: runArtefact(reportDir, 'blob') }] as ReporterDescription] : []),
    terminal,
    ...(files
      ? ([
          ['html', { outputFolder: runArtefact(reportDir, 'html'), open: 'never', ...(options.htmlTitle ? { title: options.htmlTitle } : {}) }],
          ['junit', { outputFile: runArtefact(reportDir, 'junit') }],
        ] as ReporterDescription[])
      : []),
    // Labels (epic/feature/story/severity, seed, profile) must reach allure-playwright before it sees the test.
    [path.join(here, 'allure-labels.ts'), { resultsDir: allureResults }],
    // allure-playwright (wrapped so it also runs under `playwright merge-reports`).
    [path.join(here, 'allure-reporter.ts'), { resultsDir: allureResults, detail: false, suiteTitle: true }],
    ...(options.watch !== false ? [[path.join(here, 'harness-watch.ts')] as ReporterDescription] : []),
    [path.join(here, 'compatibility/reporter.ts'), { outputDir: runArtefact(reportDir, 'compatibility'), ...(options.baseline ? { baseline: options.baseline } : {}) }],
  ];
}
