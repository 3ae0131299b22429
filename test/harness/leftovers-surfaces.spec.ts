// Records the API cannot delete: e-mail attachments have no DELETE in the spec, so a run
// against a shop elsewhere leaves every one it uploads. leftovers.json, the compatibility page's
// "Left behind on the target", report.md and the console name the same files, each with the manual
// step that removes it; the run does not send the user to `npm run cleanup` for them, and a cleanup
// afterwards does not try them again.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createShop } from '../../reference/shop.js';
import { PROJECT_ROOT } from '../../src/config/config.js';
import { childEnv } from './support/proof-run.js';

const PASSWORD = 'Leftover-Secret-7q';

function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: PROJECT_ROOT, env: childEnv(env) });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString('utf8')));
  child.stderr.on('data', (d: Buffer) => (output += d.toString('utf8')));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })));
}

interface LeftoversFile {
  leftovers: { kind: string; id: string; collection: string; apiCannotDelete?: boolean; manualStep?: string }[];
}

test('should name the same undeletable files on every surface, with the manual step, and not send them to cleanup @harness @client', async () => {
  const shop = await createShop({ password: PASSWORD });
  const reportDir = mkdtempSync(path.join(tmpdir(), 'leftovers-'));
  const env = { BASE_URL: shop.url, API_PASSWORD: PASSWORD, REPORT_DIR: reportDir, ONLY_GROUPS: 'attachments', FC_RUNS: '5' };
  try {
    const conformance = await run(['src/cli/conformance.ts', '--reporter=dot'], env);
    expect(conformance.code, conformance.output).toBe(0);
    const file = JSON.parse(readFileSync(path.join(reportDir, 'leftovers.json'), 'utf8')) as LeftoversFile;
    const names = file.leftovers.map((e) => e.id).sort();
    expect(names.length).toBeGreaterThan(0);
    for (const e of file.leftovers) {
      expect(e).toMatchObject({ kind: 'file', collection: '/attachments', apiCannotDelete: true });
      expect(e.manualStep).toContain(`delete the file ${e.id} from the shop's server by hand`);
    }
    // The console: named apart, with the manual step, and no "run npm run cleanup to retry".
    expect(conformance.output).toContain(`${names.length} record(s) this run created cannot be deleted through the API`);
    for (const e of file.leftovers) expect(conformance.output).toContain(`file ${e.id} in /attachments (uploadAttachments) on ${shop.url}: ${e.manualStep ?? ''}`);
    expect(conformance.output).not.toContain('to retry');
    // The page and the Markdown name the same files.
    const page = readFileSync(path.join(reportDir, 'compatibility', 'index.html'), 'utf8');
    const listed = [...page.matchAll(/<li class="leftover manual"><code>file (\S+) in \/attachments/g)].map((m) => m[1]).sort();
    expect(listed).toEqual(names);
    expect(page).toContain(`${names.length} record(s) the API cannot delete`);
    expect(page).not.toContain('Nothing: every record the run created was deleted');
    const md = readFileSync(path.join(reportDir, 'compatibility', 'report.md'), 'utf8');
    for (const n of names) expect(md).toContain(`file ${n} in /attachments`);
    // Named once: cleanup neither tries them again nor fails over them.
    const cleanup = await run(['src/cli/cleanup.ts'], env);
    expect(cleanup.code, cleanup.output).toBe(0);
    expect(cleanup.output).toContain('Nothing to clean up');
  } finally {
    await shop.close();
  }
});
