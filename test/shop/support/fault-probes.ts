// One small observation per fault: a few requests whose outcome differs between the clean shop
// and the shop with that fault on. The faults self-test runs each probe against both.
import type { APIRequestContext } from '@playwright/test';
import type { FaultName } from '../../../reference/faults/registry.js';

export interface ProbeContext {
  /** Authenticated, baseURL = API root with a trailing slash. */
  api: APIRequestContext;
  /** Without credentials, same base URL. */
  anon: APIRequestContext;
  url: string;
}

export interface Probe {
  tls?: boolean;
  observe: (ctx: ProbeContext) => Promise<unknown>;
}

type Rec = Record<string, unknown>;

const status = async (p: Promise<{ status(): number }>) => (await p).status();
const json = async (p: Promise<{ json(): Promise<unknown> }>) => (await p).json();
const list = async (p: Promise<{ json(): Promise<unknown> }>) => (await json(p)) as Rec[];
const person = (email: string, isGuest = false): Rec => ({ gender: 'f', firstname: 'P', lastname: 'Q', email, isGuest });
const address = { customerId: 2, gender: 'f', company: '', firstname: 'A', lastname: 'B', street: 'S', houseNumber: '1', additionalAddressInfo: '', suburb: '', postcode: '1', city: 'C', countryId: 81, zoneId: 0, class: '', b2bStatus: false };

export const PROBES: Record<FaultName, Probe> = {
  'auth-missing-credentials-accepted': { observe: ({ anon }) => status(anon.get('customers')) },
  'auth-wrong-password-accepted': { observe: ({ anon }) => status(anon.get('customers', { headers: { Authorization: `Basic ${Buffer.from('admin@example.test:nope').toString('base64')}` } })) },
  'auth-no-www-authenticate': { observe: async ({ anon }) => (await anon.get('customers')).headers()['www-authenticate'] ?? null },
  'wrong-content-type-accepted': { observe: ({ api }) => status(api.post('manufacturers', { headers: { 'Content-Type': 'text/plain' }, data: Buffer.from('{"name":"x"}') })) },
  'content-type-text-html': { observe: async ({ api }) => (await api.get('languages')).headers()['content-type'] },
  'error-body-without-message': { observe: async ({ api }) => Object.keys((await json(api.get('customers/999'))) as Rec).sort() },
  'malformed-json-500': { observe: ({ api }) => status(api.post('manufacturers', { headers: { 'Content-Type': 'application/json' }, data: Buffer.from('{"name":') })) },
  'huge-id-500': { observe: ({ api }) => status(api.get('customers/99999999999999999999')) },
  'invalid-id-404': { observe: ({ api }) => status(api.get('customers/abc')) },
  'error-message-as-detail': { observe: async ({ api }) => Object.keys((await json(api.get('customers/999'))) as Rec).sort() },
  'language-keys-uppercase': { observe: async ({ api }) => Object.keys(((await json(api.get('vpe'))) as Rec[])[0]?.names as Rec).sort() },
  'non-integer-id-accepted': { observe: ({ api }) => status(api.get('customers/2abc')) },
  'method-override-ignored': { observe: ({ api }) => status(api.post('manufacturers/1', { headers: { 'X-HTTP-Method-Override': 'PATCH' }, data: { name: 'n' } })) },
  'method-override-creates': {
    observe: async ({ api }) => {
      const answer = await api.post('manufacturers/1', { headers: { 'X-HTTP-Method-Override': 'PATCH' }, data: { name: 'n' } });
      return [answer.status(), (await list(api.get('manufacturers'))).length];
    },
  },
  'undeclared-method-served': { observe: ({ api }) => status(api.patch('customers/2', { data: person('ada@example.test') })) },
  'address-create-201': { observe: ({ api }) => status(api.post('addresses', { data: address })) },
  'order-status-put-200': { observe: ({ api }) => status(api.put('order_statuses/2', { data: { names: { en: 'a', de: 'b' }, color: '#000' } })) },
  'operation-unsupported': { observe: ({ api }) => status(api.get('shop_information')) },
  'slow-answers': {
    observe: async ({ api }) => {
      const started = Date.now();
      const s = await status(api.get('countries/81'));
      return { status: s, slow: Date.now() - started >= 2000 };
    },
  },
  'plain-http-alongside-tls': {
    tls: true,
    observe: async ({ anon, url }) => {
      try {
        return (await anon.get(`${url.replace(/^https:/, 'http:')}/customers`)).status();
      } catch {
        return 'refused';
      }
    },
  },
  'customer-without-email': { observe: async ({ api }) => 'email' in ((await json(api.get('customers/2'))) as Rec) },
  'product-price-as-string': { observe: async ({ api }) => typeof ((await json(api.get('products/1'))) as Rec).price },
  'customer-password-returned': { observe: async ({ api }) => 'password' in ((await json(api.get('customers/2'))) as Rec) },
  'wrong-types-accepted': { observe: ({ api }) => status(api.post('manufacturers', { data: { name: 42 } })) },
  'registree-email-duplicate-on-create': { observe: ({ api }) => status(api.post('customers', { data: [person('ada@example.test')] })) },
  'registree-email-duplicate-on-update': { observe: ({ api }) => status(api.put('customers/3', { data: person('ada@example.test') })) },
  'guest-email-conflict': { observe: ({ api }) => status(api.post('customers', { data: [person('ada@example.test', true)] })) },
  'bulk-create-partial': {
    observe: async ({ api }) => {
      await api.post('customers', { data: [person('first@example.test'), person('ada@example.test')] });
      return (await list(api.get('customers?q=first@'))).length;
    },
  },
  'paging-zero-based': { observe: async ({ api }) => (await list(api.get('customers?page=1&per_page=2'))).map((c) => c.id) },
  'per-page-ignored': { observe: async ({ api }) => (await list(api.get('customers?page=1&per_page=2'))).length },
  'per-page-zero-empty': { observe: async ({ api }) => { const r = await api.get('customers?page=1&per_page=0'); return r.status() === 200 ? await list(Promise.resolve(r)) : r.status(); } },
  'link-header-without-next': { observe: async ({ api }) => (await api.get('customers?page=1&per_page=2')).headers().link },
  'sort-descending-ignored': { observe: async ({ api }) => (await list(api.get('customers?sort=-id'))).map((c) => c.id) },
  'sort-case-insensitive': { observe: async ({ api }) => (await list(api.get('categories?recursive&sort=%2Bname'))).map((c) => c.name) },
  'fields-ignored-on-lists': { observe: async ({ api }) => Object.keys((await list(api.get('customers?fields=id')))[0] ?? {}) },
  'fields-ignored-on-single': { observe: async ({ api }) => Object.keys((await json(api.get('customers/2?fields=id'))) as Rec) },
  'search-case-sensitive': { observe: async ({ api }) => (await list(api.get('customers?search=LOVELACE'))).length },
  'q-parameter-ignored': { observe: async ({ api }) => (await list(api.get('customers?q=Lovelace'))).length },
  'search-keyword-as-pattern': { observe: async ({ api }) => (await list(api.get('customers?search=Love.ace'))).length },
  'search-no-match-answers-all': { observe: async ({ api }) => (await list(api.get('customers?search=qzxjqzxj'))).length },
  'type-filter-ignored': { observe: async ({ api }) => (await list(api.get('customers?type=guest'))).length },
  'type-filter-invalid-accepted': { observe: ({ api }) => status(api.get('customers?type=vip')) },
  'state-filter-inverted': { observe: async ({ api }) => (await list(api.get('emails?state=pending'))).map((e) => e.id) },
  'changed-filter-ignored': { observe: async ({ api }) => (await list(api.get('customers?changed=2000-01-01'))).length },
  'customer-update-lost': {
    observe: async ({ api }) => {
      await api.put('customers/3', { data: { ...person('alan@example.test'), lastname: 'Changed' } });
      return ((await json(api.get('customers/3'))) as Rec).lastname;
    },
  },
  'manufacturer-patch-drops-image': {
    observe: async ({ api }) => {
      await api.patch('manufacturers/1', { data: { image: 'new.png' } });
      return ((await json(api.get('manufacturers/1'))) as Rec).image;
    },
  },
  'idempotent-delete-404': { observe: ({ api }) => status(api.delete('addresses/9999')) },
  'order-delete-keeps-children': {
    observe: async ({ api }) => {
      await api.delete('orders/400210');
      return status(api.get('orders/400210/items/1'));
    },
  },
  'location-header-missing': { observe: async ({ api }) => (await api.post('manufacturers', { data: { name: 'n' } })).headers().location !== undefined },
  'error-leaks-stack-trace': { observe: async ({ api }) => 'trace' in ((await json(api.get('customers/999'))) as Rec) },
  'error-leaks-server-path': { observe: async ({ api }) => ((await json(api.get('customers/999'))) as Rec).message },
  'error-names-classes': { observe: async ({ api }) => ((await json(api.get('customers/abc'))) as Rec).message },
  'error-leaks-sql': { observe: async ({ api }) => ((await json(api.get('customers/999'))) as Rec).message },
  'powered-by-version': { observe: async ({ api }) => (await api.get('languages')).headers()['x-powered-by'] ?? null },
  'session-cookie-set': { observe: async ({ anon }) => (await anon.get('languages')).headers()['set-cookie'] ?? null },
  'customer-password-hash-returned': { observe: async ({ api }) => 'passwordHash' in ((await json(api.get('customers/2'))) as Rec) },
  'nosniff-missing': { observe: async ({ api }) => (await api.get('languages')).headers()['x-content-type-options'] ?? null },
  'cache-control-max-age': { observe: async ({ api }) => (await api.get('languages')).headers()['cache-control'] ?? null },
  'hsts-missing': { tls: true, observe: async ({ api }) => (await api.get('languages')).headers()['strict-transport-security'] ?? null },
  'cors-origin-reflected': { observe: async ({ api }) => (await api.get('languages', { headers: { Origin: 'https://elsewhere.example.test' } })).headers()['access-control-allow-origin'] ?? null },
  'sort-expression-500': { observe: ({ api }) => status(api.get(`customers?sort=${encodeURIComponent('+id,-(select 1)')}`)) },
  'fields-error-reflects': { observe: ({ api }) => status(api.get(`customers?fields=${encodeURIComponent('id,(select 1)')}`)) },
  'search-quote-matches-all': { observe: async ({ api }) => (await list(api.get(`customers?search=${encodeURIComponent("zq' OR 'a'='a")}`))).length },
  'other-user-accepted': { observe: ({ anon }) => status(anon.get('customers', { headers: { Authorization: `Basic ${Buffer.from('someone@example.test:pw').toString('base64')}` } })) },
  'readonly-field-stored': {
    observe: async ({ api }) => {
      const { id: _id, dateAdded: _added, lastModified: _modified, orderedCount: _ordered, specialOfferId: _offer, ...body } = (await json(api.get('products/1'))) as Rec;
      const made = (await json(api.post('products', { data: [{ ...body, orderedCount: 4242 }] }))) as { created?: Rec[] } | Rec[];
      const rec = Array.isArray(made) ? made[0] : made.created?.[0];
      return rec ? ((await json(api.get(`products/${String(rec.id)}`))) as Rec).orderedCount : 'no product made';
    },
  },
  'rate-limit-headers-missing': { observe: async ({ api }) => (await api.get('languages')).headers()['x-rate-limit-limit'] ?? null },
  'links-not-disabled': { observe: async ({ api }) => '_links' in ((await json(api.get('addresses/2?disable_links'))) as Rec) },
  'recursive-ignored': { observe: async ({ api }) => (await list(api.get('categories?recursive'))).length },
  'search-conditions-ignored': { observe: async ({ api }) => (await list(api.post('customers/search', { data: { search: ['id', 'eq', '2'] } }))).length },
  'bulk-delete-first-only': {
    observe: async ({ api }) => {
      await api.delete('customers/3,4');
      return status(api.get('customers/4'));
    },
  },
  'graduated-prices-ignored': { observe: async ({ api }) => ((await json(api.get('products/1/product_prices/customer_groups/3/10'))) as Rec).graduatedPrice },
  'order-status-double-history': {
    observe: async ({ api }) => {
      await api.patch('orders/400210/status', { data: { statusId: 3, comment: '', customerNotified: false } });
      return (await list(api.get('orders/400210/history'))).length;
    },
  },
  // Catalogue rules (reference/faults/catalogue-suite.ts).
  'category-children-include-grandchildren': { observe: async ({ api }) => (await list(api.get('categories/1/children'))).length },
  'category-children-missing-200': { observe: ({ api }) => status(api.get('categories/999/children')) },
  'category-missing-200': { observe: ({ api }) => status(api.get('categories/999')) },
  'category-products-always-recursive': { observe: async ({ api }) => (await list(api.get('categories/1/products'))).length },
  'category-products-ignore-links': { observe: async ({ api }) => (await list(api.get('categories/2/products'))).length },
  'product-unlink-ignored': {
    observe: async ({ api }) => {
      await api.delete('products/1/links', { data: { categoryId: 2 } });
      return json(api.get('products/1/links'));
    },
  },
  'product-delete-keeps-links': {
    observe: async ({ api }) => {
      await api.delete('products/2');
      return (await list(api.get('categories/4/products'))).map((p) => p.id);
    },
  },
  'graduated-price-lowest-band': { observe: async ({ api }) => ((await json(api.get('products/1/product_prices/customer_groups/3/10'))) as Rec).graduatedPrice },
  'group-price-no-fallback': { observe: async ({ api }) => ((await json(api.get('products/3/product_prices/customer_groups/3/1'))) as Rec).graduatedPrice },
  'quantity-zero-accepted': { observe: ({ api }) => status(api.get('products/1/product_prices/customer_groups/3/0')) },
  'bulk-create-first-only': {
    observe: async ({ api }) => {
      const body = categoryBody((await json(api.get('categories/2'))) as Rec);
      return ((await json(api.post('categories', { data: [body, body] }))) as { created: Rec[] }).created.length;
    },
  },
  'bulk-update-missing-id-ignored': {
    observe: async ({ api }) => {
      const body = categoryBody((await json(api.get('categories/2'))) as Rec);
      return ((await json(api.put('categories', { data: [{ ...body, id: 2 }, body] }))) as { errors: Rec[] }).errors.length;
    },
  },
  'category-update-lost': {
    observe: async ({ api }) => {
      const { descriptionBottom: _d, ...body } = categoryBody((await json(api.get('categories/2'))) as Rec);
      await api.put('categories/2', { data: { ...body, sortOrder: 77 } });
      return ((await json(api.get('categories/2'))) as Rec).sortOrder;
    },
  },
  'additional-value-update-lost': {
    observe: async ({ api }) => {
      await api.put('products/1/additional_fields', { data: [{ id: 2, values: { en: '7 years', de: '7 Jahre' } }] });
      return (await list(api.get('products/1/additional_fields'))).find((v) => v.id === 2)?.values;
    },
  },
  'product-update-lost': {
    observe: async ({ api }) => {
      const { id: _i, dateAdded: _a, lastModified: _m, orderedCount: _o, viewedCount: _v, specialOfferId: _s, ...body } = (await json(api.get('products/2?disable_links'))) as Rec;
      await api.put('products/2', { data: { ...body, productModel: 'RK-201' } });
      return ((await json(api.get('products/2'))) as Rec).productModel;
    },
  },
  'deleted-product-readable': {
    observe: async ({ api }) => {
      await api.delete('products/5');
      return status(api.get('products/5'));
    },
  },
  'manufacturer-delete-bad-id-400': { observe: ({ api }) => status(api.delete('manufacturers/0')) },
  'file-rename-keeps-old-name': {
    observe: async ({ api }) => {
      await api.put('category_icons', { data: { oldFilename: 'garden.png', newFilename: 'garden-2.png' } });
      return json(api.get('category_icons'));
    },
  },
  'upload-without-filename-accepted': { observe: ({ api }) => status(api.post('category_icons', { multipart: { uploaded_file: { name: 'own.png', mimeType: 'image/png', buffer: Buffer.from('png') } } })) },
  'empty-upload-accepted': { observe: ({ api }) => status(api.post('category_icons', { multipart: { uploaded_file: { name: 'e.png', mimeType: 'image/png', buffer: Buffer.alloc(0) }, filename: 'e.png' } })) },
  'file-delete-missing-404': { observe: ({ api }) => status(api.delete('category_icons', { data: { filename: 'no-such-icon.png' } })) },
  // Order rules (reference/faults/orders-suite.ts), on the seeded order 400210.
  'order-list-full-records': { observe: async ({ api }) => 'items' in ((await list(api.get('orders')))[0] ?? {}) },
  'order-parts-any-order': {
    observe: async ({ api }) => {
      const other = (await json(api.post('orders', { data: { ...orderBody((await list(api.get('orders/400210')))[0] ?? {}), items: [] } }))) as Rec;
      return status(api.get(`orders/${String(other.id)}/items/1`));
    },
  },
  'order-part-update-lost': {
    observe: async ({ api }) => {
      await api.put('orders/400210/totals/2', { data: { title: 'Shipping:', value: 7, valueText: '7,00 EUR', class: 'ot_shipping', sortOrder: 30 } });
      return ((await json(api.get('orders/400210/totals/2'))) as Rec).value;
    },
  },
  'order-update-keeps-parts': {
    observe: async ({ api }) => {
      await api.put('orders/400210', { data: { ...orderBody((await list(api.get('orders/400210')))[0] ?? {}), items: [] } });
      return (await list(api.get('orders/400210/items'))).length;
    },
  },
  'order-status-no-history': {
    observe: async ({ api }) => {
      await api.patch('orders/400210/status', { data: { statusId: 3, comment: '', customerNotified: false } });
      return (await list(api.get('orders/400210/history'))).length;
    },
  },
  'order-status-not-stored': {
    observe: async ({ api }) => {
      await api.patch('orders/400210/status', { data: { statusId: 3, comment: '', customerNotified: false } });
      return ((await list(api.get('orders/400210')))[0] ?? {}).statusId;
    },
  },
  'order-status-unknown-accepted': { observe: ({ api }) => status(api.patch('orders/400210/status', { data: { statusId: 4242, comment: '', customerNotified: false } })) },
  'orders-history-alias-empty': { observe: async ({ api }) => (await list(api.get('orders_history/400210'))).length },
  'order-totals-list-empty': { observe: async ({ api }) => (await list(api.get('orders/400210/totals'))).length },
  'tracking-code-deprecated-diverges': { observe: async ({ api }) => (await list(api.get('orders/400210/tracking_code'))).length },
  'tracking-code-order-lost': {
    observe: async ({ api }) => {
      await api.post('orders/400210/tracking_codes', { data: { trackingCode: 'T1', parcelServiceId: '1', languageId: '1' } });
      return (await list(api.get('orders/400210/tracking_codes'))).length;
    },
  },
  'payment-details-alias-differs': { observe: async ({ api }) => ((await json(api.get('payment_details/400210'))) as Rec).module },
  'parcel-service-update-lost': {
    observe: async ({ api }) => {
      await api.put('parcel_services/2', { data: { name: 'UPS 2', isDefault: false, descriptions: [] } });
      return ((await json(api.get('parcel_services/2'))) as Rec).name;
    },
  },
  'order-vat-id-text-only': {
    observe: async ({ api }) => {
      const { id: _i, ...order } = (await list(api.get('orders/400210?disable_links')))[0] ?? {};
      const customer = { ...(order.customer as Rec), vatId: 0 };
      return status(api.put('orders/400210', { data: { ...order, customer } }));
    },
  },
  'withdrawal-update-lost': {
    observe: async ({ api }) => {
      const { id: _i, dateCreated: _d, ...body } = (await list(api.get('withdrawals/1?disable_links')))[0] ?? {};
      await api.put('withdrawals/1', { data: { ...body, content: 'changed' } });
      return ((await list(api.get('withdrawals/1')))[0] ?? {}).content;
    },
  },
  'paging-last-page-drops-one': { observe: async ({ api }) => (await list(api.get('customers?page=2&per_page=5'))).map((c) => c.id) },
  'sort-ties-unstable': { observe: async ({ api }) => (await list(api.get('customers?sort=%2Bgender&page=2&per_page=2'))).map((c) => c.id) },
  'sort-key-500': { observe: ({ api }) => status(api.get('products?sort=-mainCategoryId')) },
  'search-case-fold-ascii-only': {
    observe: async ({ api }) => {
      await api.post('manufacturers', { data: { name: 'Ärger Öl' } });
      return (await list(api.get('manufacturers?search=ärger'))).length;
    },
  },
  'create-truncates-long-strings': { observe: async ({ api }) => String(((await json(api.post('manufacturers', { data: { name: 'x'.repeat(300) } }))) as Rec).name).length },
  'refused-create-stored': {
    observe: async ({ api }) => {
      await api.post('customers', { data: [{ ...person('ada@example.test'), lastname: 'Refused' }] });
      return (await list(api.get('customers?search=Refused'))).length;
    },
  },
  'customer-new-address-ignored': {
    observe: async ({ api }) => {
      const body = [{ ...person('new-address@example.test'), address: { gender: 'f', firstname: 'A', lastname: 'B', street: 'S', postcode: '1', city: 'C', countryId: 81 } }];
      return ((((await json(api.post('customers', { data: body }))) as Rec).created ?? []) as Rec[])[0]?.addressId;
    },
  },
  'customer-address-id-dropped': {
    observe: async ({ api }) => ((((await json(api.post('customers', { data: [{ ...person('address-id@example.test'), addressId: 2 }] }))) as Rec).created ?? []) as Rec[])[0]?.addressId,
  },
  'customer-update-address-id-ignored': {
    observe: async ({ api }) => {
      await api.put('customers/3', { data: { ...person('alan@example.test'), addressId: 2 } });
      return ((await json(api.get('customers/3'))) as Rec).addressId;
    },
  },
  'customer-missing-200': { observe: ({ api }) => status(api.get('customers/999')) },
  'address-update-lost': {
    observe: async ({ api }) => {
      await api.put('addresses/2', { data: { ...address, city: 'Changed' } });
      return ((await json(api.get('addresses/2'))) as Rec).city;
    },
  },
  'customer-group-patch-lost': {
    observe: async ({ api }) => {
      const read = (await json(api.get('customer_groups/1'))) as Rec[];
      const { id: _id, ...group } = read[0] ?? {};
      await api.patch('customer_groups/1', { data: { ...group, names: { en: 'Changed', de: 'Geändert' } } });
      return (((await json(api.get('customer_groups/1'))) as Rec[])[0]?.names as Rec | undefined)?.en;
    },
  },
  'vendor-not-found-404': { observe: ({ api }) => status(api.get('countries/999')) },
  'email-queued-as-sent': { observe: async ({ api }) => ((await json(api.put('emails', { data: emailBody() }))) as Rec).isPending },
  'email-send-stays-pending': { observe: async ({ api }) => ((await json(api.post('emails/2', { data: emailBody() }))) as Rec).isPending },
  'email-attachments-dropped': { observe: async ({ api }) => ((await json(api.put('emails', { data: { ...emailBody(), attachments: ['attachments/a.png'] } }))) as Rec).attachments },
  'upload-without-file-accepted': { observe: ({ api }) => status(api.post('attachments', { multipart: { filename: 'no-file.png' } })) },
  'deleted-filter-ignored': { observe: async ({ api }) => (await list(api.get('customers?deleted=2000-01-01'))).length },
  'customer-update-lost-after-recreate': {
    observe: async ({ api }) => {
      const created = async () => ((((await json(api.post('customers', { data: [person('twice@example.test')] }))) as Rec).created ?? []) as Rec[])[0] ?? {};
      const first = await created();
      await api.delete(`customers/${String(first.id)}`);
      const again = await created();
      await api.put(`customers/${String(again.id)}`, { data: { ...person('twice@example.test'), lastname: 'Changed' } });
      return ((await json(api.get(`customers/${String(again.id)}`))) as Rec).lastname;
    },
  },
};

/** An e-mail as PUT /emails and POST /emails/{id} take it. */
function emailBody(): Rec {
  const desk = { emailAddress: 'desk@example.test', contactName: 'Desk' };
  return { subject: 'S', sender: desk, recipient: desk, replyTo: desk, contentHtml: '<p>x</p>', contentPlain: 'x', bcc: [], cc: [], attachments: [] };
}

/** A category as a bulk body takes it (ShopCategoryArray), from a single read. */
function categoryBody(read: Rec): Rec {
  const { id: _i, dateAdded: _a, lastModified: _m, ...rest } = read;
  return { ...rest, descriptionBottom: { en: '', de: '' } };
}

/** An order as POST/PUT /orders take it, from a single read (the readOnly fields left out). */
function orderBody(read: Rec): Rec {
  const { id: _i, customer, ...rest } = read;
  const { id: _c, ...cust } = (customer ?? {}) as Rec;
  const strip = (rows: unknown): Rec[] => ((rows ?? []) as Rec[]).map(({ id: _r, dateAdded: _d, ...r }) => r);
  const items = ((rest.items ?? []) as Rec[]).map(({ id: _r, attributes, ...r }) => { const { id: _a, ...attr } = (attributes ?? {}) as Rec; return { ...r, attributes: attr }; });
  return { ...rest, customer: cust, items, totals: strip(rest.totals), statusHistory: strip(rest.statusHistory) };
}
