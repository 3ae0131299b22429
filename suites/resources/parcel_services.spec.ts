// Parcel services: lifecycle (create 201, read, replace, delete, then the declared 404), the
// declared 400s, the search endpoint and the list parameters. Services made here are never the
// default: making one the default would change the shop's own default service.
import { specOperations } from '../../fixtures/spec-ops.js';
import { oneByOne, test, requireWrites } from '../../fixtures/factories/index.js';
import { createParcelService, parcelServiceInput } from '../../fixtures/factories/orders.js';
import { expectRule } from '../../fixtures/evidence.js';
import { sortableValue, type ListSubject } from '../../fixtures/list-rules.js';
import { listParameterTests } from '../../fixtures/list-tests.js';
import { answerOf, checkContext, expectConforms, gone, listedIn, step, wrongRequest } from '../../fixtures/requests.js';
import type { FactoryKit } from '../../fixtures/factories/base.js';
import { RULE } from '../../src/checks/rules/registry.js';
import { isObj } from '../../src/core/json.js';

const ops = await specOperations();

function parcelServices(kit: FactoryKit): ListSubject {
  const token = kit.token();
  return {
    op: 'getMultipleParcelServices',
    scope: { search: token },
    sortKey: 'name',
    fields: ['id', 'name'],
    seed: async (n, from = 0) => {
      const made = await oneByOne(n, (j) => {
        const i = from + j;
        return createParcelService(kit, { name: sortableValue(token, i) });
      });
      return made.map((m) => m.record);
    },
  };
}

if (ops.inScope('parcel_services')) test.describe('parcel services', () => {
  test(
    'should create, read, replace and delete a parcel service',
    { tag: ['@parcel_services', '@op:createParcelService', '@op:getSingleParcelServices', '@op:updateParcelService', '@op:deleteParcelService', '@rule:lifecycle'] },
    async ({ kit, catalogue, validators, config }) => {
      requireWrites(kit);
      const tag = 'lifecycle';
      const ctx = checkContext({ catalogue, validators, config });
      const input = parcelServiceInput(kit);
      const made = await kit.create('createParcelService', { body: input, intent: 'positive' });
      expectRule(kit.api, RULE.answers, { ...answerOf(made.exchange), want: [201] }, { exchange: made.exchange, tag });
      expectConforms(kit, ctx, made.exchange);
      const parcel_service_id = made.id;
      const read = await kit.api.call('getSingleParcelServices', { path: { parcel_service_id } });
      expectConforms(kit, ctx, read);
      expectRule(kit.api, RULE.readsBack, { sent: input, got: read.response.json }, { exchange: read });
      const change = parcelServiceInput(kit);
      await step(kit, 'updateParcelService', { path: { parcel_service_id }, body: change }, { want: [200], conform: ctx });
      const again = await kit.api.call('getSingleParcelServices', { path: { parcel_service_id } });
      expectRule(kit.api, RULE.readsBack, { sent: change, got: again.response.json }, { exchange: again });
      const del = await step(kit, 'deleteParcelService', { path: { parcel_service_id } }, { want: [200], conform: ctx });
      const result = isObj(del.response.json) ? del.response.json : undefined;
      // The answer may leave the id out (it is not required), but not name another.
      if (result?.parcelServiceId !== undefined) expectRule(kit.api, RULE.namesRecord, { field: 'parcelServiceId', value: result.parcelServiceId, matches: Number(result.parcelServiceId) === parcel_service_id, body: result }, { exchange: del, tag });
      await wrongRequest(kit, 'getSingleParcelServices', { path: { parcel_service_id }, intent: 'positive' }, gone(tag, [del]));
    },
  );

  test(
    'should refuse a wrongly typed body and an id beyond 2^63 with 400 as declared',
    { tag: ['@parcel_services', '@op:updateParcelService', '@rule:error-status'] },
    async ({ kit, catalogue, validators, config }) => {
      requireWrites(kit);
      const tag = 'error-status';
      const ctx = checkContext({ catalogue, validators, config });
      const own = await createParcelService(kit);
      const bad = await kit.api.call('updateParcelService', { path: { parcel_service_id: own.id }, body: { ...parcelServiceInput(kit), name: 42 }, intent: 'negative', label: 'name as a number' });
      expectRule(kit.api, RULE.answers, { ...answerOf(bad), want: [400] }, { exchange: bad, tag });
      expectConforms(kit, ctx, bad);
      const after = await kit.api.call('getSingleParcelServices', { path: { parcel_service_id: own.id } });
      expectRule(kit.api, RULE.refusedWriteHarmless, { sent: own.record, got: after.response.json }, { exchange: after, tag });
      // Beyond int64 no record can have the id (the guard lets such a write through for this reason).
      const huge = await kit.api.call('updateParcelService', { path: { parcel_service_id: '99999999999999999999' }, body: parcelServiceInput(kit), intent: 'negative', label: 'id beyond 2^63' });
      expectRule(kit.api, RULE.answers, { ...answerOf(huge), want: [400] }, { exchange: huge, tag });
      expectConforms(kit, ctx, huge);
    },
  );

  test(
    'should find its own parcel service by a search condition and not its other one',
    { tag: ['@parcel_services', '@op:searchParcelService', '@rule:search'] },
    async ({ kit, catalogue, validators, config }) => {
      requireWrites(kit);
      const ctx = checkContext({ catalogue, validators, config });
      const wanted = await createParcelService(kit);
      const other = await createParcelService(kit);
      const ex = await kit.api.call('searchParcelService', { body: { search: ['name', 'eq', wanted.record.name] } });
      expectConforms(kit, ctx, ex);
      const ids = listedIn(kit, ex, 'search').map((r) => String(r.id));
      expectRule(kit.api, RULE.searchCondition, { found: ids, wanted: [String(wanted.id)], unwanted: [String(other.id)] }, { exchange: ex });
    },
  );

  listParameterTests({ group: 'parcel_services', op: ops.get('getMultipleParcelServices'), what: 'parcel services', subject: parcelServices, writesOnly: true, tags: ['@op:createParcelService'] });
});
