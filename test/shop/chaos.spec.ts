// The chaos modes (reference/http/chaos.ts). SHOP_CHAOS=all-500, the bench's all-fail target: every
// answer is a plain-text 500 except what the harness's preflight needs, so the preflight passes and
// a run actually runs its tests. SHOP_CHAOS=overlap-500: a list read that overlaps another request
// with the same credentials answers 500, as GX 3.2 does; alone it is answered correctly. Neither is
// a named fault: the fault registry does not know them.
import http from 'node:http';
import { request } from '@playwright/test';
import { catalogueFor } from '../../src/spec/cache.js';
import { ShopEnvError } from '../../reference/env.js';
import { FAULTS, FaultSet, UnknownFaultError } from '../../reference/faults/registry.js';
import { CHAOS_BODY, CHAOS_MODES, chaosFromEnv, OVERLAP_MESSAGE, preflightReadPath } from '../../reference/http/chaos.js';
import { createShop, type RunningShop } from '../../reference/shop.js';
import { BUNDLED_SPEC, DEFAULT_PASSWORD, DEFAULT_USER } from '../../src/config/config.js';
import { probeOperation, runPreflight } from '../../src/preflight/preflight.js';
import { AUTH, expect, test } from './support/shop-fixture.js';

const catalogue = await catalogueFor(BUNDLED_SPEC, undefined);

test.describe('chaos mode all-500 @shop', () => {
  let shop: RunningShop;
  test.beforeAll(async () => {
    shop = await createShop({ chaos: 'all-500' });
  });
  test.afterAll(async () => {
    await shop.close();
  });

  test('should spare exactly the preflight read of src/preflight', () => {
    expect(preflightReadPath(catalogue)).toBe(probeOperation(catalogue)?.path);
    expect(preflightReadPath(catalogue)).toBe('/vpe');
  });

  test('should let the preflight pass', async () => {
    const r = await runPreflight({ apiRoot: shop.url, user: DEFAULT_USER, password: DEFAULT_PASSWORD, insecureTls: false, catalogue });
    expect(r.probe).toBe('GET /vpe -> 200');
    expect(r.rootMap?.length).toBeGreaterThan(10);
  });

  test('should answer everything else with a plain-text 500', async () => {
    const api = await request.newContext({ extraHTTPHeaders: { Authorization: AUTH } });
    const anon = await request.newContext();
    try {
      const u = (p: string): string => `${shop.url}${p}`;
      // Spared: the root (with and without credentials, as Playwright's webServer polls it) and the first read.
      expect((await api.get(u('/'))).status()).toBe(200);
      expect((await anon.get(u('/'))).status()).toBe(401);
      const vpe = await api.get(u('/vpe'));
      expect(vpe.status()).toBe(200);
      expect(vpe.headers()['content-type']).toContain('application/json');
      expect(Array.isArray(await vpe.json())).toBe(true);

      const broken = [
        await api.get(u('/vpe?page=1')),
        await api.get(u('/customers')),
        await api.get(u('/customers/1')),
        await api.get(u('/no-such-resource')),
        await api.post(u('/customers'), { data: { email: 'chaos@example.test' } }),
        await api.delete(u('/customers/1')),
        await api.fetch(u('/customers'), { method: 'PATCH' }),
        await anon.get(u('/customers')),
        await api.head(u('/vpe')),
      ];
      for (const res of broken) {
        const what = `${res.url()}`;
        expect(res.status(), what).toBe(500);
        expect(res.headers()['content-type'], what).toBe('text/plain; charset=utf-8');
        expect(res.headers().location, what).toBeUndefined();
        expect(res.headers()['www-authenticate'], what).toBeUndefined();
      }
      expect(await broken[1]?.text()).toBe(`${CHAOS_BODY} (SHOP_CHAOS=all-500)\n`);
    } finally {
      await api.dispose();
      await anon.dispose();
    }
  });
});

test.describe('chaos mode overlap-500 @shop', () => {
  let shop: RunningShop;
  test.beforeAll(async () => {
    shop = await createShop({ chaos: 'overlap-500' });
  });
  test.afterAll(async () => {
    await shop.close();
  });

  /**
   * A request kept in flight by the test: a POST whose body is withheld until `end()` (the shop has
   * seen its headers, so it counts as in flight, and waits for the rest).
   */
  async function inFlight(auth: string | undefined): Promise<{ end(): Promise<number> }> {
    const body = JSON.stringify({ name: 'held' });
    const req = http.request(`${shop.url}/manufacturers`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), ...(auth ? { Authorization: auth } : {}) },
    });
    const answered = new Promise<number>((resolve, reject) => {
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
    });
    req.flushHeaders();
    // The shop sees the headers on its next turn; a generous wait, since nothing answers it meanwhile.
    await new Promise((r) => setTimeout(r, 200));
    return {
      end: async () => {
        req.end(body);
        return answered;
      },
    };
  }

  /** `second` sent while a request with `auth` is in flight; the held request is then let go. */
  async function overlapping<T>(auth: string | undefined, second: () => Promise<T>): Promise<T> {
    const held = await inFlight(auth);
    try {
      return await second();
    } finally {
      await held.end();
    }
  }

  test('should answer a list read that overlaps another request of the same credentials with 500, and the same read alone correctly', async () => {
    const api = await request.newContext({ extraHTTPHeaders: { Authorization: AUTH } });
    try {
      const u = (p: string): string => `${shop.url}${p}`;
      const alone = await api.get(u('/customers?page=1&per_page=2'));
      expect(alone.status()).toBe(200);
      const listed = (await alone.json()) as unknown[];
      expect(listed).toHaveLength(2);

      const second = await overlapping(AUTH, () => api.get(u('/customers?page=1&per_page=2')));
      expect(second.status(), 'the list read that overlapped another request').toBe(500);
      expect(second.headers()['content-type']).toContain('application/json');
      expect(second.headers().link).toBeUndefined();
      expect(await second.json()).toMatchObject({ code: 500, status: 'error', message: OVERLAP_MESSAGE });

      // Replayed alone, the same read is answered as before: the defect is the overlap, not the request.
      const replay = await api.get(u('/customers?page=1&per_page=2'));
      expect(replay.status()).toBe(200);
      expect(await replay.json()).toEqual(listed);
    } finally {
      await api.dispose();
    }
  });

  test('should answer overlapping single reads, writes and errors as usual, and requests of other credentials apart', async () => {
    const api = await request.newContext({ extraHTTPHeaders: { Authorization: AUTH } });
    try {
      const u = (p: string): string => `${shop.url}${p}`;
      const single = await overlapping(AUTH, () => api.get(u('/customers/2')));
      expect(single.status(), 'a single-record read').toBe(200);
      const write = await overlapping(AUTH, () => api.post(u('/manufacturers'), { data: { name: 'overlap' } }));
      expect(write.status(), 'a write').toBeLessThan(300);
      const other = await overlapping(undefined, () => api.get(u('/customers')));
      expect(other.status(), 'a list read overlapping only a request without credentials').toBe(200);
      const missing = await overlapping(AUTH, () => api.get(u('/categories/999999/products')));
      expect(missing.status(), 'an error answer of a list read').toBe(404);
    } finally {
      await api.dispose();
    }
  });
});

test('should be no named fault and be off unless asked for @shop', async () => {
  for (const mode of CHAOS_MODES) {
    expect(FAULTS.map((f): string => f.name)).not.toContain(mode);
    expect(() => new FaultSet([mode])).toThrow(UnknownFaultError);
  }
  expect(chaosFromEnv(undefined)).toBeUndefined();
  expect(chaosFromEnv('')).toBeUndefined();
  expect(chaosFromEnv('all-500')).toBe('all-500');
  expect(chaosFromEnv('overlap-500')).toBe('overlap-500');
  expect(() => chaosFromEnv('everything')).toThrow(ShopEnvError);
  const shop = await createShop();
  const api = await request.newContext({ extraHTTPHeaders: { Authorization: AUTH } });
  try {
    expect((await api.get(`${shop.url}/customers`)).status()).toBe(200);
  } finally {
    await api.dispose();
    await shop.close();
  }
});

