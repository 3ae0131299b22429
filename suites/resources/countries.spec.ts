// Countries and zones (reference data, read only): a listed country reads back equal by id, its
// zones list and each zone reads back; the vendor's declared statuses for missing and invalid ids
// (countries: 500 not found / 501 invalid; zones: 501 not found / 400 invalid); list parameters.
import { expectRule } from '../../fixtures/evidence.js';
import { step, wrongRequest } from '../../fixtures/requests.js';
import { RULE } from '../../src/checks/rules/registry.js';
import { test, type FactoryKit, type Json } from '../../fixtures/factories/index.js';
import { judgeFieldsSingle, readList } from '../../fixtures/list-rules.js';
import { listParameterTests } from '../../fixtures/list-tests.js';
import { specOperations } from '../../fixtures/spec-ops.js';
import { listItems } from '../../src/core/answers.js';
import type { Exchange } from '../../src/core/exchange.js';

const ops = await specOperations();
const MISSING_ID = 9007199254740991;
/**
 * Countries and zones declare the vendor's odd error statuses (500 and 501): any declared one
 * refuses a wrong id, and none is the usual one, so no other is an advisory. The error body is
 * judged once, on the missing zone.
 */
const ANY_DECLARED = { want: [], mode: 'declared', body: false } as const;

/** A listed country that has zones (tries the first few), or the first country. */
async function countryWithZones(kit: FactoryKit): Promise<{ country: Json; zones: Json[]; list: Exchange; zonesEx?: Exchange }> {
  const list = await readList(kit, { op: 'getCountries' }, {}, 'lifecycle');
  const first = list.items[0];
  test.skip(first === undefined, 'skip: the target lists no country');
  for (const country of list.items.filter((c) => c.status === true).slice(0, 5)) {
    const zonesEx = await kit.api.call('getCountriesZones', { path: { country_id: Number(country.id) } });
    const zones = listItems(zonesEx.response.json);
    if (zonesEx.response.status === 200 && zones.length) return { country, zones, list: list.exchange, zonesEx };
  }
  return { country: first as Json, zones: [], list: list.exchange };
}

if (ops.inScope('countries')) test.describe('countries', () => {
  test.skip(!ops.has('getCountries', 'getCountry'), 'the loaded spec has no country operations');

  test('should read a listed country by its id, equal to its list entry', { tag: ['@countries', '@rule:lifecycle', '@op:getCountries', '@op:getCountry', '@readonly'] }, async ({ kit }) => {
    const list = await readList(kit, { op: 'getCountries' }, {}, 'lifecycle');
    const country = list.items[0];
    test.skip(country === undefined, 'skip: the target lists no country');
    const got = await step(kit, 'getCountry', { path: { country_id: Number(country?.id) } }, { related: [list.exchange] });
    // The list entry is what the single read should hold (the one read-back comparison, RULE.readsBack).
    expectRule(kit.api, RULE.readsBack, { sent: country ?? {}, got: got.response.json }, { exchange: got, related: [list.exchange] });
  });

  test('should answer a declared error status for a missing country and refuse an invalid id', { tag: ['@countries', '@rule:error-status', '@op:getCountry', '@readonly'] }, async ({ kit }) => {
    await wrongRequest(kit, 'getCountry', { path: { country_id: MISSING_ID }, label: 'a country id no shop has' }, { ...ANY_DECLARED, wrong: 'missing' });
    await wrongRequest(kit, 'getCountry', { path: { country_id: 'abc' }, label: 'country_id=abc' }, { ...ANY_DECLARED, wrong: 'invalid' });
  });

  test('should keep exactly the named fields of a single country', { tag: ['@countries', '@rule:fields', '@op:getCountry', '@readonly'] }, async ({ kit }) => {
    const list = await readList(kit, { op: 'getCountries' }, {}, 'fields');
    test.skip(!list.items.length, 'skip: the target lists no country');
    await judgeFieldsSingle(kit, 'getCountry', { country_id: Number(list.items[0]?.id) }, ['id', 'iso2']);
  });

  listParameterTests({ group: 'countries', op: ops.get('getCountries'), what: 'countries', subject: () => ({ op: 'getCountries', sortKey: 'name', secondSortKey: 'iso2', fields: ['id', 'name'] }), readOnly: true });
});

// Scoped per test: the zones of a country touch both groups (ONLY_GROUPS / SKIP_GROUPS, src/config/scope.ts).
test.describe('zones', () => {
  test.skip(!ops.has('getCountries', 'getCountriesZones', 'getZones'), 'the loaded spec has no zone operations');

  if (ops.inScope('countries', 'zones')) test("should list a country's zones, each readable by its id", { tag: ['@countries', '@zones', '@rule:lifecycle', '@op:getCountriesZones', '@op:getZones', '@readonly'] }, async ({ kit }) => {
    const { zones, zonesEx } = await countryWithZones(kit);
    test.skip(!zones.length || !zonesEx, 'skip: none of the first active countries has zones');
    const zone = zones[0] as Json;
    const got = await step(kit, 'getZones', { path: { zone_id: Number(zone.id) } }, { related: zonesEx ? [zonesEx] : [] });
    expectRule(kit.api, RULE.readsBack, { sent: zone, got: got.response.json }, { exchange: got, ...(zonesEx ? { related: [zonesEx] } : {}) });
  });

  if (ops.inScope('countries', 'zones')) test('should answer a declared error status for zones of a missing country and refuse an invalid one', { tag: ['@countries', '@zones', '@rule:error-status', '@op:getCountriesZones', '@readonly'] }, async ({ kit }) => {
    await wrongRequest(kit, 'getCountriesZones', { path: { country_id: MISSING_ID }, label: 'zones of a country id no shop has' }, { ...ANY_DECLARED, wrong: 'missing' });
    await wrongRequest(kit, 'getCountriesZones', { path: { country_id: 'abc' }, label: 'country_id=abc' }, { ...ANY_DECLARED, wrong: 'invalid' });
  });

  if (ops.inScope('zones')) test('should refuse an invalid zone id and answer a declared error status for a missing zone', { tag: ['@zones', '@rule:error-status', '@op:getZones', '@readonly'] }, async ({ kit }) => {
    await wrongRequest(kit, 'getZones', { path: { zone_id: 'abc' }, label: 'zone_id=abc' }, { ...ANY_DECLARED, wrong: 'invalid' });
    // The missing zone's refusal is also judged for its error body (`error-body`: it says why).
    await wrongRequest(kit, 'getZones', { path: { zone_id: MISSING_ID }, label: 'a zone id no shop has' }, { want: [], mode: 'declared', wrong: 'missing' });
  });
});
