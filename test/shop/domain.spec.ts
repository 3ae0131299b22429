// Domain rules of the shop: unique registree e-mails, passwords, addresses, bulk forms, idempotent
// deletes, orders and their parts, e-mails, uploads, categories, product links and prices.
import { expect, test } from './support/shop-fixture.js';

type Rec = Record<string, unknown>;

const person = (email: string, isGuest = false, extra: Rec = {}): Rec => ({ gender: 'f', firstname: 'Q', lastname: 'A', email, isGuest, ...extra });

test.describe('customers @shop', () => {
  test('should refuse a registree e-mail another registree has with 409, on create and update', async ({ api, shop }) => {
    const before = shop.snapshot();
    const dup = await api.post('customers', { data: [person('ADA@example.test')] });
    expect(dup.status()).toBe(409);
    expect(shop.snapshot()).toEqual(before);
    const upd = await api.put('customers/3', { data: person('ada@example.test') });
    expect(upd.status()).toBe(409);
    expect(shop.snapshot()).toEqual(before);
    const own = await api.put('customers/3', { data: person('alan@example.test') });
    expect(own.status()).toBe(200);
  });

  test('should let guests share e-mails with anyone', async ({ api }) => {
    expect((await api.post('customers', { data: [person('ada@example.test', true)] })).status()).toBe(201);
    expect((await api.post('customers', { data: [person('guest@example.test', true)] })).status()).toBe(201);
    expect((await api.post('customers', { data: [person('guest@example.test', false)] })).status()).toBe(201);
  });

  test('should store nothing of a bulk create with a conflict, in the store or inside the batch', async ({ api, shop }) => {
    const before = shop.snapshot();
    const withStore = await api.post('customers', { data: [person('fresh1@example.test'), person('alan@example.test')] });
    expect(withStore.status()).toBe(409);
    const inBatch = await api.post('customers', { data: [person('twice@example.test'), person('TWICE@example.test')] });
    expect(inBatch.status()).toBe(409);
    const invalid = await api.post('customers', { data: [person('fresh2@example.test'), { firstname: 'no gender' }] });
    expect(invalid.status()).toBe(400);
    expect(shop.snapshot()).toEqual(before);
    const ok = await api.post('customers', { data: [person('a1@example.test'), person('a2@example.test')] });
    expect(ok.status()).toBe(201);
    expect(((await ok.json()) as { created: Rec[] }).created.map((c) => c.email)).toEqual(['a1@example.test', 'a2@example.test']);
  });

  test('should accept a password and never answer it', async ({ api }) => {
    const res = await api.post('customers', { data: [person('pw@example.test', false, { password: 'S3cret-pw!' })] });
    const text = await res.text();
    expect(res.status()).toBe(201);
    expect(text).not.toContain('S3cret-pw!');
    const id = ((JSON.parse(text) as { created: Rec[] }).created[0] as Rec).id as number;
    for (const path of [`customers/${id}`, 'customers', `customers?q=pw@`]) expect(await (await api.get(path)).text()).not.toContain('S3cret');
  });

  test('should create a customer with a new address or an existing addressId', async ({ api }) => {
    const withNew = await api.post('customers', {
      data: [person('addr@example.test', false, { address: { gender: 'f', firstname: 'Q', lastname: 'A', street: 'Main St', postcode: '1010', city: 'Wien', countryId: 14 } })],
    });
    const created = ((await withNew.json()) as { created: Rec[] }).created[0] as Rec;
    const address = (await (await api.get(`addresses/${String(created.addressId)}`)).json()) as Rec;
    expect(address).toMatchObject({ customerId: created.id, city: 'Wien', countryId: 14 });
    const withId = await api.post('customers', { data: [person('addr2@example.test', false, { addressId: 2 })] });
    expect(((await withId.json()) as { created: Rec[] }).created[0]?.addressId).toBe(2);
    expect((await api.post('customers', { data: [person('addr3@example.test', false, { addressId: 9999 })] })).status()).toBe(400);
    expect((await api.put('customers/2', { data: person('ada@example.test', false, { address: { city: 'x' } }) })).status()).toBe(400);
  });

  test('should bulk-update customers and report missing ones in errors', async ({ api }) => {
    const res = await api.put('customers', { data: [{ id: 3, ...person('alan@example.test', false, { lastname: 'Turing-2' }) }, { id: 999, ...person('x@example.test') }] });
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { updated: Rec[]; errors: Rec[] };
    expect(body.updated.map((c) => c.lastname)).toEqual(['Turing-2']);
    expect(body.errors).toMatchObject([{ code: 404, status: 'error' }]);
  });

  test('should bulk-delete customers by a comma-separated id list, also missing ones', async ({ api }) => {
    const res = await api.delete('customers/3,4,999');
    expect(res.status()).toBe(200);
    expect(await res.json()).toEqual({ deleted: [3, 4, 999], errors: [] });
    expect((await api.get('customers/3')).status()).toBe(404);
  });
});

test.describe('idempotent deletes @shop', () => {
  test('should answer success for deleting a missing record where the spec says x-idempotent-delete', async ({ api }) => {
    for (const path of ['addresses/9999', 'customer_groups/9999', 'manufacturers/9999', 'order_statuses/9999']) {
      const first = await api.delete(path);
      expect(first.status(), path).toBe(200);
    }
    for (const path of ['addresses/3', 'manufacturers/2']) {
      expect((await api.delete(path)).status()).toBe(200);
      expect((await api.delete(path)).status()).toBe(200);
    }
    const body = (await (await api.delete('addresses/3')).json()) as Rec;
    expect(body).toMatchObject({ code: 200, status: 'success', addressId: 3 });
    expect((await api.delete('category_icons', { data: { filename: 'missing.png' } })).status()).toBe(200);
  });

  test('should answer 404 for deleting a missing record elsewhere', async ({ api }) => {
    for (const path of ['products/9999', 'categories/9999', 'orders/9999', 'reviews/9999']) expect((await api.delete(path)).status(), path).toBe(404);
  });
});

test.describe('orders @shop', () => {
  test('should add exactly one history entry per status PATCH', async ({ api }) => {
    const before = ((await (await api.get('orders/400210/history')).json()) as Rec[]).length;
    const res = await api.patch('orders/400210/status', { data: { statusId: 3, comment: 'Shipped today', customerNotified: true } });
    expect(res.status()).toBe(200);
    expect(((await res.json()) as Rec).id).toBe(3);
    const history = (await (await api.get('orders/400210/history')).json()) as Rec[];
    expect(history.length).toBe(before + 1);
    expect(history.at(-1)).toMatchObject({ statusId: 3, comment: 'Shipped today', customerNotified: true });
    expect(((await (await api.get('orders/400210')).json()) as Rec[])[0]?.statusId).toBe(3);
    expect((await api.patch('orders/400210/status', { data: { statusId: 12345, comment: '', customerNotified: false } })).status()).toBe(400);
  });

  test('should delete an order with its items, attributes and totals', async ({ api }) => {
    expect((await api.get('orders/400210/items/1')).status()).toBe(200);
    expect((await api.delete('orders/400210')).status()).toBe(200);
    for (const path of ['orders/400210', 'orders/400210/items/1', 'orders/400210/items/1/attributes/1/Property', 'orders/400210/totals/1', 'orders/400210/items']) {
      expect((await api.get(path)).status(), path).toBe(404);
    }
  });

  test('should answer orders reduced in lists and full on single reads', async ({ api }) => {
    const list = ((await (await api.get('orders')).json()) as Rec[])[0] as Rec;
    expect(list).toMatchObject({ id: 400210, statusName: 'Processing', totalSum: '70,00 EUR', customerId: 2, withdrawalIds: [1] });
    expect(list.items).toBeUndefined();
    const full = ((await (await api.get('orders/400210')).json()) as Rec[])[0] as Rec;
    expect((full.items as Rec[]).length).toBe(2);
    expect((full.totals as Rec[]).length).toBe(3);
  });

  test('should keep tracking codes the same under the current and the deprecated paths', async ({ api }) => {
    const created = await api.post('orders/400210/tracking_code', { data: { trackingCode: 'ZZ1', parcelServiceId: '2', languageId: '1' } });
    expect(created.status()).toBe(201);
    const current: unknown = await (await api.get('orders/400210/tracking_codes')).json();
    const deprecated: unknown = await (await api.get('orders/400210/tracking_code')).json();
    expect(current).toEqual(deprecated);
    expect((current as Rec[]).map((t) => t.trackingCode)).toEqual(['00340434161234567890', 'ZZ1']);
    expect(await (await api.get('tracking_codes')).json()).toEqual(await (await api.get('tracking_code')).json());
  });
});

test.describe('e-mails and uploads @shop', () => {
  test('should queue an e-mail as pending and mark it sent after POST', async ({ api }) => {
    const mail = {
      subject: 'Hi',
      sender: { emailAddress: 'shop@example.test', contactName: 'Shop' },
      recipient: { emailAddress: 'ada@example.test', contactName: 'Ada' },
      replyTo: { emailAddress: 'shop@example.test', contactName: 'Shop' },
      contentHtml: '<p>Hi</p>',
      contentPlain: 'Hi',
      bcc: [],
      cc: [],
      attachments: [],
    };
    const queued = (await (await api.put('emails', { data: mail })).json()) as Rec;
    expect(queued).toMatchObject({ isPending: true, sentDate: '' });
    const sent = await api.post(`emails/${String(queued.id)}`, { data: mail });
    expect(sent.status()).toBe(201);
    expect(await sent.json()).toMatchObject({ isPending: false });
    expect(((await (await api.get('emails?state=sent')).json()) as Rec[]).map((e) => e.id)).toContain(queued.id);
  });

  test('should store one uploaded file per request, rename it and delete it', async ({ api }) => {
    const png = { name: 'x.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47]) };
    const up = await api.post('product_images', { multipart: { upload_product_image: png, filename: 'new.png' } });
    expect(up.status()).toBe(201);
    expect(await (await api.get('product_images')).json()).toEqual(['new.png', 'rake.png', 'spade.png']);
    const renamed = await api.put('product_images', { data: { oldFilename: 'new.png', newFilename: 'newer.png' } });
    expect(renamed.status()).toBe(200);
    expect(await (await api.get('product_images')).json()).toEqual(['newer.png', 'rake.png', 'spade.png']);
    expect((await api.delete('product_images', { data: { filename: 'newer.png' } })).status()).toBe(200);
    expect((await api.delete('product_images', { data: { filename: 'newer.png' } })).status()).toBe(200);
    expect((await api.post('product_images', { multipart: { filename: 'none.png' } })).status()).toBe(400);
    expect((await api.post('product_images', { multipart: { upload_product_image: png, filename: '../escape.png' } })).status()).toBe(400);
    const big = { name: 'big.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(5 * 1024 * 1024 + 10) };
    expect((await api.post('attachments', { multipart: { upload_attachment: big, filename: 'big.bin' } })).status()).toBe(413);
  });
});

test.describe('catalogue @shop', () => {
  test('should link products and categories in both directions', async ({ api }) => {
    expect((await api.post('products/5/links', { data: { categoryId: 3 } })).status()).toBe(201);
    expect(await (await api.get('products/5/links')).json()).toEqual([3]);
    expect(((await (await api.get('categories/3/products')).json()) as Rec[]).map((p) => p.id)).toEqual([3, 5]);
    expect((await api.put('products/5/links', { data: { oldCategoryId: 3, newCategoryId: 2 } })).status()).toBe(200);
    expect(await (await api.get('products/5/links')).json()).toEqual([2]);
    expect((await api.delete('products/5/links', { data: { categoryId: 2 } })).status()).toBe(200);
    expect(await (await api.get('products/5/links')).json()).toEqual([]);
    expect((await api.post('products/5/links', { data: { categoryId: 999 } })).status()).toBe(400);
  });

  test('should delete a category with its subtree and its product links', async ({ api }) => {
    expect((await api.delete('categories/1')).status()).toBe(200);
    for (const id of [1, 2, 3, 4]) expect((await api.get(`categories/${id}`)).status()).toBe(404);
    expect(await (await api.get('products/1/links')).json()).toEqual([]);
  });

  test('should answer graduated prices by quantity band per customer group, with fallbacks', async ({ api }) => {
    const price = async (group: number, qty: number) => ((await (await api.get(`products/1/product_prices/customer_groups/${group}/${qty}`)).json()) as Rec).graduatedPrice;
    expect(await price(3, 1)).toBe(23.9);
    expect(await price(3, 5)).toBe(22.5);
    expect(await price(3, 9.5)).toBe(22.5);
    expect(await price(3, 10)).toBe(20);
    expect(await price(4, 12)).toBe(19);
    expect(await price(2, 100)).toBe(24.9);
    expect((await api.get('products/1/product_prices/customer_groups/3/0')).status()).toBe(400);
    expect((await api.get('products/1/product_prices/customer_groups/999/1')).status()).toBe(404);
    expect(await (await api.get('product_prices/1/customer_groups/3/5')).json()).toEqual([{ graduatedPrice: 22.5, taxClassId: 1 }]);
  });

  test('should change prices with PUT and read them back', async ({ api }) => {
    const res = await api.put('products/3/product_prices', {
      data: { price: 3.49, groupPrices: [{ groupPrice: 0, graduatedPrices: [] }, { groupPrice: 0, graduatedPrices: [] }, { groupPrice: 3.1, graduatedPrices: [{ graduatedPrice: 2.9, threshold: 50 }] }] },
    });
    expect(res.status()).toBe(200);
    const back = (await (await api.get('products/3/product_prices')).json()) as { price: number; groupPrices: Rec[] };
    expect(back.price).toBe(3.49);
    expect(back.groupPrices[2]).toEqual({ customerGroupId: 3, groupPrice: 3.1, graduatedPrices: [{ graduatedPrice: 2.9, threshold: 50 }] });
    expect(((await (await api.get('products/3')).json()) as Rec).price).toBe(3.49);
  });
});
