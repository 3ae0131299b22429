// Preflight: each way a target can be wrong gives one plain message saying what is wrong and how
// to fix it; a conformance run against such a target ends within 10 s with that one message.
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createShop } from '../../reference/shop.js';
import { BUNDLED_SPEC, PROJECT_ROOT } from '../../src/config/config.js';
import { PreflightError, runPreflight } from '../../src/preflight/preflight.js';
import { catalogueFor } from '../../src/spec/cache.js';

const USER = 'admin@example.test';
const PASSWORD = 'Preflight-Secret-9q';
const catalogue = await catalogueFor(BUNDLED_SPEC, undefined);

async function preflightError(apiRoot: string, over: { password?: string; insecureTls?: boolean } = {}): Promise<string> {
  try {
    await runPreflight({ apiRoot, user: USER, password: over.password ?? PASSWORD, insecureTls: over.insecureTls ?? false, catalogue });
  } catch (err) {
    expect(err).toBeInstanceOf(PreflightError);
    const message = (err as Error).message;
    expect(message).not.toContain(PASSWORD);
    expect(message.split('\n')).toHaveLength(1);
    return message;
  }
  throw new Error(`preflight passed for ${apiRoot}`);
}

async function htmlServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html><body>Welcome to our shop</body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * A partial implementation answering as the vendor's real shop (GX 3.2) does: the root map names
 * the resources it has; unknown resources answer a JSON 404 "Resource not found." before any
 * authentication; some collections answer 501; what it implements needs Basic auth. Any other
 * base path answers an HTML 404, as its web server does.
 */
async function partialShop(withRootMap = true): Promise<{ url: string; origin: string; close(): Promise<void> }> {
  const token = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
  const base = '/api.php/v2';
  const server = http.createServer((req, res) => {
    const json = (status: number, body: unknown, extra: Record<string, string> = {}): void => {
      res.writeHead(status, { 'content-type': 'application/json', ...extra });
      res.end(JSON.stringify(body));
    };
    const p = (req.url ?? '').split('?')[0] ?? '';
    if (!p.startsWith(base)) {
      res.writeHead(404, { 'content-type': 'text/html; charset=UTF-8' });
      res.end('<!doctype html><html><head><title>404 Not Found</title></head><body><h1>Not Found</h1></body></html>');
      return;
    }
    const resource = p.slice(base.length).split('/')[1] ?? '';
    const known = ['addresses', 'countries', 'customers', 'products'];
    if (resource && !known.includes(resource)) return json(404, { code: 404, status: 'error', message: 'Resource not found.' });
    if (req.headers.authorization !== token) return json(401, { code: 401, status: 'error', message: 'Unauthorized' }, { 'www-authenticate': 'Basic realm="shop"' });
    const versions = { 'x-api-version': 'v2.2.0', 'x-shop-version': 'v3.2.0.1' };
    if (!resource && !withRootMap) return json(404, { code: 404, status: 'error', message: 'Resource not found.' });
    if (!resource) return json(200, Object.fromEntries(known.map((k) => [k, `http://${req.headers.host}${base}/${k}`])), versions);
    if (resource === 'countries') return json(501, { code: 501, status: 'error', message: 'Operation is not implemented yet.' }, versions);
    return json(200, [{ id: 1 }], versions);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: `${origin}${base}`, origin, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

test.describe('preflight @harness @preflight', () => {
  test('should pass a partial implementation (unknown resources, 501) and read its root map', async () => {
    const shop = await partialShop();
    try {
      const result = await runPreflight({ apiRoot: shop.url, user: USER, password: PASSWORD, insecureTls: false, catalogue });
      expect(result).toMatchObject({ url: shop.url, apiVersion: 'v2.2.0', shopVersion: 'v3.2.0.1', rootMap: ['addresses', 'countries', 'customers', 'products'] });
      // Resources the root map names are tried first; the 501 of /countries is passed over.
      expect(result.probe).toMatch(/^GET \/(addresses|customers|products) -> 200$/);
      expect(result.tried[0]).toMatch(/root map of 4 resources/);
    } finally {
      await shop.close();
    }
  });

  test('should pass a partial implementation without a root map, passing over unknown resources', async () => {
    const shop = await partialShop(false);
    try {
      // A catalogue whose cheapest reads are unknown to the target: the preflight must go on past them.
      const unknownFirst = { ...catalogue, operations: [...catalogue.operations].sort((a, b) => Number(a.path.startsWith('/addresses')) - Number(b.path.startsWith('/addresses'))) };
      const result = await runPreflight({ apiRoot: shop.url, user: USER, password: PASSWORD, insecureTls: false, catalogue: unknownFirst });
      expect(result.probe).toMatch(/-> 200$/);
      expect(result.rootMap).toBeUndefined();
      expect(result.tried.some((t) => /404 \(not implemented\)/.test(t))).toBe(true);
    } finally {
      await shop.close();
    }
  });

  test('should catch a wrong base path on a partial implementation, and refused credentials', async () => {
    const shop = await partialShop();
    try {
      expect(await preflightError(`${shop.origin}/shop1/api.php/v2`)).toMatch(/answers with an HTML page \(404\), not the API\. BASE_URL must be the API's base URL including its base path/);
      expect(await preflightError(shop.url, { password: 'not-the-password' })).toMatch(/^The credentials were refused \(401 from GET http:.*\/api\.php\/v2\)\./);
    } finally {
      await shop.close();
    }
  });

  test('should pass a healthy target and read its version headers', async () => {
    const shop = await createShop({ password: PASSWORD });
    try {
      const result = await runPreflight({ apiRoot: shop.url, user: USER, password: PASSWORD, insecureTls: false, catalogue });
      expect(result).toMatchObject({ url: shop.url, apiVersion: 'v2', shopVersion: '3.9.0' });
      expect(result.durationMs).toBeLessThan(10_000);
    } finally {
      await shop.close();
    }
  });

  test('should say when the connection is refused', async () => {
    expect(await preflightError('http://127.0.0.1:9/shop1/api.php/v2')).toBe(
      'Cannot connect to 127.0.0.1:9: connection refused. Is the shop running, and are the host and port in BASE_URL right (http://127.0.0.1:9/shop1/api.php/v2)?',
    );
  });

  test('should say when BASE_URL misses the API (404) and when it answers HTML', async () => {
    const shop = await createShop({ password: PASSWORD });
    const html = await htmlServer();
    try {
      expect(await preflightError(`${shop.origin}/shop1/api.php/v3`)).toMatch(/^6 reads \(getVPEs 404, .*\) answer 404: BASE_URL does not point at the API\. It must include the base path, e\.g\. …\/shop1\/api\.php\/v2\.$/);
      expect(await preflightError(`${html.url}/shop1/api.php/v2`)).toMatch(/answers with an HTML page \(200\), not the API\. BASE_URL must be the API's base URL including its base path/);
    } finally {
      await shop.close();
      await html.close();
    }
  });

  test('should say when the credentials are refused', async () => {
    const shop = await createShop({ password: PASSWORD });
    try {
      expect(await preflightError(shop.url, { password: 'not-the-password' })).toMatch(/^The credentials were refused \(401 from GET http:\/\/127\.0\.0\.1:\d+\/shop1\/api\.php\/v2\)\. Check API_USER and API_PASSWORD/);
    } finally {
      await shop.close();
    }
  });

  test('should say when the TLS certificate is not trusted, and pass with INSECURE_TLS', async () => {
    const shop = await createShop({ password: PASSWORD, tls: true });
    try {
      expect(await preflightError(shop.url)).toMatch(/^The TLS certificate of 127\.0\.0\.1:\d+ is not trusted \([A-Z_]+\)\. For a staging shop with a self-signed certificate, set INSECURE_TLS=1/);
      const ok = await runPreflight({ apiRoot: shop.url, user: USER, password: PASSWORD, insecureTls: true, catalogue });
      expect(ok.apiVersion).toBe('v2');
    } finally {
      await shop.close();
    }
  });

  test('should end a conformance run against a wrong target within 10 s with one message', async () => {
    const shop = await createShop({ password: PASSWORD });
    try {
      const cli = path.join(PROJECT_ROOT, 'node_modules/@playwright/test/cli.js');
      const started = Date.now();
      const child = spawn(process.execPath, [cli, 'test'], {
        cwd: PROJECT_ROOT,
        env: { ...process.env, BASE_URL: shop.url, API_USER: USER, API_PASSWORD: 'not-the-password', REPORT_DIR: mkdtempSync(path.join(tmpdir(), 'preflight-')), FORCE_COLOR: '0' },
      });
      let output = '';
      child.stdout.on('data', (d: Buffer) => (output += d.toString('utf8')));
      child.stderr.on('data', (d: Buffer) => (output += d.toString('utf8')));
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      const elapsed = Date.now() - started;
      expect(code).toBe(2);
      expect(elapsed).toBeLessThan(10_000);
      const failures = output.split('\n').filter((l) => l.startsWith('Preflight failed:'));
      expect(failures).toEqual([expect.stringMatching(/^Preflight failed: The credentials were refused \(401 from .*\)\. Check API_USER and API_PASSWORD/)]);
      // No test ran, no stack trace.
      expect(output).not.toMatch(/\d+ (passed|failed)|\n\s+at /);
      expect(output).not.toContain('not-the-password');
    } finally {
      await shop.close();
    }
  });

  test('should refuse ONLY_GROUPS/SKIP_GROUPS naming a group the spec lacks, naming the known ones', async () => {
    const shop = await createShop({ password: PASSWORD });
    try {
      const cli = path.join(PROJECT_ROOT, 'node_modules/@playwright/test/cli.js');
      const child = spawn(process.execPath, [cli, 'test'], {
        cwd: PROJECT_ROOT,
        env: { ...process.env, BASE_URL: shop.url, API_USER: USER, API_PASSWORD: PASSWORD, ONLY_GROUPS: 'taxes', SKIP_GROUPS: '', REPORT_DIR: mkdtempSync(path.join(tmpdir(), 'preflight-')), FORCE_COLOR: '0' },
      });
      let output = '';
      child.stdout.on('data', (d: Buffer) => (output += d.toString('utf8')));
      child.stderr.on('data', (d: Buffer) => (output += d.toString('utf8')));
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(code, output).toBe(2);
      expect(output).toMatch(/ONLY_GROUPS\/SKIP_GROUPS name a group the spec does not have: taxes\. Known groups: .*\btax\b/);
      expect(output).not.toMatch(/\d+ (passed|failed)|\n\s+at /);
    } finally {
      await shop.close();
    }
  });
});
