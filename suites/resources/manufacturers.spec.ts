// Manufacturers: lifecycle with PATCH (a partial change keeps the rest), the idempotent delete
// (an own manufacturer deleted twice), the vendor's declared 500 for invalid ids on PATCH and
// DELETE, 404/400 on reads, the search endpoint and the list parameters.
import { createManufacturer, manufacturerInput } from '../../fixtures/factories/catalogue-extras.js';
import { requireWrites, type FactoryKit } from '../../fixtures/factories/index.js';
import { expectNamesRecord, expectHeld } from '../../fixtures/evidence.js';
import { listParameterTests } from '../../fixtures/list-tests.js';
import { secondValue, sortableValue, type ListSubject } from '../../fixtures/list-rules.js';
import { specOperations } from '../../fixtures/spec-ops.js';
import { expectReadsBack, listedIds, single, test } from './support/catalogue.js';
import { setupStep, step, wrongRequest } from '../../fixtures/requests.js';
import { skipBecause } from '../../fixtures/outcome.js';

const G = '@manufacturers';
const ops = await specOperations();

function manufacturersList(kit: FactoryKit): ListSubject {
  const token = kit.token();
  return {
    op: 'getMultipleManufacturers',
    scope: { search: token },
    sortKey: 'name',
    secondSortKey: 'image',
    fields: ['id', 'name'],
    searchField: 'name',
    seed: async (n, from = 0) => {
      const out = [];
      for (let i = from; i < from + n; i++) out.push((await createManufacturer(kit, { image: `${secondValue(token, i)}.png` }, { name: sortableValue(token, i) })).record);
      return out;
    },
  };
}

if (ops.inScope('manufacturers')) test.describe('manufacturers', () => {
  test('should create a manufacturer, read it back, change it with PATCH, read it back, delete it and then answer 404', { tag: [G, '@op:createManufacturers', '@op:getManufacturer', '@op:updateManufacturers', '@op:deleteManufacturers', '@rule:lifecycle'] }, async ({ kit }) => {
    requireWrites(kit);
    const input = manufacturerInput(kit);
    const made = await kit.create('createManufacturers', { body: input, intent: 'positive' });
    expectReadsBack(kit, input, await step(kit, 'getManufacturer', { path: { manufacturer_id: made.id } }), { related: [made.exchange] });
    const change = { image: `qa-${kit.runId}-changed-${kit.n()}.png` };
    const patch = await step(kit, 'updateManufacturers', { path: { manufacturer_id: made.id }, body: change });
    expectReadsBack(kit, { ...input, ...change }, await step(kit, 'getManufacturer', { path: { manufacturer_id: made.id } }), { related: [patch] });
    await step(kit, 'deleteManufacturers', { path: { manufacturer_id: made.id } });
    await wrongRequest(kit, 'getManufacturer', { path: { manufacturer_id: made.id } }, { want: 404, tag: 'lifecycle' });
  });

  test('should succeed when deleting the same own manufacturer twice, echoing its id', { tag: [G, '@op:deleteManufacturers', '@rule:idempotent-delete'] }, async ({ kit, checks }) => {
    requireWrites(kit);
    const made = await createManufacturer(kit, {}, { rule: 'idempotent-delete' });
    for (const attempt of ['first', 'second']) {
      const del = await step(kit, 'deleteManufacturers', { path: { manufacturer_id: made.id }, label: `${attempt} delete` }, { tag: 'idempotent-delete', conform: checks });
      const echoed = single(del.response.json)?.manufacturersId;
      expectNamesRecord(kit.api, 'idempotent-delete', del, { field: 'manufacturersId', value: echoed, matches: Number(echoed) === made.id, title: `the ${attempt} delete should echo the id ${made.id}` });
    }
  });

  test('should answer the declared errors for invalid and missing ids: 500 on DELETE, a declared 4xx/500 on PATCH, 400/404 on reads', { tag: [G, '@op:updateManufacturers', '@op:deleteManufacturers', '@op:getManufacturer', '@rule:error-status'] }, async ({ kit, checks }) => {
    requireWrites(kit);
    // DELETE declares only 500 for a bad id (the vendor's "could not find"); PATCH declares 400, 404 and 500.
    await wrongRequest(kit, 'deleteManufacturers', { path: { manufacturer_id: 'abc' } }, { want: 500, conform: checks });
    await wrongRequest(kit, 'updateManufacturers', { path: { manufacturer_id: 'abc' }, body: { name: 'x' } }, { want: [400, 500], conform: checks });
    await wrongRequest(kit, 'getManufacturer', { path: { manufacturer_id: 'abc' } }, { want: 400, conform: checks });
    const gone = await createManufacturer(kit, {}, { rule: 'error-status' });
    await setupStep(kit, 'deleteManufacturers', { path: { manufacturer_id: gone.id } });
    await wrongRequest(kit, 'updateManufacturers', { path: { manufacturer_id: gone.id }, body: { name: 'x' } }, { want: [404, 500], conform: checks });
    await wrongRequest(kit, 'getManufacturer', { path: { manufacturer_id: gone.id } }, { want: 404, conform: checks });
    await wrongRequest(kit, 'createManufacturers', { contentType: 'application/json' }, { want: 400, conform: checks });
  });

  test('should find a manufacturer by a search condition and nothing else', { tag: [G, '@op:searchManufacturers', '@rule:search'] }, async ({ kit, checks }) => {
    requireWrites(kit);
    const made = await createManufacturer(kit, {}, { rule: 'search' });
    const hit = await step(kit, 'searchManufacturers', { body: { search: ['name', 'eq', String(made.record.name)] } }, { tag: 'search', conform: checks });
    expectHeld(listedIds(hit).join(',') === String(made.id), kit.api, { rule: 'search', title: `the condition name eq ${String(made.record.name)} should find exactly that manufacturer`, message: `got [${listedIds(hit).join(', ')}]`, exchange: hit });
  });

  test('should read a listed manufacturer of the target in the declared shape', { tag: [G, '@op:getMultipleManufacturers', '@op:getManufacturer', '@readonly'] }, async ({ kit, checks }) => {
    const first = listedIds(await step(kit, 'getMultipleManufacturers', {}, { conform: checks }))[0];
    if (first === undefined) skipBecause('the target lists no manufacturers');
    await step(kit, 'getManufacturer', { path: { manufacturer_id: first } }, { conform: checks });
  });

  listParameterTests({ group: 'manufacturers', op: ops.get('getMultipleManufacturers'), what: 'manufacturers', subject: manufacturersList });
});
