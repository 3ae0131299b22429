// The harness against a target elsewhere: the reference shop started as a process of its own
// (`npm run shop`, outside the measured tree) and named by BASE_URL, as a user points the harness at
// a shop. Then the config's default is 2 workers (playwright.config.ts), not the embedded case's 1,
// and the peak memory of the harness's tree (runner and workers) has a goal of its own
// (GOALS.rssRemoteMb in render.ts). Requests are the client's count (the probe), the shop being outside the tree.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { PROJECT_ROOT } from '../src/config/config.js';
import { BASE_PATH } from '../src/config/embedded.js';
import { runHarness, type HarnessRun } from './harness.js';

/** A port that was free a moment ago. */
async function freePort(): Promise<number> {
  const s = createServer();
  s.listen(0, '127.0.0.1');
  await once(s, 'listening');
  const address = s.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

async function startShop(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'reference/main.ts'], { cwd: PROJECT_ROOT, env: { ...process.env, PORT: String(port), SHOP_FAULTS: '', SHOP_CHAOS: '', NODE_OPTIONS: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const listening = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the reference shop did not start in 60 s: ${out}`)), 60_000);
    child.stdout?.on('data', (b: Buffer) => {
      out += b.toString('utf8');
      if (/listening on/.test(out)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr?.on('data', (b: Buffer) => (out += b.toString('utf8')));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the reference shop exited (${code}) before listening: ${out}`));
    });
  });
  await listening;
  return child;
}

/** One measured run against a fresh reference shop in a process of its own, default workers. */
export async function runHarnessRemote(workDir: string, timeoutMs: number): Promise<HarnessRun> {
  const port = await freePort();
  const shop = await startShop(port);
  try {
    const run = await runHarness(workDir, [], undefined, timeoutMs, { BASE_URL: `http://127.0.0.1:${port}${BASE_PATH}` });
    return { ...run, requests: run.requestsSent };
  } finally {
    shop.kill('SIGTERM');
    if (shop.exitCode === null) await once(shop, 'exit');
  }
}
