// Where reference ids and formats come from (src/data/references.ts), against a stub that answers
// reads the way the vendor's shop (GX 3.2, API v2.2.0) does, and against the reference shop: ids
// from lists of their kind or from the same field of records the target shows (confirmed by a
// single read where there is one), fields of one record taken together, the target's "none" (0)
// counted as read, unspecific names (`statusId`) only from records of the body's own resource,
// kinds the harness can create never borrowed, and a reason when nothing can be had.
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import { createShop } from '../../reference/shop.js';
import type { ApiClient } from '../../src/client/api-client.js';
import { shopReferences } from '../../src/data/references.js';
import { shopFormats } from '../../src/data/shop-formats.js';
import { resolveReferences } from '../../src/data/request-body.js';
import { nodeTransport, type HttpTransport } from '../../src/client/http.js';
import { Session } from '../../src/client/session.js';
import { BUNDLED_SPEC, loadConfig } from '../../src/config/config.js';
import { catalogueFor } from '../../src/spec/cache.js';

const PASSWORD = 'refs-Test-Secret-31';

const ml = (en: string, de: string) => ({ en, de });
/** GET answers of a fresh GX 3.2 shop (abridged), by path; anything else is its JSON 404. */
const GX: Record<string, { status: number; body: unknown }> = {
  '/categories': { status: 200, body: [{ id: 1, parentId: 0, isActive: true, name: 'Testkategorie' }] },
  '/categories/1': { status: 200, body: { id: 1, parentId: 0, dateAdded: '2008-08-08 17:16:41', lastModified: '2008-08-25 17:33:52', name: ml('test category', 'Testkategorie') } },
  '/products': { status: 200, body: [{ id: 1, isActive: true, name: 'Testartikel' }] },
  '/products/1': {
    status: 200,
    body: { id: 1, dateAdded: '2008-08-08 17:19:46', dateAvailable: '1000-01-01 00:00:00', taxClassId: 1, shippingTimeId: 1, productTypeId: 1, manufacturerId: 0, vpeId: 0, name: ml('test article', 'Testartikel'), viewedCount: { en: 0, de: 32 } },
  },
  '/customers': { status: 200, body: [{ id: 1, dateOfBirth: '1000-01-01', email: 'admin@example.com', statusId: 0, isGuest: false, addressId: 1 }] },
  '/customers/1': { status: 200, body: { id: 1, dateOfBirth: '1000-01-01', email: 'admin@example.com', statusId: 0, isGuest: false, addressId: 1 } },
  '/addresses': { status: 200, body: [{ id: 1, customerId: 1, countryId: 81, zoneId: 82, city: 'Berlin' }] },
  '/addresses/1': { status: 200, body: { id: 1, customerId: 1, countryId: 81, zoneId: 82, city: 'Berlin' } },
  '/orders': { status: 200, body: [] },
  '/emails': { status: 200, body: [] },
  '/countries': { status: 501, body: { code: 501, status: 'error', message: 'Cannot fetch all registered countries, operation is not implemented yet.' } },
  '/countries/81': { status: 200, body: { id: 81, name: 'Germany', iso2: 'DE', iso3: 'DEU', addressFormatId: 5, status: true } },
  '/zones': { status: 501, body: { code: 501, status: 'error', message: 'Cannot fetch all registered zones, operation is not implemented yet.' } },
  '/zones/82': { status: 200, body: { id: 82, name: 'Berlin', iso: 'BER' } },
};

async function gxStub() {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    const p = (req.url ?? '').replace(/^\/api\.php\/v2/, '').split('?')[0] ?? '';
    seen.push(`${req.method ?? ''} ${p}`);
    const a = req.method === 'GET' ? GX[p] : undefined;
    res.writeHead(a?.status ?? 404, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(a?.body ?? { code: 404, status: 'error', message: 'Resource not found.' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}/api.php/v2`, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const test = base.extend<{ clientFor: (apiRoot: string) => Promise<ApiClient> }>({
  // Playwright wants the fixture's dependencies destructured, even when there are none.
  // eslint-disable-next-line no-empty-pattern
  clientFor: async ({}, use) => {
    const transports: HttpTransport[] = [];
    const catalogue = await catalogueFor(BUNDLED_SPEC, undefined);
    await use((apiRoot) => {
      const transport = nodeTransport();
      transports.push(transport);
      const config = loadConfig({ REPORT_DIR: mkdtempSync(path.join(tmpdir(), 'refs-')), API_PASSWORD: PASSWORD, RUN_ID: 'rrefs', MAX_RPS: '1000', TIMEOUT_MS: '3000' });
      return Promise.resolve(new Session({ config, catalogue, transport, apiRoot, ephemeral: true, workerIndex: 0 }).client());
    });
    for (const t of transports) t.close();
  },
});

test.describe('reference ids and formats read from a GX 3.2-like target', () => {
  test('should learn the language keys, date styles and country from its records', async ({ clientFor }) => {
    const gx = await gxStub();
    try {
      const facts = await shopFormats(await clientFor(gx.url)).facts();
      expect(facts).toMatchObject({ languages: ['en', 'de'], dateTimeStyle: 'sql', currency: 'EUR', country: { id: 81, iso2: 'DE', iso3: 'DEU', name: 'Germany' } });
      expect(facts.dateFields).toMatchObject({ dateAdded: 'sql', dateAvailable: 'sql', dateOfBirth: 'date' });
    } finally {
      await gx.close();
    }
  });

  test('should read ids from fields of records it shows when it lists no records of the kind, and give a reason otherwise', async ({ clientFor }) => {
    const gx = await gxStub();
    try {
      const refs = shopReferences(await clientFor(gx.url));
      const product = await refs.lookupTogether(['taxClassId', 'shippingTimeId', 'productTypeId', 'manufacturerId', 'vpeId', 'quantityUnitId'], { context: ['/products'] });
      expect(product.taxClassId).toMatchObject({ ok: true, value: 1 });
      expect(product.shippingTimeId).toMatchObject({ ok: true, value: 1 });
      expect(product.productTypeId).toMatchObject({ ok: true, value: 1 });
      // The shop's own "none" counts as read.
      expect(product.manufacturerId).toMatchObject({ ok: true, value: 0 });
      expect(product.vpeId).toMatchObject({ ok: true, value: 0 });
      // Nothing shows a quantity unit: a reason, never a guess.
      expect(product.quantityUnitId).toMatchObject({ ok: false });
      expect(product.quantityUnitId?.ok ? '' : product.quantityUnitId?.reason).toContain('quantityUnitId');

      // A country with its own zone, from one address, each confirmed by its single read.
      const address = await refs.lookupTogether(['countryId', 'zoneId'], { context: ['/addresses'] });
      expect(address).toMatchObject({ countryId: { ok: true, value: 81 }, zoneId: { ok: true, value: 82 } });
      expect(gx.seen).toEqual(expect.arrayContaining(['GET /countries/81', 'GET /zones/82']));

      expect(await refs.lookup('parentId', { context: ['/categories'] })).toMatchObject({ ok: true, value: 0 });
      // `statusId` names nothing specific: a customer's status (0, the admin group) is never an order's.
      expect(await refs.lookup('statusId', { context: ['/orders'] })).toMatchObject({ ok: false });
      expect(await refs.lookup('languageId', { context: ['/reviews'] })).toMatchObject({ ok: false });
      // Only reads were sent.
      expect(gx.seen.filter((s) => !s.startsWith('GET '))).toEqual([]);
    } finally {
      await gx.close();
    }
  });

  test('should make own records for kinds the harness can create and never borrow the shop\'s', async ({ clientFor }) => {
    const gx = await gxStub();
    try {
      const client = await clientFor(gx.url);
      const asked: string[] = [];
      const values = await resolveReferences(client, ['customerId', 'countryId', 'zoneId', 'manufacturerId'], {
        context: ['/addresses'],
        creatable: (noun) => ['customer', 'manufacturer'].includes(noun),
        own: (noun) => {
          asked.push(noun);
          return Promise.resolve(noun === 'customer' ? { ok: true, value: '4711' } : { ok: false, reason: 'POST /manufacturers answered 404' });
        },
      });
      expect(asked).toEqual(['customer', 'manufacturer']);
      // Own customer; country and zone read together; the manufacturer the shop's "none" after the own one failed.
      expect(values.values).toEqual({ customerId: 4711, countryId: 81, zoneId: 82, manufacturerId: 0 });
      expect((await shopFormats(client).factsFor(['/addresses'])).languages).toEqual(['en', 'de']);

      const failed = await resolveReferences(client, ['customerId'], { context: ['/addresses'], creatable: () => true, own: () => Promise.resolve({ ok: false, reason: 'POST /customers answered 500' }) });
      // The shop's customers (the admin, id 1) are not borrowed: the field gets a reason instead.
      expect(failed.values.customerId).toBeUndefined();
      expect(failed.gaps.customerId).toContain('POST /customers answered 500');
    } finally {
      await gx.close();
    }
  });
});

test.describe('reference ids read from the reference shop', () => {
  test('should take order statuses from their list and a zone of the country it goes with', async ({ clientFor }) => {
    const shop = await createShop({ password: PASSWORD });
    try {
      const client = await clientFor(shop.url);
      const refs = shopReferences(client);
      const statuses = await refs.values('statusId', { context: ['/orders'] });
      const listed = await client.call('getOrderStatuses');
      const ids = (listed.response.json as { id: number }[]).map((s) => s.id);
      expect(statuses.length).toBeGreaterThanOrEqual(2);
      expect(statuses.every((s) => ids.includes(Number(s)))).toBe(true);

      const address = await refs.lookupTogether(['countryId', 'zoneId'], { context: ['/addresses'] });
      expect(address.countryId?.ok && address.zoneId?.ok).toBe(true);
      // One address holds both: the zone is its country's own (or that address's 0).
      expect(address.zoneId?.ok ? address.zoneId.source : '').toContain('of the same record');
      if (address.countryId?.ok && address.zoneId?.ok && address.zoneId.value !== 0) {
        const zones = await client.call('getCountriesZones', { path: { country_id: address.countryId.value } });
        expect((zones.response.json as { id: number }[]).map((z) => z.id)).toContain(Number(address.zoneId.value));
      }
      const facts = await shopFormats(client).facts();
      expect(facts.languages).toEqual(['en', 'de']);
    } finally {
      await shop.close();
    }
  });
});
