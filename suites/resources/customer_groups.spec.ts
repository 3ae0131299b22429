// Customer groups: lifecycle (create 201, single read answers a one-item array as declared, PATCH),
// idempotent deletes, declared error statuses and the list parameters. Group names are nested
// (`names.en`), so nothing first-level can scope the list to this test's groups: the list rules
// judge the whole collection and void a judgement when other tests changed it meanwhile.
import { expectErrorStatus, expectNamesRecord, expectRule, expectStatus } from '../../fixtures/evidence.js';
import { RULE } from '../../src/checks/rules/registry.js';
import { answerOf } from '../../fixtures/requests.js';
import { createCustomerGroup, customerGroupInput } from '../../fixtures/factories/customers.js';
import { multiLang } from '../../fixtures/factories/categories.js';
import { shopFacts } from '../../fixtures/factories/references.js';
import { isObj } from '../../src/core/json.js';
import { recordOf, requireWrites, test, type FactoryKit, type Json } from '../../fixtures/factories/index.js';
import { secondValue, sortableValue, type ListSubject } from '../../fixtures/list-rules.js';
import { listParameterTests } from '../../fixtures/list-tests.js';
import { specOperations } from '../../fixtures/spec-ops.js';
import type { Exchange } from '../../src/core/exchange.js';

const ops = await specOperations();
const MISSING_ID = 9007199254740991;

function groupsList(kit: FactoryKit): ListSubject {
  const token = kit.token();
  return {
    op: 'getCustomerGroups',
    sortKey: 'names.en',
    secondSortKey: 'names.de',
    searchField: 'id',
    fields: ['id', 'names'],
    seed: async (n) => {
      const out: Json[] = [];
      await shopFacts(kit);
      // Every language the target lists; en and de carry the two sort keys.
      for (let i = 0; i < n; i++) out.push((await createCustomerGroup(kit, { names: { ...multiLang(kit, 'group'), en: sortableValue(token, i), de: secondValue(token, i) } })).record);
      return out;
    },
  };
}

async function read(kit: FactoryKit, id: number): Promise<Exchange> {
  const ex = await kit.api.call('getCustomerGroup', { path: { customer_group_id: id } });
  expectStatus(kit.api, 'lifecycle', ex, 200, `GET /customer_groups/${id} should read the group`);
  return ex;
}

function expectEcho(kit: FactoryKit, sent: Json, ex: Exchange, related: Exchange[] = []): void {
  expectRule(kit.api, RULE.readsBack, { sent, got: recordOf(ex.response.json) }, { exchange: ex, related });
}

if (ops.inScope('customer_groups')) test.describe('customer groups', () => {
  test.skip(!ops.has('getCustomerGroups', 'createCustomerGroup', 'getCustomerGroup', 'updateCustomerGroups', 'deleteCustomerGroups'), 'the loaded spec has no customer group operations');

  test('should create, read back, patch, read back and delete a customer group', { tag: ['@customer_groups', '@rule:lifecycle', '@op:createCustomerGroup', '@op:getCustomerGroup', '@op:updateCustomerGroups', '@op:deleteCustomerGroups'] }, async ({ kit }) => {
    requireWrites(kit);
    const input = customerGroupInput(kit);
    const made = await createCustomerGroup(kit, input, { intent: 'positive' });
    expectStatus(kit.api, 'lifecycle', made.exchange, 201, 'POST /customer_groups should answer 201 (declared)');
    expectEcho(kit, input, made.exchange);
    expectEcho(kit, input, await read(kit, made.id), [made.exchange]);

    const change = customerGroupInput(kit, { settings: { ...(input.settings as Json), public: true, graduatedPrices: true }, configurations: { ...(input.configurations as Json), minOrder: 5, discount: 3 } });
    const upd = await kit.api.call('updateCustomerGroups', { path: { customer_group_id: made.id }, body: change });
    expectStatus(kit.api, 'lifecycle', upd, 200, 'PATCH /customer_groups/{id} should answer 200');
    expectEcho(kit, change, upd);
    expectEcho(kit, change, await read(kit, made.id), [upd]);

    const del = await kit.api.call('deleteCustomerGroups', { path: { customer_group_id: made.id } });
    expectStatus(kit.api, 'lifecycle', del, 200, 'DELETE /customer_groups/{id} should answer 200');
    const gone = await kit.api.call('getCustomerGroup', { path: { customer_group_id: made.id }, label: 'read after delete' });
    expectErrorStatus(kit.api, 'lifecycle', gone, 'missing', 'a deleted group should read as 404', [del], 404);
  });

  test('should delete an own customer group twice, answering success with its id both times', { tag: ['@customer_groups', '@rule:idempotent-delete', '@op:deleteCustomerGroups'] }, async ({ kit }) => {
    requireWrites(kit);
    const made = await createCustomerGroup(kit, {}, { rule: 'idempotent-delete' });
    for (const round of ['first', 'second']) {
      const del = await kit.api.call('deleteCustomerGroups', { path: { customer_group_id: made.id }, label: `${round} delete` });
      // The second delete is the rule the property judges too (delete-again): one defect, whichever met it.
      if (round === 'first') expectStatus(kit.api, 'idempotent-delete', del, 200, `the ${round} DELETE of an own group should answer 200`);
      else expectRule(kit.api, RULE.deleteAgain, { ...answerOf(del), time: 2 }, { exchange: del });
      const body = del.response.json;
      const groupId = isObj(body) ? body.customerGroupId : undefined;
      expectNamesRecord(kit.api, 'idempotent-delete', del, { field: 'customerGroupId', value: groupId, matches: Number(groupId) === made.id, title: `the ${round} DELETE should echo the group id` });
    }
  });

  test('should answer 400 for an invalid customer group id and 404 for a missing one', { tag: ['@customer_groups', '@rule:error-status', '@op:getCustomerGroup', '@readonly'] }, async ({ kit }) => {
    const bad = await kit.api.call('getCustomerGroup', { path: { customer_group_id: 'abc' }, intent: 'negative', label: 'customer_group_id=abc' });
    expectErrorStatus(kit.api, 'error-status', bad, 'invalid', 'GET /customer_groups/abc should answer 400', undefined, 400);
    const missing = await kit.api.call('getCustomerGroup', { path: { customer_group_id: MISSING_ID }, intent: 'negative', label: 'a group id no shop has' });
    expectErrorStatus(kit.api, 'error-status', missing, 'missing', 'GET of a missing group should answer 404', undefined, 404);
  });

  test('should refuse bad customer group writes with 400 and a patch of a missing group with 404', { tag: ['@customer_groups', '@rule:error-status', '@op:createCustomerGroup', '@op:updateCustomerGroups', '@op:deleteCustomerGroups'] }, async ({ kit }) => {
    requireWrites(kit);
    const noBody = await kit.api.call('createCustomerGroup', { intent: 'negative', contentType: 'application/json', label: 'create without a body' });
    expectStatus(kit.api, 'error-status', noBody, 400, 'POST /customer_groups without a body should answer 400');
    const badPatch = await kit.api.call('updateCustomerGroups', { path: { customer_group_id: 'abc' }, body: customerGroupInput(kit), intent: 'negative', label: 'customer_group_id=abc' });
    expectErrorStatus(kit.api, 'error-status', badPatch, 'invalid', 'PATCH /customer_groups/abc should answer 400', undefined, 400);
    const badDelete = await kit.api.call('deleteCustomerGroups', { path: { customer_group_id: 'abc' }, intent: 'negative', label: 'customer_group_id=abc' });
    expectStatus(kit.api, 'error-status', badDelete, 400, 'DELETE /customer_groups/abc should answer 400');
    const made = await createCustomerGroup(kit, {}, { rule: 'error-status' });
    const del = await kit.api.call('deleteCustomerGroups', { path: { customer_group_id: made.id } });
    expectStatus(kit.api, 'error-status', del, 200, 'DELETE of an own group should answer 200');
    const missing = await kit.api.call('updateCustomerGroups', { path: { customer_group_id: made.id }, body: customerGroupInput(kit), intent: 'negative', label: 'patch of the group just deleted' });
    expectErrorStatus(kit.api, 'error-status', missing, 'missing', 'PATCH of a deleted (own) group should answer 404', [del], 404);
  });

  listParameterTests({ group: 'customer_groups', op: ops.get('getCustomerGroups'), what: 'customer groups', subject: groupsList });
});
