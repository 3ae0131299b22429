// The harness's own self-tests: spec loading, conversion, checks, reporters, the reference shop.
// They start what they need themselves (in-process shops on free ports) and never read BASE_URL.
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  testMatch: ['unit/**/*.spec.ts', 'shop/**/*.spec.ts', 'harness/**/*.spec.ts', 'reports/**/*.spec.ts', 'faults/**/*.spec.ts'],
  outputDir: '../reports/self-test-results',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: process.env.CI ? 2 : undefined,
  timeout: 120_000,
  reporter: [['list']],
  use: { trace: 'off', screenshot: 'off', video: 'off' },
});
