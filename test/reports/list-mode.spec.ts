// `playwright test --list` (and `npm run conformance -- --list`) runs no test, but Playwright
// still hands the configured reporters onBegin/onEnd: the reports of the last run must come out
// untouched. A child lists the conformance config with REPORT_DIR in a temporary folder seeded
// with a report of every kind; afterwards every file is byte for byte what it was, and nothing
// was added. Listing starts neither the shop nor the preflight, so this costs a few seconds.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { PLAYWRIGHT_CLI, runNode, tsx } from './support/child.js';

/** A report of each writer the conformance run has (src/report/reporters.ts), from an earlier run. */
const SEED: Record<string, string> = {
  'compatibility/report.json': '{"schemaVersion":2,"score":{"conformant":142,"declared":170}}\n',
  'compatibility/index.html': '<p>142/170</p>\n',
  'compatibility/report.md': '# 142/170\n',
  'compatibility/badge.svg': '<svg>142/170</svg>\n',
  'html/index.html': '<p>last run</p>\n',
  'junit.xml': '<testsuites tests="1901"/>\n',
  'allure-results/0001-result.json': '{"status":"passed"}\n',
  'allure-results/environment.properties': 'profile=standard\n',
};

function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      const p = path.join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out[path.relative(dir, p)] = readFileSync(p, 'utf8');
    }
  };
  walk(dir);
  return out;
}

test.describe('listing the tests @reports', () => {
  test('should leave the reports of the last run untouched with playwright test --list and conformance -- --list', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'list-mode-'));
    try {
      for (const [file, text] of Object.entries(SEED)) {
        mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        writeFileSync(path.join(dir, file), text);
      }
      const env = { REPORT_DIR: dir, ONLY_GROUPS: 'tax', SKIP_GROUPS: '' };
      const listed = await runNode([PLAYWRIGHT_CLI, 'test', '--list'], env);
      expect(listed.status, listed.output.slice(-2000)).toBe(0);
      expect(listed.output).toMatch(/Total: \d+ tests? in \d+ files?/);
      expect(snapshot(dir)).toEqual(SEED);

      const viaCli = await runNode(tsx('src/cli/conformance.ts', '--list'), env);
      expect(viaCli.status, viaCli.output.slice(-2000)).toBe(0);
      expect(viaCli.output).toMatch(/Total: \d+ tests? in \d+ files?/);
      expect(snapshot(dir)).toEqual(SEED);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
