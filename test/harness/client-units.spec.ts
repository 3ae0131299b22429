// Unit tests of the client's pure parts: URL joining, redaction and curl, the write guard, the
// ledger and its rules, the pacer (fake clock), minimal valid bodies.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEFAULT_FACTS } from '../../src/spec/shop-facts.js';
import { Uniq } from '../../src/core/uniq.js';
import { clientSentReferences, minimalValue, qaEmail, referenceFields, validBody } from '../../src/data/bodies.js';
import { toCurl } from '../../src/core/curl.js';
import { multipartBody } from '../../src/client/http.js';
import { isDestructiveOperation } from '../../src/spec/operation-kinds.js';
import { cannotNameRecord, guardWrite, type GuardContext } from '../../src/client/guard.js';
import { paramNoun, singular } from '../../src/spec/nouns.js';
import { compactLedger, Ledger, outstandingEntries, readLedger } from '../../src/client/ledger.js';
import { createdRecords, effectsOf, idsInBody, locationPath, trimAfterId, type ExchangeFacts } from '../../src/client/ledger-rules.js';
import { Pacer, parseReset } from '../../src/client/pacer.js';
import { Redactor, secretForms } from '../../src/client/redact.js';
import { requestErrors } from '../../src/spec/request-errors.js';
import { fillPath } from '../../src/spec/catalogue.js';
import { apiRoot, joinUrl, queryString } from '../../src/client/url.js';
import { validatorsFor } from '../../src/spec/cache.js';
import { bundled } from './support/exchanges.js';

const spec = await bundled();

function tmpLedger(): Ledger {
  const dir = mkdtempSync(path.join(tmpdir(), 'ledger-'));
  return new Ledger(path.join(dir, 'ledger.jsonl'), 'rtest', 'https://shop.example.test/shop1/api.php/v2');
}

test.describe('URL joining @harness @client', () => {
  test('should join whatever BASE_URL and basePath look like', () => {
    const base = '/shop1/api.php/v2';
    expect(apiRoot('https://h.test/shop1/api.php/v2', base)).toBe('https://h.test/shop1/api.php/v2');
    expect(apiRoot('https://h.test/shop1/api.php/v2/', base)).toBe('https://h.test/shop1/api.php/v2');
    expect(apiRoot('https://h.test', base)).toBe('https://h.test/shop1/api.php/v2');
    expect(apiRoot('https://h.test/', base)).toBe('https://h.test/shop1/api.php/v2');
    expect(apiRoot('https://h.test/proxy/api', base)).toBe('https://h.test/proxy/api');
    expect(apiRoot('http://127.0.0.1:8080', '')).toBe('http://127.0.0.1:8080');
    expect(joinUrl('https://h.test/v2/', '/customers')).toBe('https://h.test/v2/customers');
    expect(joinUrl('https://h.test/v2', 'customers/1')).toBe('https://h.test/v2/customers/1');
  });

  test('should fill path templates, bulk ids as comma lists, and serialise queries', () => {
    expect(fillPath('/customers/{customer_id}', { customer_id: 12 })).toBe('/customers/12');
    expect(fillPath('/customers/{customer_id}', { customer_id: [3, 4, 5] })).toBe('/customers/3,4,5');
    expect(fillPath('/x/{a}', { a: 'a b/c' })).toBe('/x/a%20b%2Fc');
    expect(() => fillPath('/x/{a}', {})).toThrow(/has no value/);
    expect(queryString(spec.op('getCustomers'), { page: 2, per_page: 15, sort: '-id' })).toBe('?page=2&per_page=15&sort=-id');
    expect(queryString(undefined, {})).toBe('');
  });
});

test.describe('redaction @harness @client', () => {
  const r = Redactor.forCredentials('admin@example.test', 'conformance-Pa55-0815');
  const token = Buffer.from('admin@example.test:conformance-Pa55-0815').toString('base64');

  test('should scrub the password, the Basic token and any Basic/Bearer token', () => {
    expect(secretForms('admin@example.test', 'conformance-Pa55-0815')).toContain(token);
    const text = `authorization: Basic ${token}\npassword=conformance-Pa55-0815 other: Bearer abcdefghijk`;
    const out = r.text(text);
    expect(out).not.toContain('conformance-Pa55-0815');
    expect(out).not.toContain(token);
    expect(out).not.toContain('abcdefghijk');
    expect(r.leaks(out)).toBe(false);
    expect(r.headers({ authorization: `Basic ${token}`, 'x-other': 'conformance-Pa55-0815' })).toEqual({ authorization: 'Basic [REDACTED]', 'x-other': '[REDACTED]' });
    expect(r.value({ a: ['conformance-Pa55-0815'] })).toEqual({ a: ['[REDACTED]'] });
  });

  test('should render curl with the credentials as shell variables only', () => {
    const curl = toCurl({ method: 'POST', url: 'https://h.test/v2/customers', headers: { authorization: 'Basic [REDACTED]', 'content-type': 'application/json' }, rawBody: `{"a":"it's"}`, auth: 'default' });
    expect(curl).toBe(`curl -sS -i -X POST 'https://h.test/v2/customers' -u "$API_USER:$API_PASSWORD" -H 'content-type: application/json' --data-raw '{"a":"it'\\''s"}'`);
    expect(toCurl({ method: 'GET', url: 'https://h.test/v2/x', headers: {}, auth: 'none' })).toBe(`curl -sS -i 'https://h.test/v2/x'`);
  });
});

test.describe('write guard @harness @client', () => {
  const ledger = tmpLedger();
  ledger.recordCreate({ kind: 'record', collection: '/customers', id: '12', path: '/customers/12' }, 'createCustomers');
  ledger.recordCreate({ kind: 'record', collection: '/orders', id: '5', path: '/orders/5' }, 'createOrder');
  ledger.recordCreate({ kind: 'record', collection: '/products', id: '7', path: '/products/7' }, 'createProducts');
  ledger.recordCreate({ kind: 'file', collection: '/category_icons', id: 'qa-1.png', path: '/category_icons' }, 'uploadCategoryIcons');
  const std: GuardContext = { profile: 'standard', ledger, specMarksDestructive: true };
  const req = (id: string, method: string, p: string, values: Record<string, string> = {}, body?: unknown, override?: string) => ({ op: spec.op(id), method, override, path: p, pathValues: values, body });

  test('should allow writes to own records and refuse others', () => {
    expect(guardWrite(req('updateCustomer', 'PUT', '/customers/12', { customer_id: '12' }), std).allowed).toBe(true);
    const refused = guardWrite(req('updateCustomer', 'PUT', '/customers/13', { customer_id: '13' }), std);
    expect(refused).toEqual({ allowed: false, reason: expect.stringContaining('/customers/13') as unknown as string });
    expect(guardWrite(req('deleteCustomers', 'DELETE', '/customers/12', { customer_id: '12' }), std).allowed).toBe(true);
    expect(guardWrite(req('deleteCustomers', 'DELETE', '/customers/12,13', { customer_id: '12,13' }), std).allowed).toBe(false);
    expect(guardWrite(req('createOrderItem', 'POST', '/orders/5/items', { order_id: '5' }), std).allowed).toBe(true);
    expect(guardWrite(req('createOrderItem', 'POST', '/orders/6/items', { order_id: '6' }), std).allowed).toBe(false);
    // The same kind of record under another path: product prices of an own product.
    expect(guardWrite(req('putProductPrices', 'PUT', '/product_prices/7', { product_id: '7' }), std).allowed).toBe(true);
  });

  test('should let a wrong-typed id through unless its leading digits could name a foreign record', () => {
    expect(guardWrite(req('updateCustomer', 'PUT', '/customers/abc', { customer_id: 'abc' }), std).allowed).toBe(true);
    expect(guardWrite(req('updateCustomer', 'PUT', '/customers/12abc', { customer_id: '12abc' }), std).allowed).toBe(true);
    expect(guardWrite(req('updateCustomer', 'PUT', '/customers/13abc', { customer_id: '13abc' }), std).allowed).toBe(false);
    expect(guardWrite(req('updateCustomer', 'PUT', '/customers/99999999999999999999', { customer_id: '99999999999999999999' }), std).allowed).toBe(true);
    const param = spec.op('getCustomer').parameters[0];
    expect(cannotNameRecord(param, 'abc')).toBe(true);
    expect(cannotNameRecord(param, '12')).toBe(false);
  });

  test('should check records named in collection-level bodies', () => {
    expect(guardWrite(req('updateCustomers', 'PUT', '/customers', {}, [{ id: 12 }]), std).allowed).toBe(true);
    expect(guardWrite(req('updateCustomers', 'PUT', '/customers', {}, [{ id: 12 }, { id: 1 }]), std).allowed).toBe(false);
    expect(guardWrite(req('deleteCategoryIcon', 'DELETE', '/category_icons', {}, { filename: 'qa-1.png' }), std).allowed).toBe(true);
    expect(guardWrite(req('deleteCategoryIcon', 'DELETE', '/category_icons', {}, { filename: 'logo.png' }), std).allowed).toBe(false);
    expect(guardWrite(req('deleteCategoryIcon', 'DELETE', '/category_icons', {}, {}), std).allowed).toBe(false);
    expect(guardWrite(req('queueEmail', 'PUT', '/emails', {}, { subject: 'x' }), std).allowed).toBe(true);
  });

  test('should guard overrides by the method they ask for and by the POST they would fall back to', () => {
    expect(guardWrite({ ...req('updateCustomer', 'POST', '/customers/13', { customer_id: '13' }, {}, 'PUT') }, std).allowed).toBe(false);
    expect(guardWrite({ ...req('updateCustomer', 'POST', '/customers/12', { customer_id: '12' }, {}, 'PUT') }, std).allowed).toBe(true);
    ledger.recordCreate({ kind: 'record', collection: '/emails', id: '3', path: '/emails/3' }, 'queueEmail');
    const del = { ...req('deleteEmail', 'POST', '/emails/3', { email_id: '3' }, undefined, 'DELETE'), wireOp: spec.op('sendEmail') };
    expect(guardWrite(del, std).allowed).toBe(false);
    expect(guardWrite(del, { ...std, profile: 'full' }).allowed).toBe(true);
  });

  test('should send nothing but reads and searches in readonly, and destructive operations only in full', () => {
    const ro: GuardContext = { ...std, profile: 'readonly' };
    expect(guardWrite(req('getCustomer', 'GET', '/customers/1', { customer_id: '1' }), ro).allowed).toBe(true);
    expect(guardWrite(req('searchCustomer', 'POST', '/customers/search', {}, { search: [] }), ro).allowed).toBe(true);
    expect(guardWrite(req('createCustomers', 'POST', '/customers', {}, [{}]), ro).allowed).toBe(false);
    expect(guardWrite(req('updateCustomer', 'PUT', '/customers/12', { customer_id: '12' }), ro).allowed).toBe(false);
    expect(guardWrite(req('deleteCache', 'DELETE', '/cache'), std).allowed).toBe(false);
    expect(guardWrite(req('deleteCache', 'DELETE', '/cache'), { ...std, profile: 'full' }).allowed).toBe(true);
  });

  test('should tell destructive operations of specs that do not mark them', () => {
    const other = (method: 'delete' | 'post', p: string) => ({ ...spec.op('deleteCache'), method, path: p, extensions: {} });
    expect(isDestructiveOperation(other('delete', '/cache'), false)).toBe(true);
    expect(isDestructiveOperation(other('post', '/jobs/reindex'), false)).toBe(true);
    expect(isDestructiveOperation(other('delete', '/items'), false)).toBe(true);
    expect(isDestructiveOperation(other('post', '/items'), false)).toBe(false);
  });
});

test.describe('ledger @harness @client', () => {
  test('should append each create synchronously and know what is still open', () => {
    const ledger = tmpLedger();
    expect(ledger.recordCreate({ kind: 'record', collection: '/customers', id: '1', path: '/customers/1' }, 'createCustomers')).toBe(true);
    expect(ledger.recordCreate({ kind: 'record', collection: '/customers', id: '1', path: '/customers/1' }, 'updateCustomer')).toBe(false);
    ledger.recordCreate({ kind: 'record', collection: '/customers', id: '2', path: '/customers/2' }, 'createCustomers');
    ledger.recordDelete({ kind: 'record', collection: '/customers', id: '1', path: '/customers/1' }, 'deleteCustomers');
    const lines = readFileSync(ledger.file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => [l.event, l.path, l.run])).toEqual([
      ['create', '/customers/1', 'rtest'],
      ['create', '/customers/2', 'rtest'],
      ['delete', '/customers/1', 'rtest'],
    ]);
    expect(outstandingEntries(readLedger(ledger.file)).map((e) => e.path)).toEqual(['/customers/2']);
    expect(ledger.ownsRecord('/customers/1')).toBe(true);
    expect(compactLedger(ledger.file)).toEqual({ kept: 1, dropped: 2 });
    expect(readLedger(ledger.file).map((e) => e.path)).toEqual(['/customers/2']);
  });

  test('should read ids from id, created[], arrays, Location and upload answers', () => {
    expect(idsInBody({ id: 4 })).toEqual(['4']);
    expect(idsInBody({ created: [5, { id: 6 }] })).toEqual(['5', '6']);
    expect(idsInBody([{ id: 7 }, { id: 8 }])).toEqual(['7', '8']);
    expect(locationPath('https://h.test/v2/customers/9', 'https://h.test/v2')).toBe('/customers/9');
    expect(locationPath('https://elsewhere.test/v2/customers/9', 'https://h.test/v2')).toBeUndefined();
    expect(trimAfterId('/orders/1/items/2/attributes/8/Property', '8')).toBe('/orders/1/items/2/attributes/8');
    const created = createdRecords(spec.catalogue, 'https://h.test/v2', { op: spec.op('createOrderItem'), method: 'POST', path: '/orders/5/items', status: 201, body: { id: 3 }, location: undefined });
    expect(created).toEqual([{ kind: 'record', collection: '/orders/5/items', id: '3', path: '/orders/5/items/3', parent: '/orders/5' }]);
    const upload = createdRecords(spec.catalogue, 'https://h.test/v2', { op: spec.op('uploadCategoryIcons'), method: 'POST', path: '/category_icons', status: 201, body: { filename: 'qa-1.png' }, location: undefined });
    expect(upload).toEqual([{ kind: 'file', collection: '/category_icons', id: 'qa-1.png', path: '/category_icons' }]);
    expect(createdRecords(spec.catalogue, 'https://h.test/v2', { op: spec.op('searchCustomer'), method: 'POST', path: '/customers/search', status: 200, body: [{ id: 1 }], location: undefined })).toEqual([]);
    expect(createdRecords(spec.catalogue, 'https://h.test/v2', { op: spec.op('createCustomers'), method: 'POST', path: '/customers', status: 400, body: { id: 1 }, location: undefined })).toEqual([]);
    // A child may have its parent's id: attribute 6 of item 6 is still a new record.
    const attribute = createdRecords(spec.catalogue, 'https://h.test/v2', { op: spec.op('createOrderTimeAttribute'), method: 'POST', path: '/orders/5/items/6/attributes', status: 201, body: { id: 6 }, location: 'https://h.test/v2/orders/5/items/6/attributes/6/Property' });
    expect(attribute).toEqual([{ kind: 'record', collection: '/orders/5/items/6/attributes', id: '6', path: '/orders/5/items/6/attributes/6', parent: '/orders/5/items/6' }]);
    const noLocation = createdRecords(spec.catalogue, 'https://h.test/v2', { op: spec.op('createOrderItem'), method: 'POST', path: '/orders/5/items', status: 201, body: { id: 5 }, location: undefined });
    expect(noLocation.map((r) => r.path)).toEqual(['/orders/5/items/5']);
    // An action on a record (sending e-mail 7) answers that record: nothing new.
    expect(createdRecords(spec.catalogue, 'https://h.test/v2', { op: spec.op('sendEmail'), method: 'POST', path: '/emails/7', status: 201, body: { id: 7 }, location: undefined })).toEqual([]);
    // GX 4.8 clamps an out-of-range path id to int64's largest and echoes it (JSON.parse rounds it to 2^63): the path's own record.
    const clamped = JSON.parse('{"id": 9223372036854775807, "customerId": 2}') as unknown;
    expect(createdRecords(spec.catalogue, 'https://h.test/v2', { op: spec.op('updateAddress'), method: 'PUT', path: '/addresses/99999999999999999999', status: 200, body: clamped, location: undefined })).toEqual([]);
    // Any other id a PUT answers is still taken for what it says.
    expect(createdRecords(spec.catalogue, 'https://h.test/v2', { op: spec.op('updateAddress'), method: 'PUT', path: '/addresses/99999999999999999999', status: 200, body: { id: 12 }, location: undefined }).length).toBe(1);
  });

  test('should read what an exchange did: no sub-resource DELETE deletes its parent, an ignored override creates, a bulk error may name creates', () => {
    const root = 'https://h.test/v2';
    const facts = (opId: string, f: Partial<ExchangeFacts>): ExchangeFacts => ({ op: spec.op(opId), method: 'DELETE', override: undefined, path: '', pathValues: {}, sentBody: undefined, sentFields: {}, status: 200, answer: undefined, location: undefined, ...f });
    const owns = () => false;
    // DELETE /products/5/links removes the product's links, not product 5 (GX 4.8 left products so).
    expect(effectsOf(spec.catalogue, root, facts('deleteProductLink', { path: '/products/5/links', pathValues: { product_id: '5' }, sentBody: { categoryIds: [3] } }), owns)).toEqual({ created: [], deleted: [] });
    // `.../attributes/8/Property` is attribute 8 in another view: its DELETE deletes attribute 8.
    const attribute = effectsOf(spec.catalogue, root, facts('removeOrdersItemsAttribute', { path: '/orders/1/items/2/attributes/8/Property', pathValues: { order_id: '1', item_id: '2', attribute_id: '8' } }), owns);
    expect(attribute.deleted.map((r) => r.path)).toEqual(['/orders/1/items/2/attributes/8']);
    // A comma list deletes each.
    expect(effectsOf(spec.catalogue, root, facts('deleteCustomers', { path: '/customers/3,4', pathValues: { customer_id: '3,4' } }), owns).deleted.map((r) => r.path)).toEqual(['/customers/3', '/customers/4']);
    // POST /vpe/17 with an override GX 4.8 ignores: it answers 201 with VPE 20, a new record in /vpe.
    const ignored = facts('updateVPE', { method: 'POST', override: 'PATCH', path: '/vpe/17', pathValues: { vpe_id: '17' }, sentBody: { names: { en: 'x' } }, status: 201, answer: { id: 20 } });
    expect(effectsOf(spec.catalogue, root, ignored, owns)).toEqual({ created: [{ kind: 'record', collection: '/vpe', id: '20', path: '/vpe/20' }], deleted: [] });
    // PUT /order_statuses/151 answered as a create of 154: /order_statuses/154, not /order_statuses/151/154.
    const status = facts('updateOrderStatuses', { method: 'POST', override: 'PUT', path: '/order_statuses/151', pathValues: { order_status_id: '151' }, sentBody: {}, status: 200, answer: { id: 154 } });
    expect(effectsOf(spec.catalogue, root, status, owns).created.map((r) => r.path)).toEqual(['/order_statuses/154']);
    // Honoured: the answer is the record itself.
    expect(effectsOf(spec.catalogue, root, { ...ignored, status: 200, answer: { id: 17 } }, owns)).toEqual({ created: [], deleted: [] });
    // An overridden DELETE honoured deletes; one whose answer names a new record did not delete.
    const del = facts('deleteVPE', { method: 'POST', override: 'DELETE', path: '/vpe/19', pathValues: { vpe_id: '19' } });
    expect(effectsOf(spec.catalogue, root, del, owns).deleted.map((r) => r.path)).toEqual(['/vpe/19']);
    expect(effectsOf(spec.catalogue, root, { ...del, status: 201, answer: { id: 21 } }, owns)).toEqual({ created: [{ kind: 'record', collection: '/vpe', id: '21', path: '/vpe/21' }], deleted: [] });
    // A bulk create that answered 400 still made what its `created[]` names.
    const bulk = facts('createCustomers', { method: 'POST', path: '/customers', sentBody: [{}, {}], status: 400, answer: { created: [{ id: 9 }], errors: [{ message: 'email taken' }] } });
    expect(effectsOf(spec.catalogue, root, bulk, owns).created.map((r) => r.path)).toEqual(['/customers/9']);
    expect(effectsOf(spec.catalogue, root, { ...bulk, answer: { code: 400, message: 'bad' } }, owns)).toEqual({ created: [], deleted: [] });
  });

  test('should name record kinds from paths and parameters', () => {
    expect(singular('categories')).toBe('category');
    expect(singular('addresses')).toBe('address');
    expect(singular('order_statuses')).toBe('order_status');
    expect(paramNoun('customer_group_id')).toBe('customer_group');
    expect(paramNoun('countryId')).toBe('country');
  });
});

test.describe('pacer @harness @client', () => {
  function clock() {
    let now = 1_795_000_000_000;
    const slept: number[] = [];
    return {
      now: () => now,
      sleep: (ms: number) => {
        slept.push(ms);
        now += ms;
        return Promise.resolve();
      },
      slept,
    };
  }

  test('should space requests by MAX_RPS', async () => {
    const c = clock();
    const p = new Pacer({ maxRps: 10, now: c.now, sleep: c.sleep });
    for (let i = 0; i < 3; i++) await p.beforeRequest();
    expect(c.slept).toEqual([100, 100]);
  });

  test('should spread the rest of the window when few requests remain, and wait for the reset at zero', async () => {
    const c = clock();
    const p = new Pacer({ maxRps: 1000, now: c.now, sleep: c.sleep, lowWater: 50 });
    const resetEpochS = Math.round((c.now() + 10_000) / 1000);
    p.afterResponse({ 'x-rate-limit-remaining': '10', 'x-rate-limit-reset': String(resetEpochS) });
    await p.beforeRequest();
    expect(c.slept[0]).toBeGreaterThanOrEqual(900);
    expect(c.slept[0]).toBeLessThanOrEqual(1100);
    p.afterResponse({ 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(resetEpochS) });
    const waits: number[] = [];
    await p.beforeRequest((ms) => waits.push(ms));
    expect(c.now()).toBeGreaterThanOrEqual(resetEpochS * 1000);
    expect(waits.length).toBe(1);
  });

  test('should read the reset as epoch seconds, or seconds from now when small', () => {
    expect(parseReset('1795319310', 0)).toBe(1795319310000);
    expect(parseReset('30', 1000)).toBe(31000);
    expect(parseReset('x', 0)).toBeUndefined();
  });
});

test.describe('minimal valid bodies @harness @client', () => {
  const validators = validatorsFor(spec.catalogue);

  test('should build a body every JSON-body operation of the bundled spec accepts', () => {
    const uniq = new Uniq();
    const failures: string[] = [];
    for (const op of spec.catalogue.operations) {
      if (!op.body?.schema) continue;
      // Reference fields take only values the caller read from the target (src/data/references.ts): placeholders here, nothing is sent.
      const refs = Object.fromEntries([...referenceFields(op.body.schema), ...clientSentReferences(op)].map((f) => [f, 1]));
      const body = validBody(op, { runId: 'rtest', uniq, refs });
      const errors = requestErrors(validators, op, body);
      if (errors.length) failures.push(`${op.id}: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}`);
    }
    expect(failures).toEqual([]);
  });

  test('should put the run id in names and e-mails on example.test', () => {
    const ctx = { runId: 'rtest', uniq: new Uniq(7) };
    expect(qaEmail(ctx)).toBe('qa+rtest-7@example.test');
    const v = minimalValue({ type: 'object', required: ['email', 'lastname'], properties: { email: { type: 'string' }, lastname: { type: 'string' }, id: { type: 'integer', readOnly: true } } }, ctx) as Record<string, unknown>;
    expect(v).toEqual({ email: 'qa+rtest-8@example.test', lastname: 'qa-rtest-9' });
  });

  test('should send what a real client sends beyond the required fields, in every language the shop lists', () => {
    const op = (id: string) => spec.catalogue.operations.find((o) => o.id === id);
    const customers = op('createCustomers');
    const reviews = op('postReviews');
    const units = op('createQuantityUnits');
    if (!customers || !reviews || !units) throw new Error('the bundled spec has createCustomers, postReviews and createQuantityUnits');
    const refs = { countryId: 81, zoneId: 1354, customerId: 5, productId: 7, languageId: 1 };
    // A customer with the personal fields and its own new address, with the country read together with its zone.
    expect(clientSentReferences(customers).sort()).toEqual(['countryId', 'zoneId']);
    const [customer] = validBody(customers, { runId: 'rtest', uniq: new Uniq(), refs }) as Record<string, unknown>[];
    expect(Object.keys(customer ?? {})).toEqual(expect.arrayContaining(['dateOfBirth', 'vatNumber', 'telephone', 'fax', 'address']));
    expect(customer?.address).toMatchObject({ countryId: 81, zoneId: 1354, company: expect.any(String), b2bStatus: false });
    // The reviewer's customerId, readOnly in the schema: sent, and not held against the body.
    const review = validBody(reviews, { runId: 'rtest', uniq: new Uniq(), refs }) as Record<string, unknown>;
    expect(review.customer).toMatchObject({ customerId: 5 });
    expect(requestErrors(validators, reviews, review)).toEqual([]);
    // Localised texts: every language the shop lists, and the ones the schema requires.
    const shop = { ...DEFAULT_FACTS, languages: ['de', 'fr'] };
    const unit = validBody(units, { runId: 'rtest', uniq: new Uniq(), refs, shop }) as Record<string, unknown>;
    expect(Object.keys(unit.names as object).sort()).toEqual(['de', 'en', 'fr']);
  });
});

test.describe('multipart bodies @harness @client', () => {
  test('should encode fields and files in one buffer that a FormData parser reads back as sent', async () => {
    const file = Buffer.from([0, 1, 2, 255, 13, 10, 45, 45]);
    const { body, contentType } = multipartBody({ filename: 'qa "1"\nx.png', count: 3, flag: true, note: 'a\nb', file: { name: 'qa-1.png', mimeType: 'image/png', buffer: file } });
    expect(contentType).toMatch(/^multipart\/form-data; boundary=\S+$/);
    const form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
    expect(form.get('filename')).toBe('qa "1"\nx.png'.replace('\n', '\r\n'));
    expect(form.get('count')).toBe('3');
    expect(form.get('flag')).toBe('true');
    expect(form.get('note')).toBe('a\r\nb');
    const part = form.get('file');
    expect(part).toBeInstanceOf(Blob);
    const blob = part as File;
    expect(blob.name).toBe('qa-1.png');
    expect(blob.type).toBe('image/png');
    expect(Buffer.from(await blob.arrayBuffer())).toEqual(file);
  });
});
