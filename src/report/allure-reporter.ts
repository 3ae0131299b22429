// allure-playwright, made to survive `playwright merge-reports`: there the configuration it is
// handed has no projects yet, and its onConfigure reads projects[0].outputDir (only used to pair
// screenshot diffs, which API tests do not have). Everything else is allure-playwright as is.
import type { FullConfig } from '@playwright/test';
import { AllureReporter } from 'allure-playwright';

export default class MergeSafeAllureReporter extends AllureReporter {
  override onConfigure(config: FullConfig): void {
    if (config.projects.length) {
      super.onConfigure(config);
      return;
    }
    this.config = config;
    this.outputDir = undefined;
    this.snapshotDir = undefined;
  }
}
