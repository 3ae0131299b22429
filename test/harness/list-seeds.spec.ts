// Seeds one list's rule tests share within a worker (fixtures/list-seeds.ts): made once, with as
// many records as the list's most demanding rule needs; a test that asks for no more reads the
// same records; they are deleted when the list's last rule test is done, and a later test seeds again.
import { expect, test } from '@playwright/test';
import { onShopSession } from './support/shop-session.js';
import type { HttpTransport } from '../../src/client/http.js';
import { FactoryKit, type Json } from '../../fixtures/factories/base.js';
import { createCustomer, createCustomerGroup } from '../../fixtures/factories/customers.js';
import { ListSeeds } from '../../fixtures/list-seeds.js';
import { ensureRecords, judgePaging, judgePerPage, type ListSubject } from '../../fixtures/list-rules.js';

/** Runs `body` with list seeds over a fresh reference shop; `kit()` is a new test's kit. */
function withSeeds(body: (t: { seeds: ListSeeds; kit: () => FactoryKit }) => Promise<void>): Promise<void> {
  return onShopSession('rseeds', ({ session }) => body({ seeds: new ListSeeds(session, 'standard', () => undefined), kit: () => new FactoryKit(session.client(), session.uniq, 'standard') }));
}

/** Customers scoped by the kit's keyword, seeded with customers whose lastname carries it; `asked` records each seed size. */
function customersSubject(asked: number[] = []): (kit: FactoryKit) => ListSubject {
  return (kit) => {
    const token = kit.token();
    return {
      op: 'getCustomers',
      scope: { search: token },
      seed: async (n, from = 0) => {
        asked.push(n);
        const out: Json[] = [];
        for (let i = from; i < from + n; i++) out.push((await createCustomer(kit, { lastname: `${token}-${i}` })).record);
        return out;
      },
    };
  };
}

/** GETs a test's kit sent: the list reads it made itself. */
const reads = (k: FactoryKit): number => k.api.exchanges.filter((e) => e.request.method === 'GET').length;

test.describe('list seeds @harness @client', () => {
  test('should seed a list once for its rule tests, and delete the seed when the last one is done', async () => {
    await withSeeds(async ({ seeds, kit }) => {
      const asked: number[] = [];
      const subject = customersSubject(asked);
      const [test1, test2] = [kit(), kit()];
      const first = await seeds.subject('getCustomers', 4, test1, subject).seed?.(2);
      const second = await seeds.subject('getCustomers', 4, test2, subject).seed?.(4);
      // One seed of 4 (the most any rule of the list needs), read by both tests.
      expect(asked).toEqual([4]);
      expect(second?.map((r) => r.id)).toEqual(first?.map((r) => r.id));
      // The tests' own clients hold none of them: their cleanup leaves the seed alone.
      expect([...test1.api.openRecords(), ...test2.api.openRecords()]).toEqual([]);
      const list = async (records = first): Promise<number> => {
        const ex = await test1.api.call('getCustomers', { query: { search: seedsToken(records) } });
        return Array.isArray(ex.response.json) ? ex.response.json.length : -1;
      };
      expect(await list()).toBe(4);
      await seeds.done('getCustomers');
      expect(await list()).toBe(0);
      // A later test of the list seeds again.
      asked.length = 0;
      const third = await seeds.subject('getCustomers', 4, test1, subject).seed?.(1);
      expect(asked).toEqual([4]);
      expect(await list(third)).toBe(4);
      // The worker's end deletes what is left.
      await seeds.close();
      expect(await list(third)).toBe(0);
    });
  });

  test('should let the rule tests of a list share the read of the whole scoped list while the seed stays the same', async () => {
    await withSeeds(async ({ seeds, kit }) => {
      const subject = customersSubject();
      const [t1, t2, t3] = [kit(), kit(), kit()];
      const a = await ensureRecords(t1, seeds.subject('getCustomers', 2, t1, subject), 2, 'paging');
      const b = await ensureRecords(t2, seeds.subject('getCustomers', 2, t2, subject), 2, 'sort');
      // One read for both tests: the second is handed the first's exchange.
      expect(a.items).toHaveLength(2);
      expect(b.exchange).toBe(a.exchange);
      expect([reads(t1), reads(t2)]).toEqual([1, 0]);
      // After the seed is deleted and made again, the list is read again.
      await seeds.done('getCustomers');
      const c = await ensureRecords(t3, seeds.subject('getCustomers', 2, t3, subject), 2, 'fields');
      expect(c.exchange).not.toBe(a.exchange);
      expect(reads(t3)).toBe(1);
      expect(c.items.map((r) => r.id)).not.toEqual(a.items.map((r) => r.id));
      await seeds.close();
    });
  });

  test('should share the seed of a list without a keyword of its own too, and read that list in every test', async () => {
    await withSeeds(async ({ seeds, kit }) => {
      let made = 0;
      // Customer groups: nothing to search them by, so the rules read the whole collection.
      const subject = (k: FactoryKit): ListSubject => ({
        op: 'getCustomerGroups',
        seed: async (n) => {
          const out: Json[] = [];
          for (let i = 0; i < n; i++, made++) out.push((await createCustomerGroup(k)).record);
          return out;
        },
      });
      const [t1, t2] = [kit(), kit()];
      const before = await t1.api.call('getCustomerGroups', {});
      const a = await ensureRecords(t1, seeds.subject('getCustomerGroups', 4, t1, subject), 2, 'paging');
      const b = await ensureRecords(t2, seeds.subject('getCustomerGroups', 4, t2, subject), 4, 'sort');
      expect(made).toBe(4);
      expect(b.seeded.map((r) => r.id)).toEqual(a.seeded.map((r) => r.id));
      // Each test reads the collection itself: other tests write to it.
      expect(b.exchange).not.toBe(a.exchange);
      expect([reads(t1), reads(t2)]).toEqual([2, 1]);
      await seeds.done('getCustomerGroups');
      const after = await t1.api.call('getCustomerGroups', {});
      expect(after.response.json).toEqual(before.response.json);
      await seeds.close();
    });
  });

  test('should hand the read after one rule test of an unscoped list to the next as its read before where the reads chain', async () => {
    await withSeeds(async ({ seeds, kit }) => {
      const subject = (k: FactoryKit): ListSubject => ({
        op: 'getCustomerGroups',
        searchField: 'id',
        seed: async (n) => {
          const out: Json[] = [];
          for (let i = 0; i < n; i++) out.push((await createCustomerGroup(k)).record);
          return out;
        },
      });
      const [t1, t2, t3, t4, t5] = [kit(), kit(), kit(), kit(), kit()];
      // The first rule test reads before, sends its case and reads after: 3 reads.
      await judgePaging(t1, seeds.subject('getCustomerGroups', 4, t1, subject, 'chained'), 'first');
      expect(reads(t1)).toBe(3);
      // The next ones start from the read after of the one before: their case and their read after.
      await judgePerPage(t2, seeds.subject('getCustomerGroups', 4, t2, subject, 'chained'), 'first');
      expect(reads(t2)).toBe(2);
      const last = t2.api.exchanges[t2.api.exchanges.length - 1];
      const s3 = seeds.subject('getCustomerGroups', 4, t3, subject, 'chained');
      const c = await ensureRecords(t3, s3, 4, 'sort');
      expect(c.exchange).toBe(last);
      expect(reads(t3)).toBe(0);
      // A change after the read handed on shows in the next rule's own read after: its judgement is
      // void and runs once more alone (a read before and the case again).
      const other = kit();
      await createCustomerGroup(other);
      const t6 = kit();
      await judgePerPage(t6, seeds.subject('getCustomerGroups', 4, t6, subject, 'chained'), 'first');
      expect(reads(t6)).toBe(4);
      await other.api.cleanup();
      // A new seed is read again: a read after the old seed starts no comparison on the new one.
      await seeds.done('getCustomerGroups');
      await judgePaging(t4, seeds.subject('getCustomerGroups', 4, t4, subject, 'chained'), 'first');
      expect(reads(t4)).toBe(3);
      await seeds.done('getCustomerGroups');
      // Without chaining (standard) nothing is handed on: each rule test reads before and after.
      const s5 = seeds.subject('getCustomerGroups', 4, t5, subject);
      expect(s5.readAfter).toBeUndefined();
      await judgePaging(t5, s5, 'first');
      await judgePerPage(t5, s5, 'first');
      expect(reads(t5)).toBe(6);
      await seeds.close();
    });
  });

  test('should seed a keyword-scoped list in two steps where it probes: the same records as one seed when the search narrows', async () => {
    await withSeeds(async ({ seeds, kit }) => {
      const asked: number[] = [];
      const subject = customersSubject(asked);
      const [t1, t2] = [kit(), kit()];
      const a = await ensureRecords(t1, seeds.subject('getCustomers', 4, t1, subject, 'chained', true), 2, 'paging');
      // The first record, then the rest of the seed: records 0 to 3, as one seed of 4 makes them.
      expect(asked).toEqual([1, 3]);
      expect(a.seeded.map((r) => r.lastname)).toEqual([0, 1, 2, 3].map((i) => `${seedsToken(a.seeded)}-${i}`));
      expect(a.items).toHaveLength(4);
      // A later rule test of the list takes the same seed and no probe again.
      const b = await ensureRecords(t2, seeds.subject('getCustomers', 4, t2, subject, 'chained', true), 4, 'sort');
      expect(asked).toEqual([1, 3]);
      expect(b.seeded.map((r) => r.id)).toEqual(a.seeded.map((r) => r.id));
      await seeds.close();
    });
  });

  test('should skip every rule test of a keyword-scoped list after its first record where the search does not narrow it', async () => {
    // The shop ignores `search` on customers here: the scoped list answers every customer.
    const ignoreSearch = (inner: HttpTransport): HttpTransport => ({
      send: (req) => {
        const url = new URL(req.url);
        if (req.method === 'GET' && url.pathname.endsWith('/customers')) url.searchParams.delete('search');
        return inner.send({ ...req, url: url.toString() });
      },
      close: () => inner.close(),
    });
    await onShopSession(
      'rseedp',
      async ({ session }) => {
        const seeds = new ListSeeds(session, 'standard', () => undefined);
        const kit = (): FactoryKit => new FactoryKit(session.client(), session.uniq, 'standard');
        const asked: number[] = [];
        const subject = customersSubject(asked);
        // The shop's own customer (the admin) is answered beside the seed: not this test's own.
        const [t1, t2, look] = [kit(), kit(), kit()];
        const before = await look.api.call('getCustomers', {});
        const first = ensureRecords(t1, seeds.subject('getCustomers', 4, t1, subject, 'chained', true), 2, 'paging');
        await expect(first).rejects.toThrow(/does not narrow getCustomers to this test's own records/);
        expect(asked).toEqual([1]);
        // The next rule test skips with the same reason, sending nothing.
        await expect(ensureRecords(t2, seeds.subject('getCustomers', 4, t2, subject, 'chained', true), 4, 'sort')).rejects.toThrow(/does not narrow/);
        expect(asked).toEqual([1]);
        expect(reads(t1) + reads(t2)).toBe(0);
        // The one record is deleted with the list's seed.
        await seeds.close();
        expect((await look.api.call('getCustomers', {})).response.json).toEqual(before.response.json);
        // The skips above were the rule tests' (skipBecause marks the running test): this self-test passed.
        test.info().expectedStatus = 'passed';
        test.info().annotations.length = 0;
      },
      ignoreSearch,
    );
  });

  test('should read a list no operation writes once for its rule tests, and a written one in every test', async () => {
    await withSeeds(async ({ seeds, kit }) => {
      // Countries: the spec has no operation that writes them, so nobody can change the list.
      const countries = (): ListSubject => ({ op: 'getCountries' });
      const [t1, t2] = [kit(), kit()];
      const a = await ensureRecords(t1, seeds.subject('getCountries', 2, t1, countries), 1, 'paging');
      const b = await ensureRecords(t2, seeds.subject('getCountries', 2, t2, countries), 1, 'sort');
      expect(a.items.length).toBeGreaterThan(0);
      expect(b.exchange).toBe(a.exchange);
      expect([reads(t1), reads(t2)]).toEqual([1, 0]);
      // Customer groups without a seed (readonly-like subject): written by other tests, read by each.
      const groups = (): ListSubject => ({ op: 'getCustomerGroups' });
      const [t3, t4] = [kit(), kit()];
      const c = await ensureRecords(t3, seeds.subject('getCustomerGroups', 2, t3, groups), 1, 'paging');
      const d = await ensureRecords(t4, seeds.subject('getCustomerGroups', 2, t4, groups), 1, 'sort');
      expect(d.exchange).not.toBe(c.exchange);
      expect([reads(t3), reads(t4)]).toEqual([1, 1]);
      await seeds.close();
    });
  });
});

/** The keyword of a seed: the lastname up to its index. */
function seedsToken(records: readonly Json[] | undefined): string {
  const name = records?.[0]?.lastname;
  if (typeof name !== 'string') throw new Error('a seeded customer without a lastname');
  return name.replace(/-\d+$/, '');
}
