// `npm run cleanup`: what an earlier run created and left behind (here: a run that "crashed"
// before its cleanup) is deleted from the target through the ledger, and reported.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createShop } from '../../reference/shop.js';
import { BUNDLED_SPEC, loadConfig, PROJECT_ROOT } from '../../src/config/config.js';
import { ledgerFile, outstandingEntries, readLedger } from '../../src/client/ledger.js';
import { nodeTransport } from '../../src/client/http.js';
import { Session } from '../../src/client/session.js';
import { catalogueFor } from '../../src/spec/cache.js';

const PASSWORD = 'Cleanup-Secret-5z';

function cleanup(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/cleanup.ts'], { cwd: PROJECT_ROOT, env: { ...process.env, ...env } });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString('utf8')));
  child.stderr.on('data', (d: Buffer) => (output += d.toString('utf8')));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })));
}

test('should delete what an earlier run left in the ledger and report it @harness @client', async () => {
  const shop = await createShop({ password: PASSWORD });
  const reportDir = mkdtempSync(path.join(tmpdir(), 'cleanup-'));
  const env = { BASE_URL: shop.url, API_PASSWORD: PASSWORD, REPORT_DIR: reportDir, RUN_ID: 'rcrashed' };
  const transport = nodeTransport();
  try {
    const catalogue = await catalogueFor(BUNDLED_SPEC, undefined);
    const session = new Session({ config: loadConfig(env), catalogue, transport, apiRoot: shop.url, ephemeral: false, workerIndex: 0 });
    const api = session.client();
    const created: string[] = [];
    for (const name of ['qa-rcrashed-1', 'qa-rcrashed-2']) {
      const ex = await api.call('createManufacturers', { body: { name } });
      created.push(api.createdBy(ex)[0]?.path ?? '');
    }
    // The run ends here without cleaning up.
    expect(outstandingEntries(readLedger(ledgerFile(reportDir))).map((e) => e.path)).toEqual(created);

    const first = await cleanup({ ...env, RUN_ID: 'rcleanup' });
    expect(first.code, first.output).toBe(0);
    expect(first.output).toContain(`Cleanup on ${shop.url}: removed 2, could not remove 0.`);
    for (const p of created) expect(first.output).toContain(`removed  ${p}`);
    expect(first.output).not.toContain(PASSWORD);
    for (const p of created) expect((await transport.send({ method: 'GET', url: `${shop.url}${p}`, headers: { authorization: `Basic ${Buffer.from(`admin@example.test:${PASSWORD}`).toString('base64')}` }, timeoutMs: 5000, insecureTls: false })).status).toBe(404);
    expect(outstandingEntries(readLedger(ledgerFile(reportDir)))).toEqual([]);

    const again = await cleanup({ ...env, RUN_ID: 'rcleanup2' });
    expect(again.code).toBe(0);
    expect(again.output).toContain('Nothing to clean up');
  } finally {
    transport.close();
    await shop.close();
  }
});

test('should name a record the API cannot delete once, with its manual step, and never retry it or fail over it @harness @client', async () => {
  const shop = await createShop({ password: PASSWORD });
  const reportDir = mkdtempSync(path.join(tmpdir(), 'cleanup-'));
  const env = { BASE_URL: shop.url, API_PASSWORD: PASSWORD, REPORT_DIR: reportDir, RUN_ID: 'rcrashed' };
  const transport = nodeTransport();
  try {
    const catalogue = await catalogueFor(BUNDLED_SPEC, undefined);
    const session = new Session({ config: loadConfig(env), catalogue, transport, apiRoot: shop.url, ephemeral: false, workerIndex: 0 });
    const api = session.client();
    // An e-mail attachment (the spec has no DELETE for /attachments) and a manufacturer, both left by a run that crashed.
    const name = 'qa-rcrashed-attachment.png';
    await api.call('uploadAttachments', { multipart: { upload_attachment: { name, mimeType: 'image/png', buffer: Buffer.from('89504e470d0a1a0a', 'hex') }, filename: name } });
    const maker = api.createdBy(await api.call('createManufacturers', { body: { name: 'qa-rcrashed-maker' } }))[0]?.path ?? '';
    expect(outstandingEntries(readLedger(ledgerFile(reportDir))).map((e) => (e.kind === 'file' ? e.id : e.path))).toEqual([name, maker]);

    const first = await cleanup({ ...env, RUN_ID: 'rcleanup' });
    expect(first.code, first.output).toBe(0);
    expect(first.output).toContain('1 record(s) the API cannot delete (the spec declares no DELETE for it); remove them by hand, cleanup will not try them again:');
    expect(first.output).toContain(`BY HAND  file ${name} in /attachments: delete the file ${name} from the shop's server by hand`);
    expect(first.output).toContain(`Cleanup on ${shop.url}: removed 1, could not remove 0.`);
    expect(outstandingEntries(readLedger(ledgerFile(reportDir)))).toEqual([]);

    const again = await cleanup({ ...env, RUN_ID: 'rcleanup2' });
    expect(again.code).toBe(0);
    expect(again.output).toContain('Nothing to clean up');
    expect(again.output).not.toContain(name);
  } finally {
    transport.close();
    await shop.close();
  }
});
