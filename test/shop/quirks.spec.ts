// The quirks (reference/quirks/): habits of real shops the harness must cope with, switched on by
// SHOP_QUIRKS or createShop({ quirks }). Each does what it says, the clean shop does none of it,
// and none is a named fault (no test must fail over it).
import { request, type APIRequestContext } from '@playwright/test';
import { ALL_FAULTS } from '../../reference/faults/registry.js';
import { QUIRKS, UnknownQuirkError } from '../../reference/quirks/registry.js';
import type { Quirk } from '../../reference/quirks/types.js';
import { createShop, type RunningShop } from '../../reference/shop.js';
import { AUTH, expect, test } from './support/shop-fixture.js';

/** Runs `body` with an API context on a shop with these quirks on. */
async function withShop(quirks: string[], body: (api: APIRequestContext, shop: RunningShop) => Promise<void>): Promise<void> {
  const shop = await createShop({ quirks });
  const api = await request.newContext({ baseURL: `${shop.url}/`, extraHTTPHeaders: { Authorization: AUTH } });
  try {
    await body(api, shop);
  } finally {
    await api.dispose();
    await shop.close();
  }
}

const offer = (productId: number) => ({ data: { productId, price: 9.99, quantity: 1, status: true, expiresAt: '2099-12-31 23:59:59' } });

/** A valid address body of the seed's address 2, without its id (and without customerId when asked). */
async function addressBody(api: APIRequestContext, withCustomer: boolean): Promise<Record<string, unknown>> {
  const { id: _id, customerId, ...rest } = (await (await api.get('addresses/2')).json()) as Record<string, unknown>;
  return withCustomer ? { ...rest, customerId } : rest;
}

test.describe('quirks @shop', () => {
  test('should refuse a second special offer for a product with "Duplicate entry" in one-offer-per-product, and not on the clean shop', async () => {
    await withShop(['one-offer-per-product'], async (api) => {
      // The seed's offer is for product 2.
      const second = await api.post('special_offers', offer(2));
      expect(second.status()).toBe(400);
      expect(((await second.json()) as { message: string }).message).toMatch(/Duplicate entry '2' for key 'products_id'/);
      const first = await api.post('special_offers', offer(1));
      expect(first.status()).toBe(201);
      const id = ((await first.json()) as { id: number }).id;
      // A replace may keep its own product, not take another's.
      expect((await api.put(`special_offers/${id}`, offer(1))).status()).toBe(200);
      expect((await api.put(`special_offers/${id}`, offer(2))).status()).toBe(400);
    });
    await withShop([], async (api) => {
      expect((await api.post('special_offers', offer(2))).status()).toBe(201);
    });
  });

  test('should start without category images in no-category-images, also after a reset, and list an upload', async () => {
    await withShop(['no-category-images'], async (api, shop) => {
      expect(await (await api.get('category_images')).json()).toEqual([]);
      // Only category images: the other file lists keep their seed.
      expect(await (await api.get('category_icons')).json()).toEqual(['garden.png']);
      const up = await api.post('category_images', { multipart: { filename: 'mine.png', upload_category_image: { name: 'mine.png', mimeType: 'image/png', buffer: Buffer.from('png') } } });
      expect(up.status()).toBeLessThan(300);
      expect(await (await api.get('category_images')).json()).toEqual(['mine.png']);
      shop.reset();
      expect(await (await api.get('category_images')).json()).toEqual([]);
    });
    await withShop([], async (api) => {
      expect(await (await api.get('category_images')).json()).toEqual(['garden-banner.png']);
    });
  });

  test('should store an address without customerId under customer 0 and never serve it in address-without-customer-kept', async () => {
    await withShop(['address-without-customer-kept'], async (api, shop) => {
      const made = await api.post('addresses', { data: await addressBody(api, false) });
      expect(made.status()).toBe(200);
      const id = ((await made.json()) as { id: number }).id;
      expect(shop.snapshot().collections.addresses?.records.find((r) => r.id === id)?.customerId).toBe(0);
      expect((await api.get(`addresses/${id}`)).status()).toBe(404);
      expect(((await (await api.get('addresses')).json()) as { id: number }[]).map((a) => a.id)).not.toContain(id);
      expect((await api.delete(`addresses/${id}`)).status()).toBe(200);
      // The row stays.
      expect(shop.snapshot().collections.addresses?.records.some((r) => r.id === id)).toBe(true);
      // An address with its customer is served and deleted as usual; other customer references are still checked.
      const own = await api.post('addresses', { data: await addressBody(api, true) });
      const ownId = ((await own.json()) as { id: number }).id;
      expect((await api.get(`addresses/${ownId}`)).status()).toBe(200);
      expect((await api.delete(`addresses/${ownId}`)).status()).toBe(200);
      expect((await api.get(`addresses/${ownId}`)).status()).toBe(404);
      expect((await api.post('addresses', { data: { ...(await addressBody(api, false)), customerId: 999 } })).status()).toBe(400);
    });
    await withShop([], async (api) => {
      expect((await api.post('addresses', { data: await addressBody(api, false) })).status()).toBe(400);
    });
  });

  test('should answer GET /categories/{id}/<segment> as the category for any segment but children in category-segments-ignored', async () => {
    await withShop(['category-segments-ignored'], async (api) => {
      const category: unknown = await (await api.get('categories/1')).json();
      for (const segment of ['products', 'qa-no-such-segment']) {
        const r = await api.get(`categories/1/${segment}`);
        expect(r.status(), segment).toBe(200);
        expect(await r.json(), segment).toEqual(category);
      }
      // Children are routed as usual, and so is everything else.
      expect(Array.isArray(await (await api.get('categories/1/children')).json())).toBe(true);
      expect((await api.get('categories/999999/products')).status()).toBe(404);
    });
    await withShop([], async (api) => {
      expect(Array.isArray(await (await api.get('categories/1/products')).json())).toBe(true);
      expect((await api.get('categories/1/qa-no-such-segment')).status()).toBe(404);
    });
  });

  test('should know no quirk as a named fault and refuse unknown names', async () => {
    const faults = new Set<string>(ALL_FAULTS.map((f) => f.name));
    const quirks: readonly Quirk[] = QUIRKS;
    for (const q of quirks) {
      expect(faults.has(q.name), q.name).toBe(false);
      // Each acts through the shop's extension points or on what it holds at start, nowhere else.
      expect(Boolean(q.checks || q.resource || q.operation || q.answer || q.http || q.seed), q.name).toBe(true);
    }
    // `npm run shop` with an unknown SHOP_QUIRKS: test/shop/cli.spec.ts, beside the other bad settings.
    await expect(createShop({ quirks: ['no-such-quirk'] })).rejects.toThrow(UnknownQuirkError);
  });
});
