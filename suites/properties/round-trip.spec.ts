// Round trip: for any valid create body (strings with Unicode, empty and 256+ characters,
// optional fields in any subset, reference ids pinned to records of the target), the created
// record read back equals the body on every field a client writes and the single read answers.
// Each run deletes its record again; the ledger has it from the moment the create answers.
import fc from 'fast-check';
import { loadConfig } from '../../src/config/config.js';
import { groupInScope } from '../../src/config/scope.js';
import { liveShrinks } from '../../src/properties/runner.js';
import { catalogueFor } from '../../fixtures/catalogue.js';
import { ruleError } from '../../fixtures/evidence.js';
import { tagSafe } from '../contract/plan.js';
import { requireWrites, test, RUNS } from './support/fixtures.js';
import { cleanupSince, createOwn, echoDifferences, mark, recordOf, sentRecord, validCreateBody, writable, type Json, type Writable } from './support/writable.js';

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
      const bodies = liveShrinks(await validCreateBody(kit, w, catalogue));
      await prop.check(
        `a record created by POST ${w.path} reads back equal on the fields a client writes`,
        fc.asyncProperty(bodies, async (body) => {
          const before = mark(api);
          try {
            const made = await createOwn(kit, w, body);
            const s = made.exchange.response.status;
            if (s < 200 || s >= 300 || made.id === undefined) {
              throw ruleError(api, {
                rule: 'lifecycle',
                title: `POST ${w.path} should accept a body its schema allows and answer the new record's id`,
                message: `got ${s || made.exchange.response.transportError || 'no answer'}${made.id === undefined && s < 300 ? ' without an id the harness could read' : ''}`,
                exchange: made.exchange,
              });
            }
            const read = await api.call(w.read, { path: { [w.idParam]: made.id }, label: 'read back the created record' });
            const got = recordOf(read.response.json);
            const sent = pick(sentRecord(w, body), w.comparable);
            const diffs = read.response.status === 200 ? echoDifferences(sent, got) : [`GET answered ${read.response.status}`];
            if (diffs.length) {
              throw ruleError(api, {
                rule: 'lifecycle',
                title: `GET ${w.path}/${made.id} should answer what POST ${w.path} was given`,
                message: diffs.slice(0, 10).join('\n') + (diffs.length > 10 ? `\n… ${diffs.length - 10} more` : ''),
                exchange: read,
                related: [made.exchange],
              });
            }
          } finally {
            await cleanupSince(api, before);
          }
        }),
        RUNS.focused,
      );
    });
  }
});
