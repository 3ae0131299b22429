// A defect's replay command carries the run's target and writes its reports apart: it
// names BASE_URL, credentials only as variables ("$API_USER"), the settings the environment set
// (PROFILE=readonly above all), and REPORT_DIR=<the run's>/replay. Sent as printed against a shop
// elsewhere with a fault, it fails the same test again there, and the full run's reports stay.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createShop } from '../../reference/shop.js';
import { PROJECT_ROOT } from '../../src/config/config.js';
import { replayVariables } from '../../src/config/replay.js';
import type { CompatibilityReport } from '../../src/report/compatibility/types.js';
import { childEnv } from './support/proof-run.js';

const PASSWORD = 'Replay-Secret-3k';
const USER = 'replay-admin@example.test';

function sh(command: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn('sh', ['-c', command], { cwd: PROJECT_ROOT, env: childEnv(env) });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString('utf8')));
  child.stderr.on('data', (d: Buffer) => (output += d.toString('utf8')));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })));
}

test.describe('replay commands @harness @reports', () => {
  test('should carry the target, credentials as variables, the settings the environment set and a report folder apart', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'replay-root-'));
    mkdirSync(path.join(root, 'spec'));
    const reportDir = path.join(root, 'reports');
    const env = { BASE_URL: 'https://shop.example.test/api.php/v2', API_USER: USER, API_PASSWORD: PASSWORD, PROFILE: 'readonly', TIMEOUT_MS: '15000' };
    const vars = replayVariables({ baseUrl: env.BASE_URL, reportDir }, env, root);
    expect(vars).toEqual(['BASE_URL=https://shop.example.test/api.php/v2', 'API_USER="$API_USER"', 'API_PASSWORD="$API_PASSWORD"', 'PROFILE=readonly', 'REPORT_DIR=reports/replay']);
    expect(vars.join(' ')).not.toContain(PASSWORD);
    expect(vars.join(' ')).not.toContain(USER);
    // From .env the replay reads them again as the run did: "$API_USER" would be empty and unset them.
    writeFileSync(path.join(root, '.env'), `API_USER=${USER}\nAPI_PASSWORD=${PASSWORD}\nBASE_URL=${env.BASE_URL}\n`);
    expect(replayVariables({ baseUrl: env.BASE_URL, reportDir }, {}, root)).toEqual(['BASE_URL=https://shop.example.test/api.php/v2', 'REPORT_DIR=reports/replay']);
    // The embedded shop: no target to name; a report folder outside the project stays absolute.
    expect(replayVariables({ baseUrl: undefined, reportDir: '/tmp/elsewhere' }, {}, root)).toEqual(['REPORT_DIR=/tmp/elsewhere/replay']);
  });

  test('should reproduce a defect of a shop elsewhere as printed, without touching the full run\'s reports', async () => {
    test.setTimeout(180_000);
    const shop = await createShop({ faults: ['auth-no-www-authenticate'], user: USER, password: PASSWORD });
    const reportDir = mkdtempSync(path.join(tmpdir(), 'replay-run-'));
    const env = { BASE_URL: shop.url, API_USER: USER, API_PASSWORD: PASSWORD, REPORT_DIR: reportDir, ONLY_GROUPS: 'vpe', FC_RUNS: '5' };
    try {
      const full = await sh('node --import tsx src/cli/conformance.ts --reporter=dot', env);
      expect(full.code, full.output).toBe(1);
      const reportFile = path.join(reportDir, 'compatibility', 'report.json');
      const before = readFileSync(reportFile, 'utf8');
      const report = JSON.parse(before) as CompatibilityReport;
      const defect = report.defects.find((d) => d.cells.some((c) => c.check === 'authRequired'));
      const replay = defect?.reproduction.replay ?? '';
      expect(replay).toMatch(new RegExp(`^BASE_URL=${shop.url.replace(/[.]/g, '\\.')} API_USER="\\$API_USER" API_PASSWORD="\\$API_PASSWORD" REPORT_DIR=${reportDir}/replay npx playwright test `));
      expect(report.replayEnv?.join(' ')).not.toContain(PASSWORD);
      // Sent as printed, with the credentials in the shell as the run had them: the same test fails again there.
      const again = await sh(replay, { API_USER: USER, API_PASSWORD: PASSWORD });
      expect(again.code, again.output).toBe(1);
      const replayed = JSON.parse(readFileSync(path.join(reportDir, 'replay', 'compatibility', 'report.json'), 'utf8')) as CompatibilityReport;
      expect(replayed.target.url).toBe(shop.url);
      expect(replayed.defects.map((d) => d.signature)).toContain(defect?.signature);
      expect(readFileSync(reportFile, 'utf8')).toBe(before);
    } finally {
      await shop.close();
    }
  });
});
