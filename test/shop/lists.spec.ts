// The list parameters: page/per_page with the Link header, sort, fields, search/q, type, state,
// changed/modified/deleted and recursive.
import { expect, test } from './support/shop-fixture.js';

type Rec = Record<string, unknown>;

function links(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(',')) {
    const m = /<([^>]+)>;\s*rel="([^"]+)"/.exec(part.trim());
    if (m?.[1] && m[2]) out[m[2]] = new URL(m[1]).searchParams.get('page') ?? '';
  }
  return out;
}

test.describe('paging @shop', () => {
  test('should page from 1 with per_page and only when page is given', async ({ api }) => {
    const all = (await (await api.get('customers')).json()) as Rec[];
    expect(all.length).toBe(6);
    expect((await api.get('customers?per_page=2')).headers().link).toBeUndefined();
    expect(((await (await api.get('customers?per_page=2')).json()) as Rec[]).length).toBe(6);
    const p1 = (await (await api.get('customers?page=1&per_page=4')).json()) as Rec[];
    const p2 = (await (await api.get('customers?page=2&per_page=4')).json()) as Rec[];
    expect(p1.map((c) => c.id)).toEqual([1, 2, 3, 4]);
    expect(p2.map((c) => c.id)).toEqual([5, 6]);
    expect(((await (await api.get('customers?page=3&per_page=4')).json()) as Rec[]).length).toBe(0);
    const zones = (await (await api.get('countries?page=1')).json()) as Rec[];
    expect(zones.length).toBe(9); // per_page defaults to 50
  });

  test('should send first/previous only after page 1 and next/last only before the last page', async ({ api }) => {
    expect(links((await api.get('customers?page=1&per_page=2')).headers().link)).toEqual({ next: '2', last: '3' });
    expect(links((await api.get('customers?page=2&per_page=2')).headers().link)).toEqual({ first: '1', previous: '1', next: '3', last: '3' });
    expect(links((await api.get('customers?page=3&per_page=2')).headers().link)).toEqual({ first: '1', previous: '2' });
    expect((await api.get('customers?page=1&per_page=10')).headers().link).toBeUndefined();
  });

  test('should keep the other parameters in the Link URLs', async ({ api }) => {
    const link = (await api.get('customers?page=1&per_page=1&sort=-id&fields=id')).headers().link ?? '';
    const next = /<([^>]+)>;\s*rel="next"/.exec(link)?.[1] ?? '';
    const url = new URL(next);
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '2', per_page: '1', sort: '-id', fields: 'id' });
  });

  test('should refuse per_page and page below 1 with 400', async ({ api }) => {
    for (const q of ['per_page=0', 'per_page=-5', 'page=0', 'page=1&per_page=0', 'per_page=abc']) {
      expect((await api.get(`customers?${q}`)).status(), q).toBe(400);
    }
  });
});

test.describe('sort @shop', () => {
  test('should sort by up to five +/- keys, nested keys with dots', async ({ api }) => {
    const desc = (await (await api.get('customers?sort=-id')).json()) as Rec[];
    expect(desc.map((c) => c.id)).toEqual([6, 5, 4, 3, 2, 1]);
    const two = (await (await api.get('customers?sort=%2BisGuest,-lastname')).json()) as Rec[];
    expect(two.map((c) => c.lastname)).toEqual(['du Châtelet', 'Turing', 'Mustermann', 'Lovelace', 'Hopper', 'Dijkstra']);
    const plusAsSpace = (await (await api.get('customers?sort=+lastname')).json()) as Rec[];
    expect(plusAsSpace[0]?.lastname).toBe('Dijkstra');
    const nested = (await (await api.get('manufacturers?sort=-dateAdded.date,%2Bname')).json()) as Rec[];
    expect(nested.map((m) => m.name)).toEqual(['Blade Works', 'Spaten & Söhne']);
    expect((await api.get('customers?sort=%2Ba,%2Bb,%2Bc,%2Bd,%2Be,%2Bf')).status()).toBe(400);
    expect((await api.get('customers?sort=lastname')).status()).toBe(400);
  });

  test('should compare strings by byte order (case-sensitive)', async ({ api }) => {
    const names = ((await (await api.get('categories?recursive&sort=%2Bname')).json()) as Rec[]).map((c) => c.name);
    expect(names).toEqual(['Garden', 'Hand tools', 'Kitchen', 'Seeds', 'Tools', 'knives']);
  });
});

test.describe('fields @shop', () => {
  test('should keep only the named first-level fields on lists and single records', async ({ api }) => {
    const list = (await (await api.get('customers?fields=id,lastname')).json()) as Rec[];
    expect(list[0]).toEqual({ id: 1, lastname: 'Mustermann' });
    const one = (await (await api.get('customers/2?fields=email')).json()) as Rec;
    expect(one).toEqual({ email: 'ada@example.test' });
    const combined = (await (await api.get('customers?page=2&per_page=2&fields=id,lastname&sort=-id')).json()) as Rec[];
    expect(combined).toEqual([
      { id: 4, lastname: 'Hopper' },
      { id: 3, lastname: 'Turing' },
    ]);
  });
});

test.describe('search @shop', () => {
  test('should match q and search case-insensitively on first-level strings and numbers', async ({ api }) => {
    for (const p of ['q', 'search']) {
      const hits = (await (await api.get(`customers?${p}=LOVELACE`)).json()) as Rec[];
      expect(hits.map((c) => c.id), p).toEqual([2]);
    }
    expect(((await (await api.get('customers?q=10003')).json()) as Rec[]).map((c) => c.id)).toEqual([3]);
    expect(((await (await api.get('customers?q=%C3%A9milie')).json()) as Rec[]).map((c) => c.id)).toEqual([6]);
    expect(((await (await api.get('customers?q=London')).json()) as Rec[]).length).toBe(0);
  });

  test('should filter by search conditions on the search endpoints', async ({ api }) => {
    const eq = (await (await api.post('customers/search', { data: { search: ['email', 'eq', 'GUEST@example.test'] } })).json()) as Rec[];
    expect(eq.map((c) => c.id)).toEqual([4, 5]);
    const like = (await (await api.post('products/search', { data: { search: ['productModel', 'like', 'SP%', 'price', 'gt', '10'] } })).json()) as Rec[];
    expect(like.map((p) => p.id)).toEqual([1]);
    const orders = (await (await api.post('orders/search', { data: { search: ['statusId', 'eq', '2'] } })).json()) as Rec[];
    expect(orders.map((o) => o.statusName)).toEqual(['Processing']);
    expect((await api.post('customers/search', { data: { search: ['email', 'eq'] } })).status()).toBe(400);
    expect((await api.post('customers/search', { data: { search: ['email', 'resembles', 'x'] } })).status()).toBe(400);
  });
});

test.describe('filters @shop', () => {
  test('should list only guests or only registrees by type and refuse other types', async ({ api }) => {
    const guests = (await (await api.get('customers?type=guest')).json()) as Rec[];
    expect(guests.map((c) => c.id)).toEqual([4, 5]);
    const registrees = (await (await api.get('customers?type=registree')).json()) as Rec[];
    expect(registrees.every((c) => c.isGuest === false)).toBe(true);
    expect(registrees.length).toBe(4);
    expect((await api.get('customers?type=admin')).status()).toBe(400);
  });

  test('should list e-mails by state', async ({ api }) => {
    const pending = (await (await api.get('emails?state=pending')).json()) as Rec[];
    const sent = (await (await api.get('emails?state=sent')).json()) as Rec[];
    expect(pending.map((e) => e.id)).toEqual([2]);
    expect(sent.map((e) => e.id)).toEqual([1]);
    expect((await api.get('emails?state=lost')).status()).toBe(400);
  });

  test('should find records changed, modified or deleted on a date', async ({ api }) => {
    const today = new Date().toISOString().slice(0, 10);
    expect(((await (await api.get('customers?changed=2024-03-01')).json()) as Rec[]).length).toBe(6);
    expect(((await (await api.get(`customers?changed=${today}`)).json()) as Rec[]).length).toBe(0);
    await api.put('customers/3', { data: { gender: 'm', firstname: 'Alan', lastname: 'Turing', email: 'alan@example.test', isGuest: false } });
    await api.delete('customers/5');
    expect(((await (await api.get(`customers?changed=${today}`)).json()) as Rec[]).map((c) => c.id)).toEqual([3]);
    expect(((await (await api.get(`customers?modified=${today}`)).json()) as Rec[]).map((c) => c.id)).toEqual([3]);
    expect(((await (await api.get('customers?modified=2024-03-01')).json()) as Rec[]).length).toBe(0);
    expect(((await (await api.get(`customers?deleted=${today}`)).json()) as Rec[]).map((c) => c.id)).toEqual([5]);
    expect((await api.get('customers?changed=2024-02-30')).status()).toBe(400);
    expect((await api.get('customers?changed=yesterday')).status()).toBe(400);
  });

  test('should list top-level categories, and the whole tree with recursive', async ({ api }) => {
    const top = (await (await api.get('categories')).json()) as Rec[];
    expect(top.map((c) => c.id)).toEqual([1, 5]);
    const all = (await (await api.get('categories?recursive')).json()) as Rec[];
    expect(all.map((c) => c.id)).toEqual([1, 2, 3, 4, 5, 6]);
    const children = (await (await api.get('categories/1/children')).json()) as Rec[];
    expect(children.map((c) => c.id)).toEqual([2, 3]);
    const direct = (await (await api.get('categories/1/products')).json()) as Rec[];
    expect(direct.length).toBe(0);
    const deep = (await (await api.get('categories/1/products?recursive')).json()) as Rec[];
    expect(deep.map((p) => p.id)).toEqual([1, 2, 3]);
  });
});
