// Customers: lifecycle, declared error statuses, idempotent and bulk deletes, unique registree
// e-mails (409 on create, update and inside a batch; guests may share), the type filter, the list
// parameters, changed/modified/deleted dates, hidden passwords, and the address rules (create
// with a new address or an existing addressId; update takes addressId only).
// Every test makes its own records (fixtures/factories) and finds them by a token of its own.
import { adviseRule, expectErrorStatus, expectHeld, expectStatus, show } from '../../fixtures/evidence.js';
import { project } from '../../src/checks/basis.js';
import { BATCH_ALL_OR_NOTHING, GUESTS_SHARE, OTHER_TYPE } from '../../fixtures/customer-bases.js';
import { createAddress, createCustomer, customerInput, customerUpdateInput, newAddressInput, countryId } from '../../fixtures/factories/customers.js';
import { differences, recordOf, requireWrites, test, type FactoryKit, type Json } from '../../fixtures/factories/index.js';
import { isObj } from '../../src/core/json.js';
import { judgeChangedDate, judgeFieldsSingle, judgeFilter, readList, secondValue, sortableValue, type ListSubject } from '../../fixtures/list-rules.js';
import { listParameterTests } from '../../fixtures/list-tests.js';
import { specOperations } from '../../fixtures/spec-ops.js';
import { listItems } from '../../src/core/answers.js';
import type { Exchange } from '../../src/core/exchange.js';

const ops = await specOperations();
const CUSTOMER_OPS = ['getCustomers', 'createCustomers', 'getCustomer', 'updateCustomer', 'deleteCustomers'];

/** Ids the harness cannot have made and no shop reaches: a read of them is a read of a missing record. */
const MISSING_ID = 9007199254740991;
const BAD_ID = 'abc';

/** Fields the customer answers never echo (write-only or create-only). */
const NOT_ECHOED = ['password', 'address'];

function created(ex: Exchange): Json[] {
  const body = ex.response.json;
  return isObj(body) && Array.isArray(body.created) ? body.created.filter(isObj) : [];
}

/** Bulk-creates customers in one request (seeds of list rules); adopts the addresses they come with. */
async function createMany(kit: FactoryKit, bodies: readonly Promise<Json>[]): Promise<Json[]> {
  const inputs = await Promise.all(bodies);
  const ex = await kit.api.call('createCustomers', { body: inputs, intent: 'setup', label: `${inputs.length} customers in one request` });
  // A setup step: when it fails the test is blocked (a Skip naming it); createCustomers answers for itself in its own tests.
  kit.expectSetup(ex.response.status >= 200 && ex.response.status < 300, 'createCustomers', 'setup', { rule: 'bulk', title: `creating ${inputs.length} customers in one request should succeed`, message: `expected a 2xx answer, got ${ex.response.status || ex.response.transportError || 'no answer'}: ${show(ex.response.json)}`, exchange: ex });
  const made = created(ex);
  kit.expectSetup(made.length === inputs.length, 'createCustomers', 'setup', { rule: 'bulk', title: 'a bulk create should answer every created customer', message: `${made.length} of ${inputs.length} answered`, exchange: ex });
  for (const c of made) if (typeof c.addressId === 'number' && c.addressId > 0) kit.adopt('/addresses', c.addressId, 'createCustomers', `/customers/${String(c.id)}`);
  return made;
}

/** Customers carrying this test's token in `lastname`, found by `search=<token>`. */
function customersList(kit: FactoryKit): ListSubject {
  const token = kit.token();
  return {
    op: 'getCustomers',
    scope: { search: token },
    sortKey: 'lastname',
    secondSortKey: 'firstname',
    fields: ['id', 'lastname', 'email'],
    seed: (n) => createMany(kit, Array.from({ length: n }, (_, i) => customerInput(kit, { lastname: sortableValue(token, i), firstname: secondValue(token, i) }))),
  };
}

async function read(kit: FactoryKit, id: number, rule = 'lifecycle'): Promise<Exchange> {
  const ex = await kit.api.call('getCustomer', { path: { customer_id: id } });
  expectStatus(kit.api, rule, ex, 200, `GET /customers/${id} should read the customer`);
  return ex;
}

function expectEcho(kit: FactoryKit, rule: string, sent: Json, ex: Exchange, what: string, related: Exchange[] = []): void {
  const diff = differences(sent, recordOf(ex.response.json), NOT_ECHOED);
  expectHeld(!diff.length, kit.api, { rule, title: `${what} should equal what was written`, message: diff.join('\n  '), exchange: ex, related });
}

if (ops.inScope('customers')) test.describe('customers', () => {
  test.skip(!ops.has(...CUSTOMER_OPS), 'the loaded spec has no customer operations');

  test('should create, read back, update, read back and delete a customer', { tag: ['@customers', '@rule:lifecycle', '@op:createCustomers', '@op:getCustomer', '@op:updateCustomer', '@op:deleteCustomers'] }, async ({ kit }) => {
    requireWrites(kit);
    const input = await customerInput(kit);
    const made = await createCustomer(kit, input, { intent: 'positive' });
    expectStatus(kit.api, 'lifecycle', made.exchange, 201, 'POST /customers should answer 201 (declared)');
    expectEcho(kit, 'lifecycle', input, made.exchange, 'the created customer');
    expectEcho(kit, 'lifecycle', input, await read(kit, made.id), 'the customer read back after the create', [made.exchange]);

    const change = customerUpdateInput(kit, made.record);
    const upd = await kit.api.call('updateCustomer', { path: { customer_id: made.id }, body: change });
    expectStatus(kit.api, 'lifecycle', upd, 200, 'PUT /customers/{id} should answer 200');
    expectEcho(kit, 'lifecycle', change, upd, 'the updated customer');
    expectEcho(kit, 'lifecycle', change, await read(kit, made.id), 'the customer read back after the update', [upd]);

    const del = await kit.api.call('deleteCustomers', { path: { customer_id: made.id } });
    expectStatus(kit.api, 'lifecycle', del, 200, 'DELETE /customers/{id} should answer 200');
    const gone = await kit.api.call('getCustomer', { path: { customer_id: made.id }, label: 'read after delete' });
    expectErrorStatus(kit.api, 'lifecycle', gone, 'missing', 'a deleted customer should read as 404', [del], 404);
  });

  test('should never answer the password', { tag: ['@customers', '@rule:password-hidden', '@op:createCustomers', '@op:getCustomer', '@op:getCustomers', '@op:updateCustomer'] }, async ({ kit }) => {
    requireWrites(kit);
    const made = await createCustomer(kit, { password: `Qa-${kit.runId}-secret!1` }, { rule: 'password-hidden' });
    const upd = await kit.api.call('updateCustomer', { path: { customer_id: made.id }, body: customerUpdateInput(kit, made.record) });
    const single = await read(kit, made.id, 'password-hidden');
    const list = await kit.api.call('getCustomers', { query: { search: String(made.record.email) } });
    for (const ex of [made.exchange, upd, single, list]) {
      const carrying = [recordOf(ex.response.json), ...listItems(ex.response.json)].filter((r): r is Json => r !== undefined && 'password' in r);
      expectHeld(!carrying.length, kit.api, { rule: 'password-hidden', title: 'no answer should carry a password', message: `"password" answered: ${show(carrying[0])}`, exchange: ex, severity: 'critical' });
    }
  });

  test('should create a customer with a new address', { tag: ['@customers', '@rule:customer-address', '@op:createCustomers', '@op:getAddress'] }, async ({ kit }) => {
    requireWrites(kit);
    // The customer's own address (the same person), as a client registering someone sends it.
    const input = await customerInput(kit);
    const address = input.address as Json;
    const made = await createCustomer(kit, input, { rule: 'customer-address', intent: 'positive' });
    const addressId = made.record.addressId;
    expectHeld(typeof addressId === 'number' && addressId > 0, kit.api, { rule: 'customer-address', title: 'a customer created with `address` should point at the new address', message: `addressId is ${show(addressId)}`, exchange: made.exchange });
    const got = await kit.api.call('getAddress', { path: { address_id: addressId } });
    expectStatus(kit.api, 'customer-address', got, 200, 'the address made with the customer should read back', [made.exchange]);
    expectEcho(kit, 'customer-address', { ...address, customerId: made.id }, got, 'the address made with the customer', [made.exchange]);
  });

  test('should create a customer with the addressId of an existing address', { tag: ['@customers', '@rule:customer-address', '@op:createCustomers', '@op:getCustomer'] }, async ({ kit }) => {
    requireWrites(kit);
    const address = await createAddress(kit, {}, { rule: 'customer-address' });
    const made = await createCustomer(kit, { addressId: address.id }, { rule: 'customer-address', intent: 'positive' });
    const got = await read(kit, made.id, 'customer-address');
    expectHeld(made.record.addressId === address.id && recordOf(got.response.json)?.addressId === address.id, kit.api, {
      rule: 'customer-address',
      title: 'a customer created with an existing addressId should keep it',
      message: `sent addressId ${address.id}; create answered ${show(made.record.addressId)}, read answered ${show(recordOf(got.response.json)?.addressId)}`,
      exchange: got,
      related: [address.exchange, made.exchange],
    });
  });

  test('should update the address of a customer by addressId only', { tag: ['@customers', '@rule:customer-address', '@op:updateCustomer', '@op:getCustomer'] }, async ({ kit }) => {
    requireWrites(kit);
    const made = await createCustomer(kit, {}, { rule: 'customer-address' });
    const address = await createAddress(kit, { customerId: made.id }, { rule: 'customer-address' });
    const upd = await kit.api.call('updateCustomer', { path: { customer_id: made.id }, body: customerUpdateInput(kit, made.record, { addressId: address.id }) });
    expectStatus(kit.api, 'customer-address', upd, 200, 'PUT /customers/{id} with a new addressId should answer 200');
    const got = await read(kit, made.id, 'customer-address');
    expectHeld(recordOf(got.response.json)?.addressId === address.id, kit.api, {
      rule: 'customer-address',
      title: 'an update should store the addressId it was given',
      message: `sent addressId ${address.id}, read ${show(recordOf(got.response.json)?.addressId)}`,
      exchange: got,
      related: [upd],
    });
    // The update takes no address object: refusing it (400) or leaving the address as it was both honour that.
    const withObject = await kit.api.call('updateCustomer', { path: { customer_id: made.id }, body: { ...customerUpdateInput(kit, made.record, { addressId: address.id }), address: newAddressInput(kit, await countryId(kit)) }, label: 'update with an address object' });
    const after = withObject.response.status === 400 ? undefined : await read(kit, made.id, 'customer-address');
    expectHeld(after === undefined || (withObject.response.status < 300 && recordOf(after.response.json)?.addressId === address.id), kit.api, {
      rule: 'customer-address',
      title: 'an update with an address object should be refused (400) or leave the address alone',
      message: `answered ${withObject.response.status}; addressId afterwards ${show(after ? recordOf(after.response.json)?.addressId : undefined)} (was ${address.id})`,
      exchange: withObject,
      ...(after ? { related: [after] } : {}),
    });
  });

  test('should refuse a second registree with the same e-mail with 409 and store nothing', { tag: ['@customers', '@rule:unique-email', '@op:createCustomers', '@op:getCustomers'] }, async ({ kit }) => {
    requireWrites(kit);
    const first = await createCustomer(kit, {}, { rule: 'unique-email' });
    const email = String(first.record.email);
    const second = await kit.api.call('createCustomers', { body: [await customerInput(kit, { email })], label: 'registree with a taken e-mail' });
    expectStatus(kit.api, 'unique-email', second, 409, "creating a registree with another registree's e-mail should answer 409", [first.exchange]);
    const list = await readList(kit, { op: 'getCustomers' }, { search: email }, 'unique-email');
    const ids = list.items.map((c) => c.id);
    expectHeld(ids.length === 1 && ids[0] === first.id, kit.api, { rule: 'unique-email', title: 'a refused create should store nothing', message: `customers with ${email}: [${ids.join(', ')}], expected only ${first.id}`, exchange: list.exchange, related: [second] });
  });

  test("should refuse updating a registree to another registree's e-mail with 409", { tag: ['@customers', '@rule:unique-email', '@op:updateCustomer', '@op:getCustomer'] }, async ({ kit }) => {
    requireWrites(kit);
    const [a, b] = await createMany(kit, [customerInput(kit), customerInput(kit)]);
    if (!a || !b) throw new Error('two customers were created');
    const upd = await kit.api.call('updateCustomer', { path: { customer_id: Number(b.id) }, body: customerUpdateInput(kit, b, { email: a.email }), label: "update to another registree's e-mail" });
    expectStatus(kit.api, 'unique-email', upd, 409, "updating a registree to another registree's e-mail should answer 409");
    const got = await read(kit, Number(b.id), 'unique-email');
    expectHeld(recordOf(got.response.json)?.email === b.email, kit.api, { rule: 'unique-email', title: 'a refused update should change nothing', message: `e-mail is now ${show(recordOf(got.response.json)?.email)}, was ${show(b.email)}`, exchange: got, related: [upd] });
  });

  test("should accept a guest with a registree's e-mail and two guests with one e-mail", { tag: ['@customers', '@rule:unique-email', '@op:createCustomers'] }, async ({ kit }) => {
    requireWrites(kit);
    const registree = await createCustomer(kit, {}, { rule: 'unique-email' });
    const email = registree.record.email;
    // Sent as a client would (the pipeline keeps the request in the ledger): a refusal is an advisory (GUESTS_SHARE), not a broken create.
    const { password: _p, ...guest } = await customerInput(kit, { isGuest: true, email });
    const guests: Exchange[] = [];
    for (const n of [1, 2]) {
      const ex = await kit.api.call('createCustomers', { body: [{ ...guest, lastname: `${String(guest.lastname)}-${n}` }], label: `guest ${n} with a registree's e-mail` });
      guests.push(ex);
      if (!adviseRule(ex.response.status >= 200 && ex.response.status < 300, kit.api, { rule: 'unique-email', title: `guest ${n} with a registree's e-mail should be created (guests may share e-mails)`, message: `answered ${ex.response.status || ex.response.transportError || 'no answer'}: ${show(ex.response.json ?? ex.response.text)}`, exchange: ex, related: [registree.exchange], basis: GUESTS_SHARE })) return;
    }
    const made = guests.map((ex) => created(ex)[0]);
    expectHeld(made.every((g) => g?.isGuest === true), kit.api, { rule: 'unique-email', title: 'guests should be created as guests', message: `isGuest: ${made.map((g) => show(g?.isGuest)).join(', ')}`, exchange: guests[1] ?? registree.exchange });
  });

  test('should refuse a batch with one e-mail twice with 409 and store none of it', { tag: ['@customers', '@rule:unique-email', '@rule:bulk', '@op:createCustomers', '@op:getCustomers'] }, async ({ kit }) => {
    requireWrites(kit);
    const token = kit.token();
    const email = kit.email();
    const batch = await Promise.all([customerInput(kit, { lastname: `${token}-a` }), customerInput(kit, { lastname: `${token}-b`, email }), customerInput(kit, { lastname: `${token}-c`, email })]);
    const ex = await kit.api.call('createCustomers', { body: batch, label: 'batch with an internal duplicate e-mail' });
    expectStatus(kit.api, 'unique-email', ex, 409, 'a batch with two registrees of one e-mail should answer 409', undefined, BATCH_ALL_OR_NOTHING);
    const list = await readList(kit, { op: 'getCustomers' }, { search: token }, 'bulk');
    // Described: a registree's e-mail is taken once (409 is declared for the conflict), however the batch is answered.
    const sharing = list.items.filter((c) => c.email === email && c.isGuest !== true);
    expectHeld(sharing.length <= 1, kit.api, { rule: 'unique-email', title: 'a batch should not store two registrees with one e-mail', message: `stored: ${show(sharing.map((c) => `${String(c.id)} ${String(c.lastname)}`))}`, exchange: list.exchange, related: [ex] });
    // Described: a bulk answer names what it created ({created, errors}); a record stored but not named (an error answer names none) is hidden from the client.
    const named = new Set(created(ex).map((c) => String(c.id)));
    const hidden = list.items.filter((c) => !named.has(String(c.id)));
    expectHeld(!hidden.length, kit.api, { rule: 'bulk', title: "a batch should store only the customers its answer names as created", message: `stored but not in the answer's created: ${show(hidden.map((c) => `${String(c.id)} ${String(c.lastname)}`))}; answered ${ex.response.status}`, exchange: list.exchange, related: [ex] });
    expectHeld(!list.items.length, kit.api, { rule: 'bulk', title: 'a refused batch should store none of its customers', message: `stored: ${show(list.items.map((c) => `${String(c.id)} ${String(c.lastname)}`))}`, exchange: list.exchange, related: [ex], basis: BATCH_ALL_OR_NOTHING });
  });

  test('should delete an own customer twice, answering success with its id both times', { tag: ['@customers', '@rule:idempotent-delete', '@op:deleteCustomers'] }, async ({ kit }) => {
    requireWrites(kit);
    const made = await createCustomer(kit, {}, { rule: 'idempotent-delete' });
    for (const round of ['first', 'second']) {
      const del = await kit.api.call('deleteCustomers', { path: { customer_id: made.id }, label: `${round} delete` });
      expectStatus(kit.api, 'idempotent-delete', del, 200, `the ${round} DELETE of an own customer should answer 200`);
      const body = del.response.json;
      // The answer requires `deleted` (customerArrayDeleteResponse); that a second delete, which deleted nothing, still names the id is our reading.
      expectHeld(isObj(body) && Array.isArray(body.deleted), kit.api, { rule: 'idempotent-delete', title: `the ${round} DELETE should answer the declared {deleted, errors}`, message: `answered ${show(body)}`, exchange: del });
      const ids = isObj(body) && Array.isArray(body.deleted) ? body.deleted.map(Number) : [];
      expectHeld(ids.includes(made.id), kit.api, {
        rule: 'idempotent-delete',
        title: `the ${round} DELETE should echo the id`,
        message: `deleted: ${show(isObj(body) ? body.deleted : body)}`,
        exchange: del,
        ...(round === 'second' ? { basis: project('a second delete deleted nothing: the description says it succeeds, not that deleted names the id') } : {}),
      });
    }
  });

  test('should delete three own customers with one DELETE /customers/a,b,c', { tag: ['@customers', '@rule:bulk', '@op:deleteCustomers', '@op:getCustomers'] }, async ({ kit }) => {
    requireWrites(kit);
    const token = kit.token();
    const three = await createMany(kit, [0, 1, 2].map((i) => customerInput(kit, { lastname: `${token}-${i}` })));
    const ids = three.map((c) => Number(c.id));
    const del = await kit.api.call('deleteCustomers', { path: { customer_id: ids } });
    expectStatus(kit.api, 'bulk', del, 200, 'DELETE /customers/a,b,c should answer 200');
    const body = del.response.json;
    const echoed = isObj(body) && Array.isArray(body.deleted) ? body.deleted.map(Number) : [];
    expectHeld(ids.every((id) => echoed.includes(id)), kit.api, { rule: 'bulk', title: 'the bulk DELETE should echo every id', message: `sent [${ids.join(', ')}], deleted: ${show(isObj(body) ? body.deleted : body)}`, exchange: del });
    const left = await readList(kit, { op: 'getCustomers' }, { search: token }, 'bulk');
    expectHeld(!left.items.length, kit.api, { rule: 'bulk', title: 'after the bulk DELETE none of the three should be listed', message: `still listed: [${left.items.map((c) => String(c.id)).join(', ')}]`, exchange: left.exchange, related: [del] });
  });

  test('should filter customers by type=guest and type=registree', { tag: ['@customers', '@rule:filter-type', '@op:getCustomers'] }, async ({ kit }) => {
    requireWrites(kit);
    const token = kit.token();
    const [guest, registree] = await createMany(kit, [customerInput(kit, { lastname: `${token}-g`, isGuest: true, password: undefined }), customerInput(kit, { lastname: `${token}-r` })]);
    if (!guest || !registree) throw new Error('two customers were created');
    const s: ListSubject = { op: 'getCustomers', scope: { search: token } };
    await judgeFilter(kit, s, 'filter-type', { param: 'type', value: 'guest', include: [guest], exclude: [registree] });
    await judgeFilter(kit, s, 'filter-type', { param: 'type', value: 'registree', include: [registree], exclude: [guest] });
  });

  test('should refuse type=foo with 400', { tag: ['@customers', '@rule:filter-type', '@op:getCustomers', '@readonly'] }, async ({ kit }) => {
    const ex = await kit.api.call('getCustomers', { query: { type: 'foo' }, intent: 'negative', label: 'type=foo' });
    expectStatus(kit.api, 'filter-type', ex, 400, 'type=foo should be refused with 400 (only guest and registree)', undefined, OTHER_TYPE);
  });

  test('should answer 400 for an invalid customer id and 404 for a missing one', { tag: ['@customers', '@rule:error-status', '@op:getCustomer', '@readonly'] }, async ({ kit }) => {
    const bad = await kit.api.call('getCustomer', { path: { customer_id: BAD_ID }, intent: 'negative', label: `customer_id=${BAD_ID}` });
    expectErrorStatus(kit.api, 'error-status', bad, 'invalid', 'GET /customers/abc should answer 400', undefined, 400);
    const missing = await kit.api.call('getCustomer', { path: { customer_id: MISSING_ID }, intent: 'negative', label: 'a customer id no shop has' });
    expectErrorStatus(kit.api, 'error-status', missing, 'missing', 'GET of a missing customer should answer 404', undefined, 404);
  });

  test('should refuse bad customer writes with 400 and updates of a missing customer with 404', { tag: ['@customers', '@rule:error-status', '@op:createCustomers', '@op:updateCustomer', '@op:deleteCustomers'] }, async ({ kit }) => {
    requireWrites(kit);
    const noBody = await kit.api.call('createCustomers', { intent: 'negative', contentType: 'application/json', label: 'create without a body' });
    expectErrorStatus(kit.api, 'error-status', noBody, 'invalid', 'POST /customers without a body should answer 400', undefined, 400);
    const made = await createCustomer(kit, {}, { rule: 'error-status' });
    const badId = await kit.api.call('updateCustomer', { path: { customer_id: BAD_ID }, body: customerUpdateInput(kit, made.record), intent: 'negative', label: `customer_id=${BAD_ID}` });
    expectErrorStatus(kit.api, 'error-status', badId, 'invalid', 'PUT /customers/abc should answer 400', undefined, 400);
    const emptyUpdate = await kit.api.call('updateCustomer', { path: { customer_id: made.id }, intent: 'negative', contentType: 'application/json', label: 'update without a body' });
    expectErrorStatus(kit.api, 'error-status', emptyUpdate, 'invalid', 'PUT /customers/{id} without a body should answer 400', undefined, 400);
    const badDelete = await kit.api.call('deleteCustomers', { path: { customer_id: BAD_ID }, intent: 'negative', label: `customer_id=${BAD_ID}` });
    expectErrorStatus(kit.api, 'error-status', badDelete, 'invalid', 'DELETE /customers/abc should answer 400', undefined, 400);
    const del = await kit.api.call('deleteCustomers', { path: { customer_id: made.id } });
    expectStatus(kit.api, 'error-status', del, 200, 'DELETE of an own customer should answer 200');
    const missing = await kit.api.call('updateCustomer', { path: { customer_id: made.id }, body: customerUpdateInput(kit, made.record), intent: 'negative', label: 'update of the customer just deleted' });
    expectErrorStatus(kit.api, 'error-status', missing, 'missing', 'PUT of a deleted (own) customer should answer 404', [del], 404);
  });

  test('should keep exactly the named fields of a single customer', { tag: ['@customers', '@rule:fields', '@op:getCustomer'] }, async ({ kit }) => {
    let id: number;
    if (kit.writable) id = (await createCustomer(kit, {}, { rule: 'fields' })).id;
    else {
      const list = await readList(kit, { op: 'getCustomers' }, { page: 1, per_page: 1 }, 'fields');
      id = Number(list.items[0]?.id);
      test.skip(!Number.isSafeInteger(id), 'skip: the target lists no customer');
    }
    await judgeFieldsSingle(kit, 'getCustomer', { customer_id: id }, ['id', 'lastname', 'email']);
  });

  test('should find customers by changed, modified and deleted date', { tag: ['@customers', '@rule:changed-date', '@op:getCustomers', '@op:updateCustomer', '@op:deleteCustomers'] }, async ({ kit }) => {
    requireWrites(kit);
    await judgeChangedDate(kit, {
      ...customersList(kit),
      update: (rec) => kit.api.call('updateCustomer', { path: { customer_id: Number(rec.id) }, body: customerUpdateInput(kit, rec, { lastname: String(rec.lastname) }) }),
      remove: (rec) => kit.api.call('deleteCustomers', { path: { customer_id: Number(rec.id) } }),
    });
  });

  listParameterTests({ group: 'customers', op: ops.get('getCustomers'), what: 'customers', subject: customersList });
});
