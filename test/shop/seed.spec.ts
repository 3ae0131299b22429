// The seed: the same state on every start and after reset(), and every seeded record answered in
// the shape the spec declares (strictly: no undeclared fields either).
import { createShop } from '../../reference/shop.js';
import { expect, test } from './support/shop-fixture.js';

test('should start with the same state every time and reset to it @shop', async ({ shop, api }) => {
  const fresh = await createShop();
  try {
    expect(fresh.snapshot()).toEqual(shop.snapshot());
    await api.delete('customers/2');
    await api.post('manufacturers', { data: { name: 'Acme' } });
    await api.post('product_images', { multipart: { upload_product_image: { name: 'a.png', mimeType: 'image/png', buffer: Buffer.from('x') }, filename: 'a.png' } });
    expect(shop.snapshot()).not.toEqual(fresh.snapshot());
    shop.reset();
    expect(shop.snapshot()).toEqual(fresh.snapshot());
  } finally {
    await fresh.close();
  }
});

test('should answer every seeded record, in lists and one by one, in the declared shape @shop', async ({ api, spec }) => {
  const gets = spec.catalogue.operations.filter((o) => o.method === 'get');
  let records = 0;
  for (const list of gets.filter((o) => !o.path.includes('{'))) {
    const res = await api.get(list.path.slice(1));
    const body: unknown = await res.json();
    expect(spec.validators.validateResponse(list, res.status(), body, true).errors, list.id).toEqual([]);
    const single = gets.find((o) => o.path.startsWith(`${list.path}/{`) && /^\/\{[^}/]+\}$/.test(o.path.slice(list.path.length)));
    if (!single || !Array.isArray(body)) continue;
    for (const rec of body as Record<string, unknown>[]) {
      const one = await api.get(`${list.path.slice(1)}/${String(rec.id)}`);
      expect(one.status(), `${single.id} ${String(rec.id)}`).toBe(200);
      expect(spec.validators.validateResponse(single, 200, await one.json(), true).errors, `${single.id} ${String(rec.id)}`).toEqual([]);
      records++;
    }
  }
  expect(records).toBeGreaterThan(50);
});
