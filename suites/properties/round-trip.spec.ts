// Round trip: for any valid create body a real client sends (strings with Unicode, empty and up
// to a declared maxLength, optional fields in any subset, reference ids pinned to records of the
// target), the created record read back equals the body on every field a client writes and the
// single read answers. Every run tries the input classes first, whatever the seed:
// only the required fields; every optional field with booleans true, then false, each value of a
// small enum; ASCII, non-ASCII and astral text; and text of 300 characters where the schema sets
// no maxLength, whose refusal or cut is an advisory (support/round-trip-cases.ts). Each run
// deletes its record again; the ledger has it from the moment the create answers.
import fc from 'fast-check';
import { loadConfig } from '../../src/config/config.js';
import { groupInScope } from '../../src/config/scope.js';
import { liveShrinks } from '../../src/properties/runner.js';
import { catalogueFor } from '../../src/spec/cache.js';
import { tagSafe } from '../contract/plan.js';
import { test, RUNS } from './support/fixtures.js';
import { recordOf, type Json, requireWrites } from '../../fixtures/factories/index.js';
import { expectRoundTrip, roundTripCases, type RoundTripCase } from './support/round-trip-cases.js';
import { answerOf } from '../../fixtures/requests.js';
import { RULE } from '../../src/checks/rules/registry.js';
import { bodyOptions, cleanupSince, createOwn, mark, sentRecord, writable, type Writable } from './support/writable.js';

const config = loadConfig();
const catalogue = await catalogueFor(config.spec, config.errata);
/** Collections with a create, a read and a delete, from plain (manufacturers) to referencing (addresses) and bulk (customers, categories). */
const PATHS = ['/customers', '/addresses', '/manufacturers', '/categories', '/order_statuses'];
const SUBJECTS = PATHS.map((p) => writable(catalogue, p)).filter((w): w is Writable => w !== undefined && groupInScope(config, w.group));

function pick(rec: Json, fields: readonly string[]): Json {
  return Object.fromEntries(Object.entries(rec).filter(([k]) => fields.includes(k)));
}

test.describe('round trip @properties', () => {
  for (const w of SUBJECTS) {
    const tags = ['@properties', `@${tagSafe(w.group)}`, `@op:${tagSafe(w.create.id)}`, `@op:${tagSafe(w.read.id)}`, '@rule:lifecycle'];
    test(`should read back what ${w.create.id} (POST ${w.path}) stored, for any valid body`, { tag: tags }, async ({ prop, kit, api }) => {
      requireWrites(kit);
      const { examples, drawn } = roundTripCases(w, await bodyOptions(kit, w, catalogue), liveShrinks);
      await prop.check(
        `a record created by POST ${w.path} reads back equal on the fields a client writes`,
        fc.asyncProperty(drawn, async (c: RoundTripCase) => {
          const before = mark(api);
          try {
            const made = await createOwn(kit, w, c.body);
            // A body its schema allows is accepted, and answered with the new record's id.
            expectRoundTrip(api, c, RULE.creates, { ...answerOf(made.exchange), id: made.id }, { exchange: made.exchange });
            const s = made.exchange.response.status;
            if (s < 200 || s >= 300 || made.id === undefined) return;
            const read = await api.call(w.read, { path: { [w.idParam]: made.id }, label: 'read back the created record' });
            const got = recordOf(read.response.json);
            expectRoundTrip(api, c, RULE.readsRecord, { ...answerOf(read), record: got }, { exchange: read, related: [made.exchange] });
            if (read.response.status !== 200) return;
            expectRoundTrip(api, c, RULE.readsBack, { sent: pick(sentRecord(w, c.body), w.comparable), got }, { exchange: read, related: [made.exchange] });
          } finally {
            await cleanupSince(api, before);
          }
        }),
        { ...RUNS.focused, examples },
      );
    });
  }
});
