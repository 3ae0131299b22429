// Addresses: lifecycle (create answers 200, as declared), idempotent deletes, declared error
// statuses and the list parameters. Seeds come from one customer create with a new address
// each, so a list rule costs one request to set up; the addresses carry the test's token in `city`.
import { expectRule } from '../../fixtures/evidence.js';
import { addressInput, createAddress, customerInput } from '../../fixtures/factories/customers.js';
import { isObj } from '../../src/core/json.js';
import { recordOf, requireWrites, test, type FactoryKit, type Json } from '../../fixtures/factories/index.js';
import { answerOf, step } from '../../fixtures/requests.js';
import { RULE } from '../../src/checks/rules/registry.js';
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
    seed: async (n, from = 0) => {
      // Each customer with its own new address (the same person: shops take the name from the customer).
      const inputs = await Promise.all(
        Array.from({ length: n }, (_, j) => from + j).map(async (i) => {
          const c = await customerInput(kit, { isGuest: true, password: undefined, lastname: secondValue(token, i) });
          return { ...c, address: { ...(c.address as Json), city: sortableValue(token, i) } };
        }),
      );
      const ex = await kit.api.call('createCustomers', { body: inputs, intent: 'setup', label: `${n} customers with a new address each` });
      // A setup step: when it fails the list rules are blocked (a Skip naming it), not failed.
      kit.expectSetup(RULE.answers, { ...answerOf(ex), want: 'success' }, { exchange: ex }, 'createCustomers', 'setup');
      const body = ex.response.json;
      const made = isObj(body) && Array.isArray(body.created) ? body.created.filter(isObj) : [];
      for (const c of made) if (typeof c.addressId === 'number' && c.addressId > 0) kit.adopt('/addresses', c.addressId, 'createCustomers', `/customers/${String(c.id)}`);
      return made.map((c): Json => ({ id: c.addressId }));
    },
  };
}

function expectEcho(kit: FactoryKit, sent: Json, ex: Exchange, related: Exchange[] = []): void {
  expectRule(kit.api, RULE.readsBack, { sent, got: recordOf(ex.response.json) }, { exchange: ex, related });
}

function read(kit: FactoryKit, id: number): Promise<Exchange> {
  return step(kit, 'getAddress', { path: { address_id: id } }, { want: [200] });
}

/** The answer has this status (in the column `tag`). */
function expectAnswer(kit: FactoryKit, ex: Exchange, want: number, tag = 'lifecycle', related: Exchange[] = []): void {
  expectRule(kit.api, RULE.answers, { ...answerOf(ex), want: [want] }, { exchange: ex, tag, related });
}

if (ops.inScope('addresses')) test.describe('addresses', () => {
  test.skip(!ops.has('getAddresses', 'createAddress', 'getAddress', 'updateAddress', 'deleteAddress'), 'the loaded spec has no address operations');

  test('should create, read back, update, read back and delete an address', { tag: ['@addresses', '@rule:lifecycle', '@op:createAddress', '@op:getAddress', '@op:updateAddress', '@op:deleteAddress'] }, async ({ kit }) => {
    requireWrites(kit);
    const made = await createAddress(kit, {}, { intent: 'positive' });
    expectAnswer(kit, made.exchange, 200);
    const sent = made.exchange.request.body as Json;
    expectEcho(kit, sent, made.exchange);
    expectEcho(kit, sent, await read(kit, made.id), [made.exchange]);

    const change = addressInput(kit, Number(sent.customerId), Number(sent.countryId), { gender: 'm', b2bStatus: true, suburb: `qa-${kit.runId}-suburb` });
    const upd = await step(kit, 'updateAddress', { path: { address_id: made.id }, body: change }, { want: [200] });
    expectEcho(kit, change, upd);
    expectEcho(kit, change, await read(kit, made.id), [upd]);

    const del = await step(kit, 'deleteAddress', { path: { address_id: made.id } }, { want: [200] });
    const gone = await kit.api.call('getAddress', { path: { address_id: made.id }, label: 'read after delete' });
    expectAnswer(kit, gone, 404, 'lifecycle', [del]);
  });

  test('should delete an own address twice, answering success with its id both times', { tag: ['@addresses', '@rule:idempotent-delete', '@op:deleteAddress'] }, async ({ kit }) => {
    requireWrites(kit);
    const made = await createAddress(kit, {}, { rule: 'idempotent-delete' });
    const tag = 'idempotent-delete';
    for (const time of [1, 2]) {
      const del = await kit.api.call('deleteAddress', { path: { address_id: made.id }, label: `${time === 1 ? 'first' : 'second'} delete` });
      if (time === 1) expectAnswer(kit, del, 200, tag);
      else expectRule(kit.api, RULE.deleteAgain, { ...answerOf(del), time }, { exchange: del });
      const body = del.response.json;
      const addressId = isObj(body) ? body.addressId : undefined;
      expectRule(kit.api, RULE.namesRecord, { field: 'addressId', value: addressId, matches: Number(addressId) === made.id, body }, { exchange: del, tag });
    }
  });

  test('should answer 404 for a missing address', { tag: ['@addresses', '@rule:error-status', '@op:getAddress', '@readonly'] }, async ({ kit }) => {
    const missing = await kit.api.call('getAddress', { path: { address_id: MISSING_ID }, intent: 'negative', label: 'an address id no shop has' });
    expectAnswer(kit, missing, 404, 'error-status');
  });

  test('should refuse an address create without a body and a delete with an invalid id with 400', { tag: ['@addresses', '@rule:error-status', '@op:createAddress', '@op:deleteAddress'] }, async ({ kit }) => {
    requireWrites(kit);
    const noBody = await kit.api.call('createAddress', { intent: 'negative', contentType: 'application/json', label: 'create without a body' });
    expectAnswer(kit, noBody, 400, 'error-status');
    const badDelete = await kit.api.call('deleteAddress', { path: { address_id: 'abc' }, intent: 'negative', label: 'address_id=abc' });
    expectAnswer(kit, badDelete, 400, 'error-status');
  });

  listParameterTests({ group: 'addresses', op: ops.get('getAddresses'), what: 'addresses', subject: addressesList });
});
