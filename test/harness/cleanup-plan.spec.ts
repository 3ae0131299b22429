// The cleanup plan (src/client/cleanup-plan.ts) and ApiClient.cleanup: records of a collection whose
// DELETE takes an id list go in one request, children an order's delete removes wait for it, and
// nothing is recorded as deleted that the answer does not confirm (the rest is deleted on its own,
// and what still fails reaches the leftover report with its reason).
import { expect, test } from '@playwright/test';
import { catalogue, onShopSession } from './support/shop-session.js';
import type { ApiClient } from '../../src/client/api-client.js';
import { confirmedIds, groupPath, MAX_GROUP, planCleanup, takesIdList } from '../../src/client/cleanup-plan.js';
import { cleanupFailuresFile, ledgerFile, outstandingEntries, readCleanupFailures, readLedger, type NewRecord } from '../../src/client/ledger.js';
import type { HttpRequest, HttpResponse, HttpTransport } from '../../src/client/http.js';
import { FactoryKit } from '../../fixtures/factories/base.js';
import { createCustomer } from '../../fixtures/factories/customers.js';
import { createOrder, createOrderItem, createOrderTotal, createTrackingCode, createWithdrawal, withdrawalInput } from '../../fixtures/factories/orders.js';

const op = (id: string) => catalogue.operations.find((o) => o.id === id) ?? (() => { throw new Error(id); })();
const rec = (p: string, parent?: string): NewRecord => ({ kind: 'record', collection: p.slice(0, p.lastIndexOf('/')), id: p.slice(p.lastIndexOf('/') + 1), path: p, ...(parent ? { parent } : {}) });
const deleteFor = (r: NewRecord) => {
  const o = catalogue.operations.find((x) => x.method === 'delete' && new RegExp(`^${x.path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(r.path));
  return o ? { op: o, path: r.path } : undefined;
};

test.describe('cleanup plan @harness @client', () => {
  test('should group the records of collections whose DELETE takes an id list, and only those', () => {
    expect(takesIdList(op('deleteCustomers'))).toBe(true);
    expect(takesIdList(op('deleteProducts'))).toBe(true);
    expect(takesIdList(op('deleteCategories'))).toBe(true);
    expect(takesIdList(op('deleteAddress'))).toBe(false);
    expect(takesIdList(op('deleteOrders'))).toBe(false);
    const records = [rec('/customers/9'), rec('/addresses/4'), rec('/customers/7'), rec('/products/3'), rec('/customers/5'), rec('/manufacturers/2'), rec('/manufacturers/1')];
    const plan = planCleanup(catalogue, records, deleteFor);
    const customers = plan.groupOf.get('/customers/9');
    expect(customers?.map((r) => r.id)).toEqual(['9', '7', '5']);
    expect(plan.groupOf.get('/customers/5')).toBe(customers);
    expect(groupPath(customers ?? [])).toBe('/customers/9,7,5');
    // One product: nothing to group; manufacturers and addresses are deleted one by one.
    for (const k of ['/products/3', '/addresses/4', '/manufacturers/2', '/manufacturers/1']) expect(plan.groupOf.has(k)).toBe(false);
  });

  test('should split long groups', () => {
    const records = Array.from({ length: MAX_GROUP + 3 }, (_, i) => rec(`/customers/${i + 1}`));
    const plan = planCleanup(catalogue, records, deleteFor);
    expect(plan.groupOf.get('/customers/1')?.length).toBe(MAX_GROUP);
    expect(plan.groupOf.get(`/customers/${MAX_GROUP + 1}`)?.length).toBe(3);
  });

  test('should let items, their attributes and totals wait for their order, and nothing else', () => {
    const records = [
      rec('/orders/5/tracking_codes/3', '/orders/5'),
      rec('/orders/5/items/8/attributes/2', '/orders/5/items/8'),
      rec('/orders/5/totals/4', '/orders/5'),
      rec('/orders/5/items/8', '/orders/5'),
      rec('/orders/5'),
      rec('/orders/6/items/1', '/orders/6'),
    ];
    const plan = planCleanup(catalogue, records, deleteFor);
    expect([...plan.waitsFor.entries()]).toEqual([
      ['/orders/5/items/8/attributes/2', '/orders/5'],
      ['/orders/5/totals/4', '/orders/5'],
      ['/orders/5/items/8', '/orders/5'],
    ]);
    // Tracking codes are not named by the behaviour notes; order 6 is not deleted in this cleanup.
    expect(plan.waitsFor.has('/orders/5/tracking_codes/3')).toBe(false);
    expect(plan.waitsFor.has('/orders/6/items/1')).toBe(false);
  });

  test('should confirm what the answer says: its deleted list whatever the status, else every id with a 2xx, nothing without', () => {
    expect([...confirmedIds(200, { deleted: [3, 5], errors: [] }, ['3', '4', '5'])]).toEqual(['3', '5']);
    expect([...confirmedIds(200, { code: 200, status: 'success', productId: 3 }, ['3', '4'])]).toEqual(['3', '4']);
    // A partial success is read record by record (GX 4.8: 400 with the ids it deleted and errors for the rest).
    expect([...confirmedIds(400, { deleted: [4, 2], errors: [{ errorMessage: 'The requested category was not found in database (ID:3)' }] }, ['4', '3', '2'])]).toEqual(['4', '2']);
    expect(confirmedIds(404, { code: 404, message: 'not found' }, ['3', '4']).size).toBe(0);
    expect(confirmedIds(500, undefined, ['3']).size).toBe(0);
  });
});

/** A transport that counts requests and may rewrite an answer. */
function recording(inner: HttpTransport, rewrite?: (req: HttpRequest, res: HttpResponse) => HttpResponse): HttpTransport & { sent: HttpRequest[] } {
  const sent: HttpRequest[] = [];
  return {
    sent,
    async send(req) {
      sent.push(req);
      const res = await inner.send(req);
      return rewrite ? rewrite(req, res) : res;
    },
    close: () => inner.close(),
  };
}

type Recording = HttpTransport & { sent: HttpRequest[] };

/**
 * Runs `body` with a client of its own on a fresh reference shop, its requests recorded (and
 * answers rewritten by `rewrite`); `deletes()` lists the paths DELETEd since the last mark().
 */
async function onShop(
  body: (t: { api: ApiClient; kit: FactoryKit; ledger: string; mark: () => void; deletes: () => string[] }) => Promise<void>,
  rewrite?: (req: HttpRequest, res: HttpResponse) => HttpResponse,
): Promise<void> {
  let transport: Recording | undefined;
  await onShopSession(
    'rplan',
    async ({ session, reportDir }) => {
      const sent = transport?.sent ?? [];
      const api = session.client();
      let from = 0;
      await body({
        api,
        kit: new FactoryKit(api, session.uniq, 'standard'),
        ledger: ledgerFile(reportDir),
        mark: () => {
          from = sent.length;
        },
        deletes: () =>
          sent
            .slice(from)
            .filter((r) => r.method === 'DELETE')
            .map((r) => new URL(r.url).pathname.replace(/^.*\/v2/, '')),
      });
    },
    (inner) => (transport = recording(inner, rewrite)),
  );
}

test.describe('grouped cleanup against the reference shop @harness @client', () => {
  test('should delete customers in one request and an order with its items and totals in one, the tracking code on its own', async () => {
    await onShop(async ({ api, kit, ledger, mark, deletes: deleted }) => {
      for (let i = 0; i < 3; i++) await createCustomer(kit);
      const order = await createOrder(kit);
      const item = await createOrderItem(kit, order.id);
      await createOrderTotal(kit, order.id);
      await createTrackingCode(kit, order.id);
      const open = api.openRecords();
      mark();
      const result = await api.cleanup();
      const deletes = deleted();
      // The order takes its item and total with it; the tracking code (not named by the notes) and
      // the order's product and manufacturer go on their own; the four customers (the order's
      // registree too) in one request.
      expect(deletes.filter((d) => d.startsWith(`/orders/${order.id}`))).toEqual([`/orders/${order.id}`]);
      expect(deletes.filter((d) => d.startsWith('/customers/'))).toEqual([expect.stringMatching(/^\/customers\/\d+(,\d+){3}$/)]);
      expect(deletes.some((d) => d.includes('tracking_codes'))).toBe(true);
      expect(deletes).toHaveLength(open.filter((r) => !r.path.startsWith(`/orders/${order.id}/`) && !r.path.startsWith('/customers/')).length + 1);
      expect(result.failed).toEqual([]);
      expect(result.removed.map((e) => e.path).sort()).toEqual(open.map((r) => r.path).sort());
      expect(outstandingEntries(readLedger(ledger))).toEqual([]);
      // The shop agrees: nothing is left.
      for (const r of open) {
        const read = await api.send('GET', r.path, { intent: 'support' });
        expect(read.response.status, r.path).toBeGreaterThanOrEqual(400);
      }
      expect(open.some((r) => r.path === `/orders/${order.id}/items/${item.id}`)).toBe(true);
    });
  });

  test('should delete a withdrawal before the customers it names, though a grouped customer delete would come first newest first', async () => {
    await onShop(async ({ api, kit, mark, deletes }) => {
      const named = await createCustomer(kit);
      const withdrawal = await createWithdrawal(kit, { order: { ...(withdrawalInput(kit).order as object), customerId: named.id } });
      // A customer made after the withdrawal: the customers' grouped delete goes where it stands.
      await createCustomer(kit);
      mark();
      const result = await api.cleanup();
      expect(result.failed).toEqual([]);
      const order = deletes();
      expect(order[0]).toBe(`/withdrawals/${withdrawal.id}`);
      expect(order.findIndex((d) => d.startsWith('/customers/'))).toBeGreaterThan(0);
    });
  });

  test('should delete on their own the records a grouped answer does not name, and report what still fails', async () => {
    let refuse = '';
    // The grouped answer names only the first id; a single delete of `refuse` answers 500.
    const rewrite = (req: HttpRequest, res: HttpResponse): HttpResponse => {
      const p = new URL(req.url).pathname;
      if (req.method === 'DELETE' && /\/customers\/\d+,/.test(p)) {
        const first = Number(/customers\/(\d+)/.exec(p)?.[1]);
        return { ...res, body: Buffer.from(JSON.stringify({ deleted: [first], errors: [] })) };
      }
      if (req.method === 'DELETE' && p.endsWith(`/customers/${refuse}`)) return { ...res, status: 500, body: Buffer.from(JSON.stringify({ code: 500, status: 'error', message: 'nope' })) };
      return res;
    };
    await onShop(async ({ api, kit, ledger, mark, deletes: deleted }) => {
      const ids: number[] = [];
      for (let i = 0; i < 3; i++) ids.push((await createCustomer(kit)).id);
      refuse = String(ids[0]);
      mark();
      const result = await api.cleanup();
      const deletes = deleted();
      // Each customer comes with its own new address (what a real client sends), which the run
      // owns and deletes on its own; the grouping under test is the customers'.
      expect(deletes.filter((d) => d.startsWith('/customers/'))).toEqual([`/customers/${ids[2]},${ids[1]},${ids[0]}`, `/customers/${ids[1]}`, `/customers/${ids[0]}`]);
      expect(deletes.filter((d) => !d.startsWith('/customers/')).every((d) => /^\/addresses\/\d+$/.test(d))).toBe(true);
      // A customer's address goes after the customer: never, for a moment, a customer without its address.
      expect(deletes.findIndex((d) => d.startsWith('/addresses/'))).toBeGreaterThan(deletes.findIndex((d) => d.startsWith('/customers/')));
      expect(result.removed.filter((e) => e.path.startsWith('/customers/')).map((e) => e.id).sort()).toEqual([String(ids[2]), String(ids[1])].sort());
      expect(result.failed.map((f) => f.entry.path)).toEqual([`/customers/${ids[0]}`]);
      // Open in the ledger, with its reason for the leftover report.
      expect(outstandingEntries(readLedger(ledger)).map((e) => e.path)).toEqual([`/customers/${ids[0]}`]);
      const reasons = readCleanupFailures(ledger);
      expect([...reasons.values()].join('\n')).toContain(`DELETE /customers/${ids[0]} answered 500`);
      expect(cleanupFailuresFile(ledger)).toContain('cleanup-failures.jsonl');
    }, rewrite);
  });

  test('should fall back to single deletes when a grouped delete fails, and keep the children of an order it could not delete', async () => {
    let orderPath = '';
    const rewrite = (req: HttpRequest, res: HttpResponse): HttpResponse => {
      const p = new URL(req.url).pathname;
      if (req.method === 'DELETE' && (/\/customers\/\d+,/.test(p) || (orderPath && p.endsWith(orderPath)))) return { ...res, status: 500, body: Buffer.from('{"code":500,"status":"error","message":"down"}') };
      return res;
    };
    await onShop(async ({ api, kit, mark, deletes: deleted }) => {
      await createCustomer(kit);
      const order = await createOrder(kit);
      const item = await createOrderItem(kit, order.id);
      orderPath = `/orders/${order.id}`;
      mark();
      const result = await api.cleanup();
      const deletes = deleted();
      // The order's delete fails: its item is deleted on its own right after; the grouped delete of
      // the customers fails too: each is deleted on its own.
      const at = deletes.indexOf(orderPath);
      expect(at).toBeGreaterThanOrEqual(0);
      expect(deletes[at + 1]).toBe(`${orderPath}/items/${item.id}`);
      const customers = deletes.filter((d) => d.startsWith('/customers/'));
      expect(customers).toHaveLength(3);
      expect(customers[0]).toMatch(/^\/customers\/\d+,\d+$/);
      expect(customers.slice(1).every((d) => /^\/customers\/\d+$/.test(d))).toBe(true);
      expect(result.failed.map((f) => f.entry.path)).toEqual([orderPath]);
      expect(result.failed[0]?.reason).toContain('answered 500');
    }, rewrite);
  });
});
