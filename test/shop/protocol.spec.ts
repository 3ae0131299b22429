// Transport-level behaviour of the shop: authentication, media types, error bodies, headers,
// rate limit, Location, links, method override, the root map and 404/405.
import { createShop } from '../../reference/shop.js';
import { expectErrorBody } from './support/error-body.js';
import { AUTH, expect, test } from './support/shop-fixture.js';

test.describe('authentication @shop', () => {
  test('should answer 401 with a Basic WWW-Authenticate challenge without credentials', async ({ shop, request }) => {
    const res = await request.get(`${shop.url}/customers`);
    expect(res.status()).toBe(401);
    expect(res.headers()['www-authenticate']).toMatch(/^Basic realm="[^"]+"/);
    expectErrorBody(await res.json(), 401, 'GET', '/customers');
  });

  test('should answer 401 for a wrong password and for an unknown user', async ({ shop, request }) => {
    for (const creds of ['admin@example.test:wrong', 'nobody@example.test:conformance-Pa55-0815', 'admin@example.test']) {
      const res = await request.get(`${shop.url}/customers`, { headers: { Authorization: `Basic ${Buffer.from(creds).toString('base64')}` } });
      expect(res.status(), creds.split(':')[0]).toBe(401);
    }
  });

  test('should serve the admin with the right credentials', async ({ api }) => {
    await expect(await api.get('customers')).toBeOK();
  });
});

test.describe('media types and bodies @shop', () => {
  test('should refuse POST/PUT/PATCH without application/json with 415', async ({ api, shop }) => {
    const before = shop.snapshot();
    const cases: [string, string, Record<string, string>][] = [
      ['POST', 'manufacturers', { 'Content-Type': 'text/plain' }],
      ['PUT', 'customers/2', { 'Content-Type': 'application/x-www-form-urlencoded' }],
      ['PATCH', 'vpe/1', { 'Content-Type': 'text/plain' }],
    ];
    for (const [method, path, headers] of cases) {
      const res = await api.fetch(path, { method, headers, data: Buffer.from('{"name":"x"}') });
      expect(res.status(), `${method} ${path}`).toBe(415);
      expectErrorBody(await res.json(), 415, method, `/${path}`);
    }
    expect(shop.snapshot()).toEqual(before);
  });

  test('should accept uploads as multipart/form-data only', async ({ api }) => {
    const json = await api.post('attachments', { data: { filename: 'a.txt' } });
    expect(json.status()).toBe(415);
    const form = await api.post('attachments', { multipart: { upload_attachment: { name: 'a.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') }, filename: 'a.txt' } });
    expect(form.status()).toBe(201);
  });

  test('should answer malformed JSON, empty and oversized bodies with 4xx and the error body', async ({ api, shop }) => {
    const before = shop.snapshot();
    const malformed = await api.post('manufacturers', { headers: { 'Content-Type': 'application/json' }, data: Buffer.from('{"name": ') });
    expect(malformed.status()).toBe(400);
    expectErrorBody(await malformed.json(), 400, 'POST', '/manufacturers');
    const empty = await api.post('manufacturers', { headers: { 'Content-Type': 'application/json' }, data: Buffer.alloc(0) });
    expect(empty.status()).toBe(400);
    const huge = await api.post('manufacturers', { data: { name: 'x'.repeat(1_100_000) } });
    expect(huge.status()).toBe(413);
    expectErrorBody(await huge.json(), 413, 'POST', '/manufacturers');
    expect(shop.snapshot()).toEqual(before);
  });

  test('should refuse unknown fields and wrong types with 400 and ignore readOnly fields', async ({ api }) => {
    const unknown = await api.post('manufacturers', { data: { name: 'Acme', colour: 'red' } });
    expect(unknown.status()).toBe(400);
    expect(((await unknown.json()) as { message: string }).message).toContain('colour');
    const wrongType = await api.post('manufacturers', { data: { name: 42 } });
    expect(wrongType.status()).toBe(400);
    expect((await api.patch('manufacturers/1', { data: { name: 42 } })).status()).toBe(400);
    expect((await api.patch('orders/400210/status', { data: { statusId: 1, comment: '', customerNotified: 'yes' } })).status()).toBe(400);
    expect((await api.patch('orders/400210/status', { data: { statusId: 1 } })).status()).toBe(400);
    const readOnly = await api.post('manufacturers', { data: { id: 999, name: 'Acme' } });
    expect(readOnly.status()).toBe(201);
    expect(((await readOnly.json()) as { id: number }).id).not.toBe(999);
  });
});

test.describe('answers @shop', () => {
  test('should label every answer as JSON with the version and rate-limit headers', async ({ api, shop, request }) => {
    for (const res of [await api.get('customers'), await api.get('customers/999'), await request.get(`${shop.url}/customers`), await api.get('nope')]) {
      const h = res.headers();
      expect(h['content-type'], res.url()).toBe('application/json; charset=utf-8');
      expect(h['x-api-version']).toBeTruthy();
      expect(h['x-shop-version']).toBe('3.9.0');
      expect(Number(h['x-rate-limit-limit'])).toBeGreaterThan(0);
      expect(Number(h['x-rate-limit-remaining'])).toBeGreaterThanOrEqual(0);
      expect(Number(h['x-rate-limit-reset'])).toBeGreaterThan(Date.now() / 1000 - 1);
    }
  });

  test('should answer 429 past the rate limit and count down the remaining requests', async () => {
    const shop = await createShop({ rateLimit: { limit: 3, windowSec: 60 } });
    try {
      const remaining: string[] = [];
      let last = 0;
      for (let i = 0; i < 4; i++) {
        const res = await fetch(`${shop.url}/languages`, { headers: { Authorization: AUTH } });
        remaining.push(res.headers.get('x-rate-limit-remaining') ?? '');
        last = res.status;
      }
      expect(remaining).toEqual(['2', '1', '0', '0']);
      expect(last).toBe(429);
    } finally {
      await shop.close();
    }
  });

  test('should point Location at a created record', async ({ api, shop }) => {
    const res = await api.post('manufacturers', { data: { name: 'Acme' } });
    expect(res.status()).toBe(201);
    const id = ((await res.json()) as { id: number }).id;
    expect(res.headers().location).toBe(`${shop.url}/manufacturers/${id}`);
    const again = await api.get(res.headers().location ?? '');
    expect(((await again.json()) as { name: string }).name).toBe('Acme');
  });

  test('should add _links to referring records unless disable_links is given', async ({ api, shop }) => {
    const linked = (await (await api.get('addresses/2')).json()) as { _links?: Record<string, string> };
    expect(linked._links).toEqual({ customer: `${shop.url}/customers/2`, country: `${shop.url}/countries/222` });
    for (const q of ['disable_links', 'disable_links=1', 'disable_links=true']) {
      const plain = (await (await api.get(`addresses/2?${q}`)).json()) as Record<string, unknown>;
      expect(plain._links, q).toBeUndefined();
    }
  });

  test('should answer the root with a map of resources', async ({ api, shop }) => {
    const res = await api.get('');
    expect(res.status()).toBe(200);
    const map = (await res.json()) as Record<string, string>;
    expect(map.customers).toBe(`${shop.url}/customers`);
    expect(Object.keys(map)).toContain('orders');
  });

  test('should answer 404 for unknown paths and 405 with Allow for undeclared methods', async ({ api }) => {
    const unknown = await api.get('no_such_resource');
    expect(unknown.status()).toBe(404);
    expectErrorBody(await unknown.json(), 404, 'GET', '/no_such_resource');
    const patch = await api.patch('customers/2', { data: {} });
    expect(patch.status()).toBe(405);
    expect(patch.headers().allow).toContain('PUT');
  });

  test('should route X-HTTP-Method-Override on a POST as that method', async ({ api }) => {
    const res = await api.post('manufacturers/1', { headers: { 'X-HTTP-Method-Override': 'PATCH' }, data: { name: 'Renamed' } });
    expect(res.status()).toBe(200);
    expect(((await (await api.get('manufacturers/1')).json()) as { name: string }).name).toBe('Renamed');
    const del = await api.post('vpe/2', { headers: { 'X-HTTP-Method-Override': 'DELETE' } });
    expect(del.status()).toBe(200);
    expect((await api.get('vpe/2')).status()).toBe(404);
  });
});

test.describe('ids and declared error statuses @shop', () => {
  test('should refuse non-integer, negative, zero and unsafe ids with 400', async ({ api }) => {
    for (const id of ['abc', '-1', '0', '1.5', '9007199254740993', '99999999999999999999999']) {
      const res = await api.get(`customers/${id}`);
      expect(res.status(), id).toBe(400);
      expectErrorBody(await res.json(), 400, 'GET', `/customers/${id}`);
    }
  });

  test('should answer undecodable URLs with 400 and the error body', async ({ api }) => {
    for (const path of ['customers/%zz', 'customers/%E0%A4%A']) {
      const res = await api.get(path);
      expect(res.status(), path).toBe(400);
      expect(res.headers()['content-type']).toBe('application/json; charset=utf-8');
      expect(await res.json()).toMatchObject({ code: 400, status: 'error' });
    }
  });

  test('should answer 404 for a missing record, even where the spec declares no 404', async ({ api }) => {
    for (const path of ['customers/9999', 'orders/9999', 'orders/400210/items/9999']) {
      const res = await api.get(path);
      expect(res.status(), path).toBe(404);
      expectErrorBody(await res.json(), 404, 'GET', `/${path}`);
    }
  });

  test('should use the vendor statuses for countries and manufacturers', async ({ api }) => {
    expect((await api.get('countries/9999')).status()).toBe(500);
    expect((await api.get('countries/x')).status()).toBe(501);
    expect((await api.get('countries/9999/zones')).status()).toBe(500);
    expect((await api.patch('manufacturers/x', { data: { name: 'a' } })).status()).toBe(500);
    expect((await api.delete('manufacturers/x')).status()).toBe(500);
    expect((await api.get('zones/9999')).status()).toBe(501);
  });

  test('should answer the odd success statuses the spec declares', async ({ api }) => {
    const address = await api.post('addresses', {
      data: { customerId: 2, gender: 'f', company: '', firstname: 'A', lastname: 'B', street: 'S', houseNumber: '1', additionalAddressInfo: '', suburb: '', postcode: '1', city: 'C', countryId: 81, zoneId: 0, class: '', b2bStatus: false },
    });
    expect(address.status()).toBe(200);
    const status = await api.put('order_statuses/2', { data: { names: { en: 'Busy', de: 'Beschäftigt' }, color: '#000000' } });
    expect(status.status()).toBe(201);
  });
});
