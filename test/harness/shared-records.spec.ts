// Records made only to be referred to (fixtures/factories/shared.ts): one per test instead of one
// per use; made again once deleted; a failed create is not kept.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createShop } from '../../reference/shop.js';
import { BUNDLED_SPEC, loadConfig } from '../../src/config/config.js';
import { nodeTransport } from '../../src/client/http.js';
import { Session } from '../../src/client/session.js';
import { catalogueFor } from '../../fixtures/catalogue.js';
import { FactoryKit, type Created } from '../../fixtures/factories/base.js';
import { createManufacturer } from '../../fixtures/factories/catalogue-extras.js';
import { createProduct } from '../../fixtures/factories/products.js';
import { sharedRecord } from '../../fixtures/factories/shared.js';

const catalogue = await catalogueFor(BUNDLED_SPEC, undefined);

async function withShop(body: (s: Session) => Promise<void>): Promise<void> {
  const shop = await createShop({});
  const transport = nodeTransport();
  try {
    const config = loadConfig({ BASE_URL: shop.url, REPORT_DIR: mkdtempSync(path.join(tmpdir(), 'shared-')), RUN_ID: 'rshared' });
    await body(new Session({ config, catalogue, transport, apiRoot: shop.url, ephemeral: false, workerIndex: 0 }));
  } finally {
    transport.close();
    await shop.close();
  }
}

test.describe('shared records @harness @client', () => {
  test('should make one record per test for every use, and make it again once deleted', async () => {
    await withShop(async (session) => {
      const kit = new FactoryKit(session.client(), session.uniq, 'standard');
      let made = 0;
      const make = (k: FactoryKit): Promise<Created> => {
        made++;
        return createManufacturer(k);
      };
      const [a, b] = await Promise.all([sharedRecord(kit, 'm', make), sharedRecord(kit, 'm', make)]);
      expect(made).toBe(1);
      expect(b.id).toBe(a.id);
      // Two products of the test name the same manufacturer.
      const [p, q] = [await createProduct(kit), await createProduct(kit)];
      expect(p.input.manufacturerId).toBe(q.input.manufacturerId);
      // Another test (kit) makes its own.
      const other = new FactoryKit(session.client(), session.uniq, 'standard');
      expect((await sharedRecord(other, 'm', make)).id).not.toBe(a.id);
      // Deleted (a property run cleaned up after itself): made again.
      await kit.api.cleanup(kit.api.openRecords().filter((r) => r.path === `/manufacturers/${a.id}`));
      const again = await sharedRecord(kit, 'm', make);
      expect(again.id).not.toBe(a.id);
      expect(made).toBe(3);
    });
  });

  test('should keep no failed create: the next ask makes one', async () => {
    await withShop(async (session) => {
      const kit = new FactoryKit(session.client(), session.uniq, 'standard');
      await expect(sharedRecord(kit, 'm', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
      const a = await sharedRecord(kit, 'm', (k) => createManufacturer(k));
      expect((await sharedRecord(kit, 'm', (k) => createManufacturer(k))).id).toBe(a.id);
      expect(kit.api.openRecords().map((r) => r.path)).toEqual([`/manufacturers/${a.id}`]);
    });
  });
});
