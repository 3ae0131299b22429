// Addresses: lifecycle (create answers 200, as declared), idempotent deletes, declared error
// statuses and the list parameters. Seeds come from one customer create with a new address
// each, so a list rule costs one request to set up; the addresses carry the test's token in `city`.
import { expectNamesRecord, expectHeld, expectStatus, show } from '../../fixtures/evidence.js';
import { addressInput, createAddress, customerInput } from '../../fixtures/factories/customers.js';
import { isObj } from '../../src/core/json.js';
import { differences, recordOf, requireWrites, test, type FactoryKit, type Json } from '../../fixtures/factories/index.js';
import { secondValue, sortableValue, type ListSubject } from '../../fixtures/list-rules.js';
import { listParameterTests } from '../../fixtures/list-tests.js';
import { specOperations } from '../../fixtures/spec-ops.js';
import type { Exchange } from '../../src/core/exchange.js';

const ops = await specOperations();
const MISSING_ID = 9007199254740991;

/** Addresses with the token in `city`, made by one bulk customer create (each customer with a new address). */
function addressesList(kit: FactoryKit): ListSubject {
  const token = kit.token();
  return {
    op: 'getAddresses',
    scope: { search: token },
    sortKey: 'city',
    secondSortKey: 'lastname',
    fields: ['id', 'city', 'customerId'],
    seed: async (n) => {
      // Each customer with its own new address (the same person: shops take the name from the customer).
      const inputs = await Promise.all(
        Array.from({ length: n }, async (_, i) => {
          const c = await customerInput(kit, { isGuest: true, password: undefined, lastname: secondValue(token, i) });
          return { ...c, address: { ...(c.address as Json), city: sortableValue(token, i) } };
        }),
      );
      const ex = await kit.api.call('createCustomers', { body: inputs, intent: 'setup', label: `${n} customers with a new address each` });
      // A setup step: when it fails the list rules are blocked (a Skip naming it), not failed.
      kit.expectSetup(ex.response.status >= 200 && ex.response.status < 300, 'createCustomers', 'setup', { rule: 'lifecycle', title: 'creating customers with new addresses should succeed', message: `expected a 2xx answer, got ${ex.response.status || ex.response.transportError || 'no answer'}: ${show(ex.response.json)}`, exchange: ex });
      const body = ex.response.json;
      const made = isObj(body) && Array.isArray(body.created) ? body.created.filter(isObj) : [];
      for (const c of made) if (typeof c.addressId === 'number' && c.addressId > 0) kit.adopt('/addresses', c.addressId, 'createCustomers', `/customers/${String(c.id)}`);
      return made.map((c): Json => ({ id: c.addressId }));
    },
  };
}

function expectEcho(kit: FactoryKit, sent: Json, ex: Exchange, what: string, related: Exchange[] = []): void {
  const diff = differences(sent, recordOf(ex.response.json));
  expectHeld(!diff.length, kit.api, { rule: 'lifecycle', title: `${what} should equal what was written`, message: diff.join('\n  '), exchange: ex, related });
}

async function read(kit: FactoryKit, id: number): Promise<Exchange> {
  const ex = await kit.api.call('getAddress', { path: { address_id: id } });
  expectStatus(kit.api, 'lifecycle', ex, 200, `GET /addresses/${id} should read the address`);
  return ex;
}

if (ops.inScope('addresses')) test.describe('addresses', () => {
  test.skip(!ops.has('getAddresses', 'createAddress', 'getAddress', 'updateAddress', 'deleteAddress'), 'the loaded spec has no address operations');

  test('should create, read back, update, read back and delete an address', { tag: ['@addresses', '@rule:lifecycle', '@op:createAddress', '@op:getAddress', '@op:updateAddress', '@op:deleteAddress'] }, async ({ kit }) => {
    requireWrites(kit);
    const made = await createAddress(kit, {}, { intent: 'positive' });
    expectStatus(kit.api, 'lifecycle', made.exchange, 200, 'POST /addresses should answer 200 (declared)');
    const sent = made.exchange.request.body as Json;
    expectEcho(kit, sent, made.exchange, 'the created address');
    expectEcho(kit, sent, await read(kit, made.id), 'the address read back after the create', [made.exchange]);

    const change = addressInput(kit, Number(sent.customerId), Number(sent.countryId), { gender: 'm', b2bStatus: true, suburb: `qa-${kit.runId}-suburb` });
    const upd = await kit.api.call('updateAddress', { path: { address_id: made.id }, body: change });
    expectStatus(kit.api, 'lifecycle', upd, 200, 'PUT /addresses/{id} should answer 200');
    expectEcho(kit, change, upd, 'the updated address');
    expectEcho(kit, change, await read(kit, made.id), 'the address read back after the update', [upd]);

    const del = await kit.api.call('deleteAddress', { path: { address_id: made.id } });
    expectStatus(kit.api, 'lifecycle', del, 200, 'DELETE /addresses/{id} should answer 200');
    const gone = await kit.api.call('getAddress', { path: { address_id: made.id }, label: 'read after delete' });
    expectStatus(kit.api, 'lifecycle', gone, 404, 'a deleted address should read as 404', [del]);
  });

  test('should delete an own address twice, answering success with its id both times', { tag: ['@addresses', '@rule:idempotent-delete', '@op:deleteAddress'] }, async ({ kit }) => {
    requireWrites(kit);
    const made = await createAddress(kit, {}, { rule: 'idempotent-delete' });
    for (const round of ['first', 'second']) {
      const del = await kit.api.call('deleteAddress', { path: { address_id: made.id }, label: `${round} delete` });
      expectStatus(kit.api, 'idempotent-delete', del, 200, `the ${round} DELETE of an own address should answer 200`);
      const body = del.response.json;
      const addressId = isObj(body) ? body.addressId : undefined;
      expectNamesRecord(kit.api, 'idempotent-delete', del, { field: 'addressId', value: addressId, matches: Number(addressId) === made.id, title: `the ${round} DELETE should echo the address id` });
    }
  });

  test('should answer 404 for a missing address', { tag: ['@addresses', '@rule:error-status', '@op:getAddress', '@readonly'] }, async ({ kit }) => {
    const missing = await kit.api.call('getAddress', { path: { address_id: MISSING_ID }, intent: 'negative', label: 'an address id no shop has' });
    expectStatus(kit.api, 'error-status', missing, 404, 'GET of a missing address should answer 404');
  });

  test('should refuse an address create without a body and a delete with an invalid id with 400', { tag: ['@addresses', '@rule:error-status', '@op:createAddress', '@op:deleteAddress'] }, async ({ kit }) => {
    requireWrites(kit);
    const noBody = await kit.api.call('createAddress', { intent: 'negative', contentType: 'application/json', label: 'create without a body' });
    expectStatus(kit.api, 'error-status', noBody, 400, 'POST /addresses without a body should answer 400');
    const badDelete = await kit.api.call('deleteAddress', { path: { address_id: 'abc' }, intent: 'negative', label: 'address_id=abc' });
    expectStatus(kit.api, 'error-status', badDelete, 400, 'DELETE /addresses/abc should answer 400');
  });

  listParameterTests({ group: 'addresses', op: ops.get('getAddresses'), what: 'addresses', subject: addressesList });
});
