// A run that starts removes the reports of the run before it (src/core/run-artefacts.ts), before its
// preflight: a run the preflight stops must not leave the last run's page ("160/170 … CI gate
// passed"), HTML report or target.json to be read as its own. The ledger outlives runs (`npm run
// cleanup` reads it), and so does what is not a run's report (a console log, a database dump). A
// run refused at a bad configuration value has not started and touches nothing (`--list` neither:
// list-mode.spec.ts). A child runs the conformance CLI against a port nothing listens on, in a
// temporary REPORT_DIR seeded with an earlier run's reports: the preflight fails at once.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { RUN_ARTEFACTS } from '../../src/core/run-artefacts.js';
import { runNode, tsx } from './support/child.js';

/** An earlier run's reports: one file per artefact of RUN_ARTEFACTS, and what must stay. */
const EARLIER: Record<string, string> = {
  'compatibility/report.json': '{"schemaVersion":3,"score":{"conformant":160,"declared":170}}\n',
  'compatibility/index.html': '<p>160/170 operations conformant; CI gate passed</p>\n',
  'compatibility/report.md': '# 160/170\n',
  'compatibility/badge.svg': '<svg>160/170</svg>\n',
  'html/index.html': '<p>last run</p>\n',
  'junit.xml': '<testsuites tests="1901"/>\n',
  'allure-results/0001-result.json': '{"status":"passed"}\n',
  'allure-report/index.html': '<p>allure</p>\n',
  'blob/report-1.zip': 'zip\n',
  'target.json': '{"url":"http://127.0.0.1:9/shop1/api.php/v2","runId":"rearlier"}\n',
  'leftovers.json': '{"runId":"rearlier","leftovers":[],"possiblePartial":[]}\n',
  'harness-broke.json': '{"runId":"rearlier","cause":"a worker that cannot load","tests":6,"examples":[]}\n',
  'test-results/x/verdict.json': '{}\n',
};
const KEPT: Record<string, string> = {
  'ledger.jsonl': '{"run":"rearlier","kind":"record","operationId":"createCustomer"}\n',
  'console.log': 'the real-shop phase keeps the console here\n',
  'dumps/standard-before.sql': '-- a database dump\n',
};

function seed(dir: string): void {
  for (const [file, text] of Object.entries({ ...EARLIER, ...KEPT })) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
}

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

test.describe('the reports of the previous run @reports', () => {
  test('should name every run artefact in the seed above', () => {
    const seeded = new Set(Object.keys(EARLIER).map((f) => f.split('/')[0]));
    expect([...seeded].sort()).toEqual(Object.values(RUN_ARTEFACTS).sort());
  });

  test('should be removed when a run starts, before a preflight that stops it; the ledger and other files stay', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'previous-run-'));
    try {
      seed(dir);
      // Port 9 (discard): nothing listens there, so the preflight ends the run at its first read.
      const run = await runNode(tsx('src/cli/conformance.ts', '--reporter', 'dot'), { REPORT_DIR: dir, BASE_URL: 'http://127.0.0.1:9/shop1/api.php/v2', ONLY_GROUPS: 'tax' });
      expect(run.output).toContain('Preflight failed');
      expect(run.status, run.output.slice(-2000)).toBe(2);
      expect(snapshot(dir)).toEqual(KEPT);
      // The same for a run whose global setup stops it at a group the spec lacks (it knows the
      // spec's groups only there): it has started.
      seed(dir);
      const unknownGroup = await runNode(tsx('src/cli/conformance.ts'), { REPORT_DIR: dir, ONLY_GROUPS: 'no_such_group' });
      expect(unknownGroup.status, unknownGroup.output.slice(-2000)).toBe(2);
      expect(unknownGroup.output).toContain('no_such_group');
      expect(snapshot(dir)).toEqual(KEPT);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('should stay when the run is refused at its configuration (it never started)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'previous-run-'));
    try {
      seed(dir);
      const badValue = await runNode(tsx('src/cli/conformance.ts'), { REPORT_DIR: dir, PROFILE: 'everything' });
      expect(badValue.status, badValue.output.slice(-2000)).not.toBe(0);
      expect(badValue.output).toContain('PROFILE');
      expect(snapshot(dir)).toEqual({ ...EARLIER, ...KEPT });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
