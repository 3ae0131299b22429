// allure-playwright, made to survive `playwright merge-reports`: there the configuration it is
// handed has no projects yet, and its onConfigure reads projects[0].outputDir (only used to pair
// screenshot diffs, which API tests do not have). And made idle under `playwright test --list`
// (listing.ts): there its onEnd would write a "skipped" result for every listed test into the
// allure-results of the last run. Everything else is allure-playwright as is.
import type { FullConfig } from '@playwright/test';
import type { Suite } from '@playwright/test/reporter';
import { AllureReporter } from 'allure-playwright';
import { isListing } from './listing.js';

export default class MergeSafeAllureReporter extends AllureReporter {
  private readonly listing = isListing();

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
    if (!this.listing) super.onBegin(suite);
  }

  override async onEnd(): Promise<void> {
    if (!this.listing) await super.onEnd();
  }
}
