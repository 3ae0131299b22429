// Records made only to be referred to (fixtures/factories/shared.ts): one per test instead of one
// per use (a kit without a store), or one for the tests of a file in a worker (SharedRefs), deleted
// when a test of another file begins; made again once deleted; a failed create is not kept.
import { expect, test } from '@playwright/test';
import { onShopSession } from './support/shop-session.js';
import type { Session } from '../../src/client/session.js';
import { FactoryKit, type Created } from '../../fixtures/factories/base.js';
import { createManufacturer } from '../../fixtures/factories/catalogue-extras.js';
import { createProduct } from '../../fixtures/factories/products.js';
import { SharedRefs, sharedRecord } from '../../fixtures/factories/shared.js';
import { UnsupportedError } from '../../src/core/errors.js';

function withShop(body: (s: Session) => Promise<void>): Promise<void> {
  return onShopSession('rshared', ({ session }) => body(session));
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

  test('should share a record between the tests of one file, leave it to no test\'s cleanup, and delete it when another file begins', async () => {
    await withShop(async (session) => {
      const refs = new SharedRefs(session, 'standard', () => undefined);
      const kit = (): FactoryKit => new FactoryKit(session.client(), session.uniq, 'standard', refs);
      const read = async (k: FactoryKit, id: number): Promise<number> => (await k.api.call('getManufacturer', { path: { manufacturer_id: id } })).response.status;
      await refs.enter('a.spec.ts');
      const [t1, t2] = [kit(), kit()];
      const p = await createProduct(t1);
      await t1.api.cleanup();
      // The product went with its test; its manufacturer stays for the next test of the file.
      expect(await read(t2, p.input.manufacturerId as number)).toBe(200);
      await refs.enter('a.spec.ts');
      const q = await createProduct(t2);
      expect(q.input.manufacturerId).toBe(p.input.manufacturerId);
      expect([...t1.api.openRecords(), ...t2.api.openRecords()].map((r) => r.path)).toEqual([`/products/${q.id}`]);
      await t2.api.cleanup();
      // A test of another file: the shared manufacturer is deleted first, and that file makes its own.
      await refs.enter('b.spec.ts');
      expect(await read(t2, p.input.manufacturerId as number)).toBe(404);
      const t3 = kit();
      const r = await createProduct(t3);
      expect(r.input.manufacturerId).not.toBe(p.input.manufacturerId);
      await t3.api.cleanup();
      await refs.close();
      expect(await read(t3, r.input.manufacturerId as number)).toBe(404);
    });
  });

  test('should end the asking test with the refusal of a shared create', async () => {
    await withShop(async (session) => {
      const refs = new SharedRefs(session, 'standard', () => undefined);
      const refused: unknown[] = [];
      const kit = new FactoryKit(session.client(() => undefined, (err) => refused.push(err)), session.uniq, 'standard', refs);
      const lacking = new UnsupportedError('createManufacturers', 'the target answered 501');
      await expect(sharedRecord(kit, 'm', () => Promise.reject(lacking))).rejects.toBe(lacking);
      expect(refused).toEqual([lacking]);
      await refs.close();
    });
  });
});
