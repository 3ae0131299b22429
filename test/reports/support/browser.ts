// Debian's chromium through Playwright (Playwright's own browser download cannot work here, see
// /work/shared/machine-notes.md). A missing browser fails the test with the fix, it never skips.
import { execSync } from 'node:child_process';
import { chromium, type Browser, type Page } from '@playwright/test';

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

/**
 * Runs `use` with a page of a fresh Chromium (1280 × 900 unless `viewport` says otherwise) and
 * answers the requests the page made beyond the files it was opened from (file:, data:, blob:):
 * a report page opens from disk and fetches nothing.
 */
export async function withPage(use: (page: Page, browser: Browser) => Promise<void>, viewport = { width: 1280, height: 900 }): Promise<string[]> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport });
    const requests: string[] = [];
    page.on('request', (req) => {
      if (!/^(file|data|blob):/.test(req.url())) requests.push(req.url());
    });
    await use(page, browser);
    return requests;
  } finally {
    await browser.close();
  }
}
