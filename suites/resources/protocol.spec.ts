// Rules of the protocol rather than of one resource (facts "Responses", spec description):
// - @rule:location-header: a create answers with a Location header that reads the new record.
// - @rule:rate-limit: every answer carries X-Rate-Limit-Limit/-Remaining/-Reset.
// - @rule:links: records referring to a customer, address, country, zone or order carry `_links`
//   to them, and `?disable_links` leaves `_links` out.
// Each test is tagged with the group and the operations it judges (for Location the creates, for
// the others the reads whose answers are looked at), so the compatibility report puts its outcome
// into the `rule:<name>` column of those operations' rows.
import { adviseRule, expectHeld, show } from '../../fixtures/evidence.js';
import { step, wrongRequest } from '../../fixtures/requests.js';
import { observed } from '../../src/checks/basis.js';
import { createManufacturer } from '../../fixtures/factories/catalogue-extras.js';
import { createCategory } from '../../fixtures/factories/categories.js';
import { countryId, createAddress, createCustomer, newAddressInput } from '../../fixtures/factories/customers.js';
import { isObj } from '../../src/core/json.js';
import { requireWrites, type FactoryKit, type Json } from '../../fixtures/factories/index.js';
import { createOrder, createOrderItem } from '../../fixtures/factories/orders.js';
import { specOperations } from '../../fixtures/spec-ops.js';
import type { Exchange } from '../../src/core/exchange.js';
import { listItems } from '../../src/core/answers.js';
import { single, test } from './support/catalogue.js';
import { skipBecause } from '../../fixtures/outcome.js';
import { linkProblems, linksFound, referringIds } from './support/links.js';
import { expectLocationReads, type LocationSubject } from './support/location.js';
import { readRateLimit, remainingRose, type RateLimitHeaders } from './support/rate-limit-headers.js';

const ops = await specOperations();
/** An id no shop has (2^53 - 1): a read of it is a 404 without guessing at anyone's records. */
const MISSING_ID = 9007199254740991;

// ---- @rule:location-header ---------------------------------------------------------------------

interface LocationCase {
  group: string;
  title: string;
  /** The creates judged: their rows in the compatibility report get the rule's outcome. */
  creates: string[];
  /** The reads their Location must address (not tagged: a missing Location is the create's defect, not the read's). */
  reads: string[];
  make: (kit: FactoryKit) => Promise<LocationSubject[]>;
}

const RULE_LOCATION = 'location-header';

// Creates of a record the factories can make. Left out on purpose: uploads (category icons and
// images, product images, attachments), product links and price PUTs, which store a file or
// change an existing record rather than create one with its own URL; and creates the suites have
// no factory for. Neither reference/README.md nor spec/ERRATA.md documents a record create
// without Location, so every create here must answer one. The guest an address create needs and
// the registree an order needs are setup: only the create under test is judged.
const LOCATION_CASES: readonly LocationCase[] = [
  {
    group: 'manufacturers',
    title: 'a manufacturer',
    creates: ['createManufacturers'],
    reads: ['getManufacturer'],
    make: async (kit) => {
      const m = await createManufacturer(kit, {}, { rule: RULE_LOCATION });
      return [{ what: 'a manufacturer', exchange: m.exchange, id: m.id, readOp: 'getManufacturer' }];
    },
  },
  {
    group: 'customers',
    title: 'a customer (bulk create of one)',
    creates: ['createCustomers'],
    reads: ['getCustomer'],
    make: async (kit) => {
      const c = await createCustomer(kit, {}, { rule: RULE_LOCATION, intent: 'positive' });
      return [{ what: 'a customer', exchange: c.exchange, id: c.id, readOp: 'getCustomer' }];
    },
  },
  {
    group: 'addresses',
    title: 'an address',
    creates: ['createAddress'],
    reads: ['getAddress'],
    make: async (kit) => {
      const a = await createAddress(kit, {}, { rule: RULE_LOCATION, intent: 'positive' });
      return [{ what: 'an address', exchange: a.exchange, id: a.id, readOp: 'getAddress' }];
    },
  },
  {
    group: 'categories',
    title: 'a category (bulk create of one)',
    creates: ['createCategories'],
    reads: ['getCategory'],
    make: async (kit) => {
      const c = await createCategory(kit, {}, { rule: RULE_LOCATION, intent: 'positive' });
      return [{ what: 'a category', exchange: c.exchange, id: c.id, readOp: 'getCategory' }];
    },
  },
  {
    group: 'orders',
    title: 'an order and an item added to it',
    creates: ['createOrder', 'createOrderItem'],
    reads: ['getOrders', 'getOrderItem'],
    make: async (kit) => {
      const order = await createOrder(kit, {}, { rule: RULE_LOCATION, intent: 'positive' });
      const item = await createOrderItem(kit, order.id, {}, { rule: RULE_LOCATION, intent: 'positive' });
      return [
        { what: 'an order', exchange: order.exchange, id: order.id, readOp: 'getOrders' },
        { what: 'an order item', exchange: item.exchange, id: item.id, readOp: 'getOrderItem' },
      ];
    },
  },
];

for (const c of LOCATION_CASES) {
  if (!ops.inScope(c.group)) continue;
  test(`should answer the create of ${c.title} with a Location that reads the new record`, { tag: [`@${c.group}`, ...c.creates.map((o) => `@op:${o}`), `@rule:${RULE_LOCATION}`] }, async ({ kit }) => {
    requireWrites(kit);
    const unread = c.reads.filter((o) => !ops.has(o));
    if (unread.length) skipBecause(`the loaded spec has no ${unread.join(', ')} to follow the Location with`);
    for (const subject of await c.make(kit)) await expectLocationReads(kit, subject);
  });
}

// ---- @rule:rate-limit --------------------------------------------------------------------------
// Only reads (and one unauthenticated read), so these run with PROFILE=readonly too. A 429 is
// never provoked: that would take thousands of requests, and a live shop must never be flooded
// (the pacer of src/client keeps every run under the limit on purpose).

const RULE_RATE = 'rate-limit';
/** The rate-limit headers are observed on both shops, not described: every finding of the rule is an advisory. */
const RATE_OBSERVED = observed('GX 3.2.0.1 and GX 4.8.0.3 send X-Rate-Limit-* (facts "Responses": observed, not described)');

function expectRateHeaders(kit: FactoryKit, ex: Exchange, what: string, related: readonly Exchange[] = []): RateLimitHeaders | undefined {
  const reading = readRateLimit(ex);
  adviseRule(reading.values !== undefined, kit.api, {
    rule: RULE_RATE,
    title: `${what} should carry X-Rate-Limit-Limit, -Remaining and -Reset (epoch seconds, within one 15-minute window)`,
    message: reading.problems.join('\n  '),
    exchange: ex,
    related,
    basis: RATE_OBSERVED,
  });
  return reading.values;
}

if (ops.inScope('languages')) {
  test('should carry well-formed X-Rate-Limit headers on a successful read', { tag: ['@languages', '@op:getMultipleLanguages', `@rule:${RULE_RATE}`, '@readonly'] }, async ({ kit }) => {
    const ex = await step(kit, 'getMultipleLanguages', { label: 'a successful read' }, { tag: RULE_RATE });
    expectRateHeaders(kit, ex, 'a successful read (GET /languages 200)');
  });

  test('should carry well-formed X-Rate-Limit headers on a 401 answer without credentials', { tag: ['@languages', '@op:getMultipleLanguages', `@rule:${RULE_RATE}`, '@readonly'] }, async ({ kit }) => {
    // The answer this test judges is the refusal for want of credentials: a 401 and nothing else.
    const ex = await step(kit, 'getMultipleLanguages', { auth: 'none', intent: 'no-auth', label: 'without credentials' }, { tag: RULE_RATE, want: [401] });
    expectRateHeaders(kit, ex, 'a 401 answer (GET /languages without credentials)');
  });

  test('should not raise X-Rate-Limit-Remaining between consecutive requests of the same window', { tag: ['@languages', '@op:getMultipleLanguages', `@rule:${RULE_RATE}`, '@readonly'] }, async ({ kit }) => {
    // Other tests spend the same credential's quota in parallel, so Remaining may drop by more
    // than one; it may rise only when a new window began, which shows as a changed Reset.
    const seen: { ex: Exchange; v: RateLimitHeaders }[] = [];
    for (let i = 1; i <= 4; i++) {
      const ex = await step(kit, 'getMultipleLanguages', { label: `consecutive read ${i} of 4` }, { tag: RULE_RATE });
      const v = expectRateHeaders(kit, ex, `read ${i} of 4 (GET /languages)`);
      if (!v) return;
      const prev = seen.at(-1);
      if (prev) {
        adviseRule(!remainingRose(prev.v, v), kit.api, {
          basis: RATE_OBSERVED,
          rule: RULE_RATE,
          title: 'X-Rate-Limit-Remaining should not rise within one window (same X-Rate-Limit-Reset)',
          message: `read ${i - 1}: Remaining ${prev.v.remaining}, Reset ${prev.v.reset}; read ${i}: Remaining ${v.remaining}, Reset ${v.reset}`,
          exchange: ex,
          related: [prev.ex],
        });
      }
      seen.push({ ex, v });
    }
  });
}

if (ops.inScope('addresses')) {
  test('should carry well-formed X-Rate-Limit headers on a 404 error answer', { tag: ['@addresses', '@op:getAddress', `@rule:${RULE_RATE}`, '@readonly'] }, async ({ kit }) => {
    const ex = await wrongRequest(kit, 'getAddress', { path: { address_id: MISSING_ID }, label: 'an address id no shop has' }, { want: 404, tag: RULE_RATE, body: false });
    expectRateHeaders(kit, ex, 'a 404 error answer (GET of a missing address)');
  });
}

// ---- @rule:links -------------------------------------------------------------------------------

const RULE_LINKS = 'links';
const LINKS_OBSERVED = observed('GX 3.2.0.1 and GX 4.8.0.3: address, customer, country, zone links (facts "Responses"); the v2 guide describes _links, not which relations');

interface LinksSubject {
  /** Singular noun: `address`. */
  what: string;
  listOp: string;
  readOp: string;
  idParam: string;
  /** Query of the list (a search scope for own records, a first page for the target's). */
  listQuery: Record<string, unknown>;
  /** An own record that must be on the list and is read; otherwise the first listed one that refers to something. */
  own?: { id: number; refers: readonly string[] };
}

function idOf(rec: Json): number {
  return Number(rec.id);
}

function expectLinks(kit: FactoryKit, ex: Exchange, records: readonly Json[], title: string): void {
  const problems = records.flatMap((r) => linkProblems(r, ex.request.url));
  // Which relations a record links is observed on both shops; the guide describes _links, not its keys.
  adviseRule(!problems.length, kit.api, { basis: LINKS_OBSERVED, rule: RULE_LINKS, title, message: problems.slice(0, 10).join('\n  ') + (problems.length > 10 ? `\n  … ${problems.length - 10} more` : ''), exchange: ex });
}

function expectNoLinks(kit: FactoryKit, ex: Exchange, title: string, related: readonly Exchange[]): void {
  const found = linksFound(ex.response.json);
  expectHeld(!found.length, kit.api, { rule: RULE_LINKS, title, message: `_links found at ${found.slice(0, 10).join(', ')}${found.length > 10 ? ` (${found.length} places)` : ''}`, exchange: ex, related });
}

function expectRefers(kit: FactoryKit, ex: Exchange, rec: Json | undefined, fields: readonly string[], title: string): asserts rec is Json {
  const missing = fields.filter((f) => !referringIds(rec ?? {}).some((d) => d.field === f));
  expectHeld(rec !== undefined && !missing.length, kit.api, { rule: RULE_LINKS, title, message: rec ? `no positive ${missing.join(', ')} in ${show(rec)}` : `no record in ${show(ex.response.json ?? ex.response.text)}`, exchange: ex });
}

/** The rule on a list and a single read, with and without disable_links. */
async function linksRule(kit: FactoryKit, s: LinksSubject): Promise<void> {
  const list = await step(kit, s.listOp, { query: s.listQuery, label: `${s.what} list` }, { tag: RULE_LINKS });
  const items = listItems(list.response.json);
  let subject: Json | undefined;
  if (s.own) {
    const ownId = s.own.id;
    subject = items.find((r) => idOf(r) === ownId);
    expectHeld(subject !== undefined, kit.api, { rule: RULE_LINKS, title: `the ${s.what} list (${show(s.listQuery)}) should hold the own ${s.what} ${ownId}`, message: `listed ids [${items.map(idOf).join(', ')}]`, exchange: list });
  } else {
    subject = items.find((r) => referringIds(r).length > 0);
    if (!subject) skipBecause(`the target lists no ${s.what} that refers to a customer, address, country, zone or order (${items.length} listed)`);
  }
  expectLinks(kit, list, items, `every listed ${s.what} should carry _links to the records it refers to`);

  const id = idOf(subject);
  const refers = s.own?.refers ?? referringIds(subject).map((d) => d.field);
  const read = await step(kit, s.readOp, { path: { [s.idParam]: id }, label: `one ${s.what}` }, { tag: RULE_LINKS });
  const rec = single(read.response.json);
  expectRefers(kit, read, rec, refers, `${s.what} ${id} should refer to ${refers.join(', ')} as listed or written`);
  expectLinks(kit, read, [rec], `${s.what} ${id} should carry _links to the records it refers to`);

  // With the flag the records stay the same and only _links goes: the referring ids must remain,
  // or an answer that lost the record would pass for one without links.
  const readOff = await step(kit, s.readOp, { path: { [s.idParam]: id }, query: { disable_links: true }, label: `one ${s.what} with disable_links` }, { tag: RULE_LINKS });
  expectRefers(kit, readOff, single(readOff.response.json), refers, `${s.what} ${id} read with disable_links should still refer to ${refers.join(', ')}`);
  expectNoLinks(kit, readOff, `${s.what} ${id} read with disable_links should carry no _links`, [read]);

  const listOff = await step(kit, s.listOp, { query: { ...s.listQuery, disable_links: true }, label: `${s.what} list with disable_links` }, { tag: RULE_LINKS });
  const offItems = listItems(listOff.response.json);
  expectHeld(offItems.some((r) => idOf(r) === id), kit.api, { rule: RULE_LINKS, title: `the ${s.what} list with disable_links should still hold ${s.what} ${id}`, message: `listed ids [${offItems.map(idOf).join(', ')}]`, exchange: listOff, related: [list] });
  expectNoLinks(kit, listOff, `the ${s.what} list with disable_links should carry no _links`, [list]);
}

/** The target's own first page (paging applies only with `page`, so a large shop answers a short list). */
const FIRST_PAGE = { page: 1, per_page: 20 };

if (ops.inScope('addresses')) {
  test('should link an own address to its customer and country on a read and a list, and leave _links out with disable_links', { tag: ['@addresses', '@op:getAddresses', '@op:getAddress', `@rule:${RULE_LINKS}`] }, async ({ kit }) => {
    requireWrites(kit);
    const token = kit.token();
    const made = await createAddress(kit, { city: token }, { rule: RULE_LINKS });
    await linksRule(kit, { what: 'address', listOp: 'getAddresses', readOp: 'getAddress', idParam: 'address_id', listQuery: { search: token }, own: { id: made.id, refers: ['customerId', 'countryId'] } });
  });

  test('should link the addresses the target lists, on the list and on a read, and leave _links out with disable_links', { tag: ['@addresses', '@op:getAddresses', '@op:getAddress', `@rule:${RULE_LINKS}`, '@readonly'] }, async ({ kit }) => {
    await linksRule(kit, { what: 'address', listOp: 'getAddresses', readOp: 'getAddress', idParam: 'address_id', listQuery: FIRST_PAGE });
  });
}

if (ops.inScope('customers')) {
  test('should link an own customer to its address on a read and a list, and leave _links out with disable_links', { tag: ['@customers', '@op:getCustomers', '@op:getCustomer', `@rule:${RULE_LINKS}`] }, async ({ kit }) => {
    requireWrites(kit);
    const token = kit.token();
    const made = await createCustomer(kit, { lastname: token, address: newAddressInput(kit, await countryId(kit)) }, { rule: RULE_LINKS });
    expectHeld(isObj(made.record) && Number(made.record.addressId) > 0, kit.api, { rule: RULE_LINKS, title: 'a customer created with a new address should answer its addressId', message: `addressId: ${show(made.record.addressId)}`, exchange: made.exchange });
    await linksRule(kit, { what: 'customer', listOp: 'getCustomers', readOp: 'getCustomer', idParam: 'customer_id', listQuery: { search: token }, own: { id: made.id, refers: ['addressId'] } });
  });

  test('should link the customers the target lists, on the list and on a read, and leave _links out with disable_links', { tag: ['@customers', '@op:getCustomers', '@op:getCustomer', `@rule:${RULE_LINKS}`, '@readonly'] }, async ({ kit }) => {
    await linksRule(kit, { what: 'customer', listOp: 'getCustomers', readOp: 'getCustomer', idParam: 'customer_id', listQuery: FIRST_PAGE });
  });
}
