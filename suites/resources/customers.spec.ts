// Customers: lifecycle, declared error statuses, idempotent and bulk deletes, unique registree
// e-mails (409 on create, update and inside a batch; guests may share), the type filter, the list
// parameters, changed/modified/deleted dates, hidden passwords, and the address rules (create
// with a new address or an existing addressId; update takes addressId only).
// Every test makes its own records (fixtures/factories) and finds them by a token of its own.
import { expectRule } from '../../fixtures/evidence.js';
import { createAddress, createCustomer, customerInput, customerUpdateInput, newAddressInput, countryId } from '../../fixtures/factories/customers.js';
import { recordOf, requireWrites, test, type FactoryKit, type Json } from '../../fixtures/factories/index.js';
import { isObj } from '../../src/core/json.js';
import { judgeFilter, readList, secondValue, sortableValue, type DateSubject, type ListSubject } from '../../fixtures/list-rules.js';
import { listParameterTests } from '../../fixtures/list-tests.js';
import { answerOf, expectReadAfterDelete, expectRefused, step } from '../../fixtures/requests.js';
import { specOperations } from '../../fixtures/spec-ops.js';
import { listItems } from '../../src/core/answers.js';
import type { Exchange } from '../../src/core/exchange.js';
import { project } from '../../src/checks/basis.js';
import { OTHER_TYPE } from '../../src/checks/rules/customers.js';
import { RULE } from '../../src/checks/rules/registry.js';

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
  const made = created(ex);
  kit.expectSetup(RULE.createsMany, { ...answerOf(ex), sent: inputs.length, created: made }, { exchange: ex, tag: 'bulk' }, 'createCustomers', 'setup');
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
    seed: (n, from = 0) => createMany(kit, Array.from({ length: n }, (_, j) => from + j).map((i) => customerInput(kit, { lastname: sortableValue(token, i), firstname: secondValue(token, i) }))),
  };
}

/** Customers for changed/modified/deleted: the list's own, updated and deleted by the test. */
function customersDated(kit: FactoryKit): DateSubject {
  return {
    ...customersList(kit),
    update: (rec) => kit.api.call('updateCustomer', { path: { customer_id: Number(rec.id) }, body: customerUpdateInput(kit, rec, { lastname: String(rec.lastname) }) }),
    remove: (rec) => kit.api.call('deleteCustomers', { path: { customer_id: Number(rec.id) } }),
  };
}

function read(kit: FactoryKit, id: number, tag = 'lifecycle'): Promise<Exchange> {
  return step(kit, 'getCustomer', { path: { customer_id: id } }, { tag, want: [200] });
}

/** What a customer answer holds reads as written (the password and a new address aside: never echoed). */
function expectEcho(kit: FactoryKit, tag: string, sent: Json, ex: Exchange, related: Exchange[] = []): void {
  expectRule(kit.api, RULE.readsBack, { sent, got: recordOf(ex.response.json), ignore: NOT_ECHOED }, { exchange: ex, tag, related });
}

/** Registrees holding an e-mail, by the list's search. */
async function holders(kit: FactoryKit, email: string, tag: string): Promise<{ exchange: Exchange; ids: string[] }> {
  const list = await readList(kit, { op: 'getCustomers' }, { search: email }, tag);
  return { exchange: list.exchange, ids: list.items.filter((c) => c.email === email && c.isGuest !== true).map((c) => String(c.id)) };
}

if (ops.inScope('customers')) test.describe('customers', () => {
  test.skip(!ops.has(...CUSTOMER_OPS), 'the loaded spec has no customer operations');

  test('should create, read back, update, read back and delete a customer', { tag: ['@customers', '@rule:lifecycle', '@op:createCustomers', '@op:getCustomer', '@op:updateCustomer', '@op:deleteCustomers'] }, async ({ kit }) => {
    requireWrites(kit);
    const input = await customerInput(kit);
    const made = await createCustomer(kit, input, { intent: 'positive' });
    expectRule(kit.api, RULE.answers, { ...answerOf(made.exchange), want: [201] }, { exchange: made.exchange });
    expectEcho(kit, 'lifecycle', input, made.exchange);
    expectEcho(kit, 'lifecycle', input, await read(kit, made.id), [made.exchange]);

    const change = customerUpdateInput(kit, made.record);
    const upd = await step(kit, 'updateCustomer', { path: { customer_id: made.id }, body: change }, { want: [200] });
    expectEcho(kit, 'lifecycle', change, upd);
    expectEcho(kit, 'lifecycle', change, await read(kit, made.id), [upd]);

    const del = await step(kit, 'deleteCustomers', { path: { customer_id: made.id } }, { want: [200] });
    await expectReadAfterDelete(kit, 'getCustomer', { customer_id: made.id }, del);
  });

  test('should never answer the password', { tag: ['@customers', '@rule:password-hidden', '@op:createCustomers', '@op:getCustomer', '@op:getCustomers', '@op:updateCustomer'] }, async ({ kit }) => {
    requireWrites(kit);
    const made = await createCustomer(kit, { password: `Qa-${kit.runId}-secret!1` }, { rule: 'password-hidden' });
    const upd = await kit.api.call('updateCustomer', { path: { customer_id: made.id }, body: customerUpdateInput(kit, made.record) });
    const single = await read(kit, made.id, 'password-hidden');
    const list = await kit.api.call('getCustomers', { query: { search: String(made.record.email) } });
    for (const ex of [made.exchange, upd, single, list]) expectRule(kit.api, RULE.noPassword, { records: [recordOf(ex.response.json), ...listItems(ex.response.json)] }, { exchange: ex });
  });

  test('should create a customer with a new address', { tag: ['@customers', '@rule:customer-address', '@op:createCustomers', '@op:getAddress'] }, async ({ kit }) => {
    requireWrites(kit);
    const tag = 'customer-address';
    // The customer's own address (the same person), as a client registering someone sends it.
    const input = await customerInput(kit);
    const address = input.address as Json;
    const made = await createCustomer(kit, input, { rule: tag, intent: 'positive' });
    const addressId = made.record.addressId;
    expectRule(kit.api, RULE.customerAddress, { want: undefined, answered: [addressId] }, { exchange: made.exchange });
    const got = await step(kit, 'getAddress', { path: { address_id: Number(addressId) } }, { tag, want: [200], related: [made.exchange] });
    expectEcho(kit, tag, { ...address, customerId: made.id }, got, [made.exchange]);
  });

  test('should create a customer with the addressId of an existing address', { tag: ['@customers', '@rule:customer-address', '@op:createCustomers', '@op:getCustomer'] }, async ({ kit }) => {
    requireWrites(kit);
    const tag = 'customer-address';
    const address = await createAddress(kit, {}, { rule: tag });
    const made = await createCustomer(kit, { addressId: address.id }, { rule: tag, intent: 'positive' });
    const got = await read(kit, made.id, tag);
    expectRule(kit.api, RULE.customerAddress, { want: address.id, answered: [made.record.addressId, recordOf(got.response.json)?.addressId] }, { exchange: got, related: [address.exchange, made.exchange] });
  });

  test('should update the address of a customer by addressId only', { tag: ['@customers', '@rule:customer-address', '@op:updateCustomer', '@op:getCustomer'] }, async ({ kit }) => {
    requireWrites(kit);
    const tag = 'customer-address';
    const made = await createCustomer(kit, {}, { rule: tag });
    const address = await createAddress(kit, { customerId: made.id }, { rule: tag });
    const upd = await step(kit, 'updateCustomer', { path: { customer_id: made.id }, body: customerUpdateInput(kit, made.record, { addressId: address.id }) }, { tag, want: [200] });
    const got = await read(kit, made.id, tag);
    expectRule(kit.api, RULE.customerAddress, { want: address.id, answered: [recordOf(got.response.json)?.addressId] }, { exchange: got, related: [upd] });
    // The update takes no address object: refusing it (400) or leaving the address as it was both honour that.
    const withObject = await kit.api.call('updateCustomer', { path: { customer_id: made.id }, body: { ...customerUpdateInput(kit, made.record, { addressId: address.id }), address: newAddressInput(kit, await countryId(kit)) }, label: 'update with an address object' });
    const after = withObject.response.status === 400 ? undefined : await read(kit, made.id, tag);
    expectRule(kit.api, RULE.addressObjectOnUpdate, { status: withObject.response.status, before: address.id, after: after ? recordOf(after.response.json)?.addressId : undefined }, { exchange: withObject, ...(after ? { related: [after] } : {}) });
  });

  test('should refuse a second registree with the same e-mail with 409 and store nothing', { tag: ['@customers', '@rule:unique-email', '@op:createCustomers', '@op:getCustomers'] }, async ({ kit }) => {
    requireWrites(kit);
    const tag = 'unique-email';
    const first = await createCustomer(kit, {}, { rule: tag });
    const email = String(first.record.email);
    const second = await kit.api.call('createCustomers', { body: [await customerInput(kit, { email })], label: 'registree with a taken e-mail' });
    expectRule(kit.api, RULE.emailTakenOnce, { ...answerOf(second) }, { exchange: second, related: [first.exchange] });
    const found = await holders(kit, email, tag);
    expectRule(kit.api, RULE.emailTakenOnce, { held: [{ what: email, holders: found.ids, want: [String(first.id)] }] }, { exchange: second, related: [found.exchange] });
  });

  test("should refuse updating a registree to another registree's e-mail with 409", { tag: ['@customers', '@rule:unique-email', '@op:updateCustomer', '@op:getCustomer'] }, async ({ kit }) => {
    requireWrites(kit);
    const tag = 'unique-email';
    const [a, b] = await createMany(kit, [customerInput(kit), customerInput(kit)]);
    if (!a || !b) throw new Error('two customers were created');
    const upd = await kit.api.call('updateCustomer', { path: { customer_id: Number(b.id) }, body: customerUpdateInput(kit, b, { email: a.email }), label: "update to another registree's e-mail" });
    expectRule(kit.api, RULE.emailTakenOnce, { ...answerOf(upd) }, { exchange: upd });
    const got = await read(kit, Number(b.id), tag);
    // The registree whose update was refused keeps its own e-mail.
    const kept = recordOf(got.response.json)?.email === b.email;
    expectRule(kit.api, RULE.emailTakenOnce, { held: [{ what: `registree ${String(b.id)}'s e-mail ${String(b.email)}`, holders: kept ? [String(b.id)] : [], want: [String(b.id)] }] }, { exchange: upd, related: [got] });
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
      if (!expectRule(kit.api, RULE.guestsShare, answerOf(ex), { exchange: ex, related: [registree.exchange] })) return;
    }
    // Guests are created as guests.
    for (const ex of guests) expectRule(kit.api, RULE.readsBack, { sent: { isGuest: true }, got: created(ex)[0] }, { exchange: ex, tag: 'unique-email' });
  });

  test('should refuse a batch with one e-mail twice with 409 and store none of it', { tag: ['@customers', '@rule:unique-email', '@rule:bulk', '@op:createCustomers', '@op:getCustomers'] }, async ({ kit }) => {
    requireWrites(kit);
    const token = kit.token();
    const email = kit.email();
    const batch = await Promise.all([customerInput(kit, { lastname: `${token}-a` }), customerInput(kit, { lastname: `${token}-b`, email }), customerInput(kit, { lastname: `${token}-c`, email })]);
    const ex = await kit.api.call('createCustomers', { body: batch, label: 'batch with an internal duplicate e-mail' });
    expectRule(kit.api, RULE.emailTakenOnce, { ...answerOf(ex), batch: true }, { exchange: ex });
    const list = await readList(kit, { op: 'getCustomers' }, { search: token }, 'bulk');
    // Described: a registree's e-mail is taken once (409 is declared for the conflict), however the batch is answered.
    const sharing = list.items.filter((c) => c.email === email && c.isGuest !== true).map((c) => String(c.id));
    expectRule(kit.api, RULE.emailTakenOnce, { held: [{ what: email, holders: sharing, atMost: 1 }] }, { exchange: ex, related: [list.exchange] });
    // Described: a bulk answer names what it created ({created, errors}); a record stored but not named (an error answer names none) is hidden from the client.
    expectRule(kit.api, RULE.storesWhatItNames, { stored: list.items, named: created(ex).map((c) => String(c.id)), status: ex.response.status }, { exchange: list.exchange, related: [ex] });
    expectRule(kit.api, RULE.refusedBatchStoresNone, { stored: list.items }, { exchange: list.exchange, related: [ex] });
  });

  test('should delete an own customer twice, answering success with its id both times', { tag: ['@customers', '@rule:idempotent-delete', '@op:deleteCustomers'] }, async ({ kit }) => {
    requireWrites(kit);
    const tag = 'idempotent-delete';
    const made = await createCustomer(kit, {}, { rule: tag });
    const first = await step(kit, 'deleteCustomers', { path: { customer_id: made.id }, label: 'first delete' }, { tag, want: [200] });
    const second = await kit.api.call('deleteCustomers', { path: { customer_id: made.id }, label: 'second delete' });
    expectRule(kit.api, RULE.deleteAgain, { ...answerOf(second), time: 2 }, { exchange: second, related: [first] });
    for (const del of [first, second]) {
      const body = del.response.json;
      // The answer requires `deleted` (customerArrayDeleteResponse).
      const deleted = isObj(body) && Array.isArray(body.deleted) ? body.deleted.map(Number) : undefined;
      expectRule(kit.api, RULE.namesRecord, { field: 'deleted', value: deleted, matches: true, required: true, body }, { exchange: del, tag });
      // That a second delete, which deleted nothing, still names the id is our reading.
      const reading = del === second ? { basis: project('a second delete deleted nothing: the description says it succeeds, not that deleted names the id') } : {};
      expectRule(kit.api, RULE.namesRecord, { field: 'deleted', value: deleted, matches: deleted?.includes(made.id) ?? false, required: true, body }, { exchange: del, tag, ...reading });
    }
  });

  test('should delete three own customers with one DELETE /customers/a,b,c', { tag: ['@customers', '@rule:bulk', '@op:deleteCustomers', '@op:getCustomers'] }, async ({ kit }) => {
    requireWrites(kit);
    const tag = 'bulk';
    const token = kit.token();
    const three = await createMany(kit, [0, 1, 2].map((i) => customerInput(kit, { lastname: `${token}-${i}` })));
    const ids = three.map((c) => Number(c.id));
    const del = await step(kit, 'deleteCustomers', { path: { customer_id: ids } }, { tag, want: [200] });
    const body = del.response.json;
    const echoed = isObj(body) && Array.isArray(body.deleted) ? body.deleted.map(Number) : undefined;
    expectRule(kit.api, RULE.namesRecord, { field: 'deleted', value: echoed, matches: ids.every((id) => echoed?.includes(id)), required: true, body }, { exchange: del, tag });
    const left = await readList(kit, { op: 'getCustomers' }, { search: token }, tag);
    expectRule(kit.api, RULE.unlistedAfterDelete, { deleted: ids.map(String), listed: left.items.map((c) => String(c.id)) }, { exchange: left.exchange, related: [del], tag });
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
    // Only guest and registree are named: that another type is refused is observed (OTHER_TYPE).
    expectRule(kit.api, RULE.answers, { ...answerOf(ex), want: [400] }, { exchange: ex, tag: 'filter-type', basis: OTHER_TYPE });
  });

  test('should answer 400 for an invalid customer id and 404 for a missing one', { tag: ['@customers', '@rule:error-status', '@op:getCustomer', '@readonly'] }, async ({ kit }) => {
    const declared = { mode: 'declared', body: false } as const;
    const bad = await kit.api.call('getCustomer', { path: { customer_id: BAD_ID }, intent: 'negative', label: `customer_id=${BAD_ID}` });
    expectRefused(kit, bad, { want: 400, wrong: 'invalid', ...declared });
    const missing = await kit.api.call('getCustomer', { path: { customer_id: MISSING_ID }, intent: 'negative', label: 'a customer id no shop has' });
    expectRefused(kit, missing, { want: 404, wrong: 'missing', ...declared });
  });

  test('should refuse bad customer writes with 400 and updates of a missing customer with 404', { tag: ['@customers', '@rule:error-status', '@op:createCustomers', '@op:updateCustomer', '@op:deleteCustomers'] }, async ({ kit }) => {
    requireWrites(kit);
    const declared = { mode: 'declared', body: false } as const;
    const noBody = await kit.api.call('createCustomers', { intent: 'negative', contentType: 'application/json', label: 'create without a body' });
    expectRefused(kit, noBody, { want: 400, wrong: 'invalid', ...declared });
    const made = await createCustomer(kit, {}, { rule: 'error-status' });
    const badId = await kit.api.call('updateCustomer', { path: { customer_id: BAD_ID }, body: customerUpdateInput(kit, made.record), intent: 'negative', label: `customer_id=${BAD_ID}` });
    expectRefused(kit, badId, { want: 400, wrong: 'invalid', ...declared });
    const emptyUpdate = await kit.api.call('updateCustomer', { path: { customer_id: made.id }, intent: 'negative', contentType: 'application/json', label: 'update without a body' });
    expectRefused(kit, emptyUpdate, { want: 400, wrong: 'invalid', ...declared });
    const badDelete = await kit.api.call('deleteCustomers', { path: { customer_id: BAD_ID }, intent: 'negative', label: `customer_id=${BAD_ID}` });
    expectRefused(kit, badDelete, { want: 400, wrong: 'invalid', ...declared });
    const del = await step(kit, 'deleteCustomers', { path: { customer_id: made.id } }, { tag: 'error-status', want: [200] });
    const missing = await kit.api.call('updateCustomer', { path: { customer_id: made.id }, body: customerUpdateInput(kit, made.record), intent: 'negative', label: 'update of the customer just deleted' });
    expectRefused(kit, missing, { want: 404, wrong: 'missing', ...declared, related: [del] });
  });

  listParameterTests({ group: 'customers', op: ops.get('getCustomers'), what: 'customers', subject: customersList, dates: customersDated, datesTags: ['@op:updateCustomer', '@op:deleteCustomers'], single: { op: 'getCustomer', param: 'customer_id', fields: ['id', 'lastname', 'email'] } });
});
