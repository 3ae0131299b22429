// allure-playwright, made to survive `playwright merge-reports`: there the configuration it is
// handed has no projects yet, and its onConfigure reads projects[0].outputDir (only used to pair
// screenshot diffs, which API tests do not have). And made idle under `playwright test --list`
// (listing.ts): there its onEnd would write a "skipped" result for every listed test into the
// allure-results of the last run. Its results are written off the runner's thread, without a disk
// flush per file (allure-writer.ts), and the labels message meant for it alone (allure-labels.ts)
// is taken off the result once read, so the HTML report does not store it as a file per test.
// Everything else is allure-playwright as is.
import type { FullConfig } from '@playwright/test';
import type { Suite, TestCase, TestResult } from '@playwright/test/reporter';
import { AllureReporter } from 'allure-playwright';
import { LABELS_ATTACHMENT } from './allure-labels.js';
import { queueWrites, type AllureWriter, type QueuedAllureWriter } from './allure-writer.js';
import { isListing } from './listing.js';

export default class MergeSafeAllureReporter extends AllureReporter {
  private readonly listing = isListing();
  private queued: QueuedAllureWriter | undefined;

  override onConfigure(config: FullConfig): void {
    if (config.projects.length) {
      super.onConfigure(config);
      return;
    }
    this.config = config;
    this.outputDir = undefined;
    this.snapshotDir = undefined;
  }

  override onBegin(suite: Suite): void {
    if (this.listing) return;
    super.onBegin(suite);
    // onBegin made the runtime and its writer (allure-playwright keeps both private).
    const runtime = (this as unknown as { allureRuntime?: { writer?: AllureWriter } }).allureRuntime;
    const resultsDir = (this as unknown as { options?: { resultsDir?: string } }).options?.resultsDir;
    if (runtime?.writer && resultsDir) this.queued = queueWrites(runtime.writer, resultsDir);
  }

  override async onTestEnd(test: TestCase, result: TestResult): Promise<void> {
    await super.onTestEnd(test, result);
    const i = result.attachments.findIndex((a) => a.name === LABELS_ATTACHMENT);
    if (i >= 0) result.attachments.splice(i, 1);
  }

  override async onEnd(): Promise<void> {
    if (this.listing) return;
    await super.onEnd();
    const failed = (await this.queued?.flush()) ?? [];
    if (failed.length) process.stderr.write(`Allure results not written (${failed.length}): ${failed.slice(0, 5).join('; ')}${failed.length > 5 ? '; …' : ''}\n`);
  }
}
