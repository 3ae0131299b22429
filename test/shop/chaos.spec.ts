// SHOP_CHAOS=all-500, the bench's all-fail target (reference/http/chaos.ts): every answer is a
// plain-text 500 except what the harness's preflight needs, so the preflight passes and a run
// actually runs its tests. It is no named fault: the fault registry does not know it.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { request } from '@playwright/test';
import { catalogueFor } from '../../fixtures/catalogue.js';
import { ShopEnvError } from '../../reference/env.js';
import { FAULTS, FaultSet, UnknownFaultError } from '../../reference/faults/registry.js';
import { CHAOS_BODY, CHAOS_MODES, chaosFromEnv, preflightReadPath } from '../../reference/http/chaos.js';
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

test('should be no named fault and be off unless asked for @shop', async () => {
  for (const mode of CHAOS_MODES) {
    expect(FAULTS.map((f): string => f.name)).not.toContain(mode);
    expect(() => new FaultSet([mode])).toThrow(UnknownFaultError);
  }
  expect(chaosFromEnv(undefined)).toBeUndefined();
  expect(chaosFromEnv('')).toBeUndefined();
  expect(chaosFromEnv('all-500')).toBe('all-500');
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

test('should end `npm run shop` with one line for an unknown SHOP_CHAOS @shop', () => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'reference/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, PORT: '0', SHOP_CHAOS: 'everything' },
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(r.status).toBe(2);
  expect(r.stderr.trim()).toBe('Reference shop: SHOP_CHAOS=everything is not a chaos mode; known: all-500 (bench only).');
});
