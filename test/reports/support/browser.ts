// Debian's chromium through Playwright (Playwright's own browser download cannot work here, see
// /work/shared/machine-notes.md). A missing browser fails the test with the fix, it never skips.
import { execSync } from 'node:child_process';
import { chromium, type Browser } from '@playwright/test';

export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export function chromiumPath(): string {
  try {
    return execSync('command -v chromium', { shell: '/bin/sh', encoding: 'utf8' }).trim();
  } catch {
    throw new Error('chromium is not installed: apt-get update && apt-get install -y chromium (.ci/run does this when test/reports exists)');
  }
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}
