// The API client against real HTTP: a tiny recording server (auth header sent once, User-Agent,
// 429 pacing, transport errors) and the reference shop (ledger before return, guard, cleanup,
// readonly profile).
import { mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import { createShop } from '../../reference/shop.js';
import { loadConfig, type HarnessConfig, type Profile } from '../../src/config/config.js';
import { GuardError, RateLimitError, TransportError } from '../../src/core/errors.js';
import { outstandingEntries, readLedger } from '../../src/client/ledger.js';
import { nodeTransport, type HttpTransport } from '../../src/client/http.js';
import { Session } from '../../src/client/session.js';
import type { ApiClient } from '../../src/client/api-client.js';
import { catalogueFor } from '../../src/spec/cache.js';
import { BUNDLED_SPEC } from '../../src/config/config.js';

const PASSWORD = 'client-Test-Secret-77';

function config(profile: Profile = 'standard'): HarnessConfig {
  const dir = mkdtempSync(path.join(tmpdir(), 'client-'));
  return loadConfig({ REPORT_DIR: dir, API_PASSWORD: PASSWORD, PROFILE: profile, RUN_ID: 'rclient', MAX_RPS: '1000', TIMEOUT_MS: '3000' });
}

interface Recorded {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
}

/** A server that records requests and answers from a script (default: 200 []). */
async function recordingServer(script: (n: number, req: http.IncomingMessage) => { status: number; headers?: Record<string, string>; body?: string } = () => ({ status: 200 })) {
  const seen: Recorded[] = [];
  const server = http.createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    const a = script(seen.length, req);
    res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers });
    res.end(a.body ?? '[]');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}/shop1/api.php/v2`, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const test = base.extend<{ clientFor: (apiRoot: string, profile?: Profile) => Promise<ApiClient> }>({
  // Playwright wants the fixture's dependencies destructured, even when there are none.
  // eslint-disable-next-line no-empty-pattern
  clientFor: async ({}, use) => {
    const transports: HttpTransport[] = [];
    const catalogue = await catalogueFor(BUNDLED_SPEC, undefined);
    await use((apiRoot, profile = 'standard') => {
      const transport = nodeTransport();
      transports.push(transport);
      return Promise.resolve(new Session({ config: config(profile), catalogue, transport, apiRoot, ephemeral: true, workerIndex: 0 }).client());
    });
    for (const t of transports) t.close();
  },
});

test.describe('ApiClient over HTTP @harness @client', () => {
  test('should send Basic auth once per request, a User-Agent, and record the exchange redacted', async ({ clientFor }) => {
    const server = await recordingServer();
    try {
      const api = await clientFor(server.url);
      const ex = await api.call('getMultipleLanguages');
      expect(server.seen).toHaveLength(1);
      expect(server.seen[0]?.url).toBe('/shop1/api.php/v2/languages');
      expect(server.seen[0]?.headers.authorization).toBe(`Basic ${Buffer.from(`admin@example.test:${PASSWORD}`).toString('base64')}`);
      expect(server.seen[0]?.headers['user-agent']).toMatch(/^shop-api-conformance\/\S+ \(run rclient\)$/);
      expect(ex.request.headers.authorization).toBe('Basic [REDACTED]');
      expect(JSON.stringify(ex)).not.toContain(PASSWORD);
      expect(api.exchanges).toHaveLength(1);
      await api.call('getMultipleLanguages', { auth: 'none' });
      expect(server.seen[1]?.headers.authorization).toBeUndefined();
    } finally {
      await server.close();
    }
  });

  test('should wait for the reset and retry a 429, and report a 429 that persists', async ({ clientFor }) => {
    const reset = () => String(Math.ceil(Date.now() / 1000) + 1);
    const flaky = await recordingServer((n) => (n === 1 ? { status: 429, headers: { 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': reset() } } : { status: 200 }));
    try {
      const api = await clientFor(flaky.url);
      const started = Date.now();
      const ex = await api.call('getMultipleLanguages');
      expect(ex.response.status).toBe(200);
      expect(ex.retries).toBe(1);
      expect(Date.now() - started).toBeGreaterThan(200);
    } finally {
      await flaky.close();
    }
    const stuck = await recordingServer(() => ({ status: 429, headers: { 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': reset() } }));
    try {
      const api = await clientFor(stuck.url);
      await expect(api.call('getMultipleLanguages')).rejects.toBeInstanceOf(RateLimitError);
      expect(stuck.seen).toHaveLength(3);
    } finally {
      await stuck.close();
    }
  });

  test('should turn no answer into a TransportError, or a status-0 exchange when asked', async ({ clientFor }) => {
    const server = await recordingServer();
    const url = server.url;
    await server.close();
    const api = await clientFor(url);
    const err = await api.call('getMultipleLanguages').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TransportError);
    expect((err as TransportError).code).toBe('ECONNREFUSED');
    const ex = await api.call('getMultipleLanguages', { noAnswer: 'return' });
    expect(ex.response).toMatchObject({ status: 0, transportError: 'ECONNREFUSED' });
  });
});

test.describe('ApiClient against the reference shop @harness @client', () => {
  test('should write the ledger before a create returns, refuse foreign records and clean up newest first', async ({ clientFor }) => {
    const shop = await createShop({ password: PASSWORD });
    try {
      const api = await clientFor(shop.url);
      const ex = await api.call('createCustomerGroup', { body: { names: { en: 'qa-rclient', de: 'qa-rclient' } } }).catch(() => undefined);
      const group = ex && api.createdBy(ex)[0];
      const created = await api.call('createManufacturers', { body: { name: 'qa-rclient-1' } });
      const [record] = api.createdBy(created);
      expect(created.response.status).toBe(201);
      expect(record?.path).toMatch(/^\/manufacturers\/\d+$/);
      // The line is on disk by the time the call returned.
      const lines = readLedger(api.ledger.file);
      expect(lines.some((l) => l.event === 'create' && l.path === record?.path && l.run === 'rclient')).toBe(true);

      await expect(api.call('updateManufacturers', { path: { manufacturer_id: 1 }, body: { name: 'x' } })).rejects.toBeInstanceOf(GuardError);
      const own = await api.call('updateManufacturers', { path: { manufacturer_id: record?.id ?? '' }, body: { name: 'qa-rclient-2' } });
      expect(own.response.status).toBe(200);

      const result = await api.cleanup();
      expect(result.failed).toEqual([]);
      expect(result.removed.map((r) => r.path)).toEqual([record?.path, ...(group ? [group.path] : [])]);
      expect(outstandingEntries(readLedger(api.ledger.file))).toEqual([]);
      expect(readFileSync(api.ledger.file, 'utf8')).not.toContain(PASSWORD);
    } finally {
      await shop.close();
    }
  });

  test('should send only reads and search POSTs with PROFILE=readonly', async ({ clientFor }) => {
    const shop = await createShop({ password: PASSWORD });
    try {
      const api = await clientFor(shop.url, 'readonly');
      expect((await api.call('getCustomers')).response.status).toBe(200);
      expect((await api.call('searchCustomer', { body: { search: ['email', 'eq', 'nobody@example.test'] } })).response.status).toBe(200);
      await expect(api.call('createManufacturers', { body: { name: 'qa-x' } })).rejects.toThrow(/PROFILE=readonly sends no writes/);
      expect(readLedger(api.ledger.file)).toEqual([]);
    } finally {
      await shop.close();
    }
  });
});
