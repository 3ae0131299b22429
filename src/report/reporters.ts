// The reporter list of a conformance run, redacting reporter first (see redacting-reporter.ts).
// playwright.config.ts uses it; so does the redaction self-test, so both run the same list.
import type { ReporterDescription } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

export function conformanceReporters(reportDir: string, terminal: ReporterDescription = ['list']): ReporterDescription[] {
  return [
    [path.join(here, 'redacting-reporter.ts')],
    terminal,
    ['html', { outputFolder: `${reportDir}/html`, open: 'never' }],
    ['junit', { outputFile: `${reportDir}/junit.xml` }],
    ['allure-playwright', { resultsDir: `${reportDir}/allure-results`, detail: false, suiteTitle: true }],
  ];
}
