// Customer groups: lifecycle (create 201, single read answers a one-item array as declared, PATCH),
// idempotent deletes, declared error statuses and the list parameters. Group names are nested
// (`names.en`), so nothing first-level can scope the list to this test's groups: the list rules
// judge the whole collection and void a judgement when other tests changed it meanwhile.
import { expectNamesRecord, expectRule } from '../../fixtures/evidence.js';
import { RULE } from '../../src/checks/rules/registry.js';
import { answerOf, expectReadAfterDelete, step, wrongRequest } from '../../fixtures/requests.js';
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
    seed: async (n, from = 0) => {
      const out: Json[] = [];
      await shopFacts(kit);
      // Every language the target lists; en and de carry the two sort keys.
      for (let i = from; i < from + n; i++) out.push((await createCustomerGroup(kit, { names: { ...multiLang(kit, 'group'), en: sortableValue(token, i), de: secondValue(token, i) } })).record);
      return out;
    },
  };
}

function read(kit: FactoryKit, id: number): Promise<Exchange> {
  return step(kit, 'getCustomerGroup', { path: { customer_group_id: id } });
}

function expectEcho(kit: FactoryKit, sent: Json, ex: Exchange, related: Exchange[] = []): void {
  expectRule(kit.api, RULE.readsBack, { sent, got: recordOf(ex.response.json) }, { exchange: ex, related });
}

if (ops.inScope('customer_groups')) test.describe('customer groups', () => {
  test.skip(!ops.has('getCustomerGroups', 'createCustomerGroup', 'getCustomerGroup', 'updateCustomerGroups', 'deleteCustomerGroups'), 'the loaded spec has no customer group operations');

  test('should create, read back, patch, read back and delete a customer group', { tag: ['@customer_groups', '@rule:lifecycle', '@op:createCustomerGroup', '@op:getCustomerGroup', '@op:updateCustomerGroups', '@op:deleteCustomerGroups'] }, async ({ kit }) => {
    requireWrites(kit);
    const input = customerGroupInput(kit);
    // The create is the test's subject: the factory judges its answer (`creates`) in this column.
    const made = await createCustomerGroup(kit, input, { intent: 'positive' });
    expectEcho(kit, input, made.exchange);
    expectEcho(kit, input, await read(kit, made.id), [made.exchange]);

    const change = customerGroupInput(kit, { settings: { ...(input.settings as Json), public: true, graduatedPrices: true }, configurations: { ...(input.configurations as Json), minOrder: 5, discount: 3 } });
    const upd = await step(kit, 'updateCustomerGroups', { path: { customer_group_id: made.id }, body: change });
    expectEcho(kit, change, upd);
    expectEcho(kit, change, await read(kit, made.id), [upd]);

    const del = await step(kit, 'deleteCustomerGroups', { path: { customer_group_id: made.id } });
    await expectReadAfterDelete(kit, 'getCustomerGroup', { customer_group_id: made.id }, del);
  });

  test('should delete an own customer group twice, answering success with its id both times', { tag: ['@customer_groups', '@rule:idempotent-delete', '@op:deleteCustomerGroups'] }, async ({ kit }) => {
    requireWrites(kit);
    const made = await createCustomerGroup(kit, {}, { rule: 'idempotent-delete' });
    for (const round of ['first', 'second']) {
      const del = await kit.api.call('deleteCustomerGroups', { path: { customer_group_id: made.id }, label: `${round} delete` });
      // The second delete is the rule the property judges too (delete-again): one defect, whichever met it.
      if (round === 'first') expectRule(kit.api, RULE.answers, { ...answerOf(del), want: 'success' }, { exchange: del, tag: 'idempotent-delete' });
      else expectRule(kit.api, RULE.deleteAgain, { ...answerOf(del), time: 2 }, { exchange: del });
      const body = del.response.json;
      const groupId = isObj(body) ? body.customerGroupId : undefined;
      expectNamesRecord(kit.api, 'idempotent-delete', del, { field: 'customerGroupId', value: groupId, matches: Number(groupId) === made.id, title: `the ${round} DELETE should echo the group id` });
    }
  });

  test('should answer 400 for an invalid customer group id and 404 for a missing one', { tag: ['@customer_groups', '@rule:error-status', '@op:getCustomerGroup', '@readonly'] }, async ({ kit }) => {
    await wrongRequest(kit, 'getCustomerGroup', { path: { customer_group_id: 'abc' }, label: 'customer_group_id=abc' }, { want: 400, mode: 'declared', wrong: 'invalid', body: false });
    await wrongRequest(kit, 'getCustomerGroup', { path: { customer_group_id: MISSING_ID }, label: 'a group id no shop has' }, { want: 404, mode: 'declared', wrong: 'missing', body: false });
  });

  test('should refuse bad customer group writes with 400 and a patch of a missing group with 404', { tag: ['@customer_groups', '@rule:error-status', '@op:createCustomerGroup', '@op:updateCustomerGroups', '@op:deleteCustomerGroups'] }, async ({ kit }) => {
    requireWrites(kit);
    await wrongRequest(kit, 'createCustomerGroup', { contentType: 'application/json', label: 'create without a body' }, { want: 400, wrong: 'invalid', body: false });
    await wrongRequest(kit, 'updateCustomerGroups', { path: { customer_group_id: 'abc' }, body: customerGroupInput(kit), label: 'customer_group_id=abc' }, { want: 400, mode: 'declared', wrong: 'invalid', body: false });
    await wrongRequest(kit, 'deleteCustomerGroups', { path: { customer_group_id: 'abc' }, label: 'customer_group_id=abc' }, { want: 400, wrong: 'invalid', body: false });
    const made = await createCustomerGroup(kit, {}, { rule: 'error-status' });
    const del = await step(kit, 'deleteCustomerGroups', { path: { customer_group_id: made.id } }, { tag: 'error-status' });
    await wrongRequest(kit, 'updateCustomerGroups', { path: { customer_group_id: made.id }, body: customerGroupInput(kit), label: 'patch of the group just deleted' }, { want: 404, mode: 'declared', wrong: 'missing', related: [del], body: false });
  });

  listParameterTests({ group: 'customer_groups', op: ops.get('getCustomerGroups'), what: 'customer groups', subject: groupsList });
});
