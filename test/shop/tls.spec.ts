// HTTPS on request: a self-signed certificate made at start. A client that accepts self-signed
// certificates (INSECURE_TLS=1 in the harness) reaches the shop; one that does not is refused, and
// plain http on the same port is not served.
import { request } from '@playwright/test';
import { createShop } from '../../reference/shop.js';
import { AUTH, expect, test } from './support/shop-fixture.js';

test('should serve HTTPS with a self-signed certificate that only insecure clients accept @shop @tls', async () => {
  const shop = await createShop({ tls: true });
  const insecure = await request.newContext({ ignoreHTTPSErrors: true, extraHTTPHeaders: { Authorization: AUTH } });
  const strict = await request.newContext({ extraHTTPHeaders: { Authorization: AUTH } });
  try {
    expect(shop.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/shop1\/api\.php\/v2$/);
    const ok = await insecure.get(`${shop.url}/customers/2`);
    expect(ok.status()).toBe(200);
    await expect(strict.get(`${shop.url}/customers/2`)).rejects.toThrow(/self[- ]signed|certificate/i);
    await expect(insecure.get(`${shop.url.replace('https:', 'http:')}/customers/2`)).rejects.toThrow(/socket hang up|ECONNRESET|EPROTO|closed/i);
  } finally {
    await insecure.dispose();
    await strict.dispose();
    await shop.close();
  }
});
