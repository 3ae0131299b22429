// `npm run shop`: the standalone shop reads its environment, prints its URL, serves, stops on
// SIGTERM; `--list-faults` prints every fault; bad settings (port, fault, quirk, chaos mode, an
// unknown argument) and a port another process holds end the start with one line.
import { spawn, spawnSync } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { ALL_FAULTS } from '../../reference/faults/registry.js';
import { QUIRKS } from '../../reference/quirks/registry.js';
import { expect, test } from './support/shop-fixture.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const MAIN = ['--import', 'tsx', 'reference/main.ts'];

function run(args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, [...MAIN, ...args], { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 30_000 });
}

test('should print every fault with its description for --list-faults @shop', () => {
  const r = run(['--list-faults'], {});
  expect(r.status).toBe(0);
  const lines = r.stdout.trim().split('\n');
  // Also the faults that await their check (they are listed, marked as not in the fault matrix yet).
  expect(lines.length).toBe(ALL_FAULTS.length);
  for (const f of ALL_FAULTS) expect(lines.some((l) => l.startsWith(f.name) && l.includes(f.description)), f.name).toBe(true);
});

test('should end the start with one line for bad settings @shop', () => {
  const badPort = run([], { PORT: 'eighty' });
  expect(badPort.status).toBe(2);
  expect(badPort.stderr.trim()).toMatch(/^Reference shop: PORT=eighty is not a port number/);
  const badFault = run([], { PORT: '0', SHOP_FAULTS: 'no-such-fault' });
  expect(badFault.status).toBe(2);
  expect(badFault.stderr).toContain('unknown fault(s): no-such-fault');
  expect(badFault.stderr).toContain('auth-missing-credentials-accepted');
  const badQuirk = run([], { PORT: '0', SHOP_QUIRKS: 'no-such-quirk' });
  expect(badQuirk.status).toBe(2);
  expect(badQuirk.stderr.trim()).toBe(`Reference shop: unknown quirk(s): no-such-quirk. Known quirks: ${QUIRKS.map((q) => q.name).sort().join(', ')}`);
  const badChaos = run([], { PORT: '0', SHOP_CHAOS: 'everything' });
  expect(badChaos.status).toBe(2);
  expect(badChaos.stderr.trim()).toBe('Reference shop: SHOP_CHAOS=everything is not a chaos mode; known: all-500 (bench), overlap-500 (concurrency).');
});

test('should serve on 127.0.0.1, print its URL and stop cleanly on SIGTERM @shop', async ({ request }) => {
  const child = spawn(process.execPath, MAIN, { cwd: ROOT, env: { ...process.env, PORT: '0', SHOP_FAULTS: 'auth-no-www-authenticate' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    await expect.poll(() => out, { timeout: 20_000 }).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+\/shop1\/api\.php\/v2/);
    const url = /(http:\/\/127\.0\.0\.1:\d+\/shop1\/api\.php\/v2)/.exec(out)?.[1] ?? '';
    expect(out).toContain('auth-no-www-authenticate');
    const res = await request.get(`${url}/`);
    expect(res.status()).toBe(401);
    expect(res.headers()['www-authenticate']).toBeUndefined();
  } finally {
    child.kill('SIGTERM');
  }
  expect(await exited).toBe(0);
});

test('should end the start with one line when the port is taken, not a stack trace @shop', async () => {
  const holder = createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  const port = (holder.address() as AddressInfo).port;
  try {
    const busy = run([], { PORT: String(port) });
    expect(busy.status).toBe(2);
    expect(busy.stderr.trim()).toBe(`Reference shop: port ${port} on 127.0.0.1 is already in use (another shop or server?); choose another with PORT=<n>, or PORT=0 for any free port.`);
    const unknown = run(['--bogus'], { PORT: '0' });
    expect(unknown.status).toBe(2);
    expect(unknown.stderr.trim()).toBe('Reference shop: unknown argument --bogus; use --list-faults or --help.');
  } finally {
    holder.close();
  }
});
