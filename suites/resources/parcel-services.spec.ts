// Parcel services: lifecycle (create 201, read, replace, delete, then the declared 404), the
// declared 400s, the search endpoint and the list parameters. Services made here are never the
// default: making one the default would change the shop's own default service.
import { specOperations } from '../../fixtures/spec-ops.js';
import { oneByOne, test, requireWrites } from '../../fixtures/factories/index.js';
import { createParcelService, parcelServiceInput } from '../../fixtures/factories/orders.js';
import { expectHeld, expectStatus, show } from '../../fixtures/evidence.js';
import { judgeFields, judgeLinkHeader, judgePaging, judgePerPage, judgeSearch, sortableValue, judgeSort, type ListSubject } from '../../fixtures/list-rules.js';
import { checkContext, expectConforms, expectGone, listOf, notCovered } from '../../fixtures/order-rules.js';
import type { FactoryKit, Json } from '../../fixtures/factories/base.js';
import type { Exchange } from '../../src/core/exchange.js';

const ops = await specOperations();

function parcelServices(kit: FactoryKit): ListSubject {
  const token = kit.token();
  return {
    op: 'getMultipleParcelServices',
    scope: { search: token },
    sortKey: 'name',
    fields: ['id', 'name'],
    seed: async (n) => {
      const made = await oneByOne(n, (i) => createParcelService(kit, { name: sortableValue(token, i) }));
      return made.map((m) => m.record);
    },
  };
}

function expectHolds(kit: FactoryKit, rule: string, sent: Json, ex: Exchange, title: string): void {
  const problems = notCovered(sent, ex.response.json);
  expectHeld(!problems.length, kit.api, { rule, title, message: problems.join('\n  '), exchange: ex });
}

if (ops.inScope('parcel_services')) test.describe('parcel services', () => {
  test(
    'should create, read, replace and delete a parcel service',
    { tag: ['@parcel_services', '@op:createParcelService', '@op:getSingleParcelServices', '@op:updateParcelService', '@op:deleteParcelService', '@rule:lifecycle'] },
    async ({ kit, catalogue, validators, config }) => {
      requireWrites(kit);
      const rule = 'lifecycle';
      const ctx = checkContext({ catalogue, validators, config });
      const input = parcelServiceInput(kit);
      const made = await kit.create('createParcelService', { body: input, what: 'a parcel service', intent: 'positive' });
      expectStatus(kit.api, rule, made.exchange, 201, 'POST /parcel_services should answer 201 as declared');
      expectConforms(kit, ctx, made.exchange);
      const parcel_service_id = made.id;
      const read = await kit.api.call('getSingleParcelServices', { path: { parcel_service_id } });
      expectConforms(kit, ctx, read);
      expectHolds(kit, rule, input, read, 'the new parcel service should read back as sent');
      const change = parcelServiceInput(kit);
      const put = await kit.api.call('updateParcelService', { path: { parcel_service_id }, body: change });
      expectStatus(kit.api, rule, put, 200, 'PUT /parcel_services/{id} should answer 200');
      expectConforms(kit, ctx, put);
      expectHolds(kit, rule, change, await kit.api.call('getSingleParcelServices', { path: { parcel_service_id } }), 'the replaced parcel service should read back as sent');
      const del = await kit.api.call('deleteParcelService', { path: { parcel_service_id } });
      expectStatus(kit.api, rule, del, 200, 'DELETE /parcel_services/{id} should answer 200');
      expectConforms(kit, ctx, del);
      const result = del.response.json as Json | undefined;
      expectHeld(result?.parcelServiceId === undefined || Number(result.parcelServiceId) === parcel_service_id, kit.api, { rule, title: 'the delete result should name the deleted parcel service', message: show(result), exchange: del });
      expectGone(kit, rule, await kit.api.call('getSingleParcelServices', { path: { parcel_service_id } }), 'the deleted parcel service', [del]);
    },
  );

  test(
    'should refuse a wrongly typed body and an id beyond 2^63 with 400 as declared',
    { tag: ['@parcel_services', '@op:updateParcelService', '@rule:error-status'] },
    async ({ kit, catalogue, validators, config }) => {
      requireWrites(kit);
      const rule = 'error-status';
      const ctx = checkContext({ catalogue, validators, config });
      const own = await createParcelService(kit);
      const bad = await kit.api.call('updateParcelService', { path: { parcel_service_id: own.id }, body: { ...parcelServiceInput(kit), name: 42 }, intent: 'negative', label: 'name as a number' });
      expectStatus(kit.api, rule, bad, 400, 'PUT /parcel_services/{id} with a number for the string name should be refused with 400');
      expectConforms(kit, ctx, bad);
      const after = await kit.api.call('getSingleParcelServices', { path: { parcel_service_id: own.id } });
      expectHolds(kit, rule, own.record, after, 'a refused PUT should leave the parcel service as it was');
      // Beyond int64 no record can have the id (the guard lets such a write through for this reason).
      const huge = await kit.api.call('updateParcelService', { path: { parcel_service_id: '99999999999999999999' }, body: parcelServiceInput(kit), intent: 'negative', label: 'id beyond 2^63' });
      expectStatus(kit.api, rule, huge, 400, 'PUT /parcel_services/{id} with an id beyond 2^63 should be refused with 400');
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
      const ids = listOf(kit, 'search', ex, 'POST /parcel_services/search').map((r) => String(r.id));
      expectHeld(ids.includes(String(wanted.id)) && !ids.includes(String(other.id)), kit.api, {
        rule: 'search',
        title: 'the search should find the parcel service it names and not the other one',
        message: `found [${ids.join(', ')}]; wanted ${wanted.id}, other ${other.id}`,
        exchange: ex,
      });
    },
  );

  test.describe('list parameters of GET /parcel_services', () => {
    const tags = (rule: string) => ['@parcel_services', '@op:getMultipleParcelServices', '@op:createParcelService', `@rule:${rule}`];
    test('should page parcel services from 1 without gaps or duplicates', { tag: tags('paging') }, async ({ kit }) => {
      requireWrites(kit);
      await judgePaging(kit, parcelServices(kit));
    });
    test('should answer per_page parcel services per page and refuse per_page below 1', { tag: tags('per-page') }, async ({ kit }) => {
      requireWrites(kit);
      await judgePerPage(kit, parcelServices(kit));
    });
    test('should link the first, previous, next and last pages of parcel services', { tag: tags('link-header') }, async ({ kit }) => {
      requireWrites(kit);
      await judgeLinkHeader(kit, parcelServices(kit));
    });
    test('should sort parcel services ascending and descending', { tag: tags('sort') }, async ({ kit }) => {
      requireWrites(kit);
      await judgeSort(kit, parcelServices(kit));
    });
    test('should keep only the named fields of parcel services', { tag: tags('fields') }, async ({ kit }) => {
      requireWrites(kit);
      await judgeFields(kit, parcelServices(kit));
    });
    test('should find parcel services by q and search, case-insensitively', { tag: tags('search') }, async ({ kit }) => {
      requireWrites(kit);
      await judgeSearch(kit, parcelServices(kit));
    });
  });
});
