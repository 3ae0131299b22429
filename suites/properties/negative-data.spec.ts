// Negative data: for any body that breaks exactly one rule of the create schema (a wrong type, a
// missing required field, a value outside its enum or format, ...), the answer is a 4xx, nothing
// is stored and the collection keeps its size. A record the shop stored anyway is recognised by
// the run id its unique fields carry; a size change nobody can attribute to the run (another
// writer on a live shop) discards the run instead of judging it.
import fc from 'fast-check';
import { invalidBody, type InvalidSample } from '../../src/arbitraries/index.js';
import { loadConfig } from '../../src/config/config.js';
import { groupInScope } from '../../src/config/scope.js';
import { identity } from '../../src/checks/rules/records.js';
import { searchableValues } from '../../src/checks/rules/search.js';
import { liveShrinks } from '../../src/properties/runner.js';
import { catalogueFor } from '../../fixtures/catalogue.js';
import { ruleError, show } from '../../fixtures/evidence.js';
import { tagSafe } from '../contract/plan.js';
import { requireWrites, skipBecause, test, RUNS } from './support/fixtures.js';
import { readList, type Listing } from './support/lists.js';
import { bodyOptions, cleanupSince, mark, writable, type Writable } from './support/writable.js';

const config = loadConfig();
const catalogue = await catalogueFor(config.spec, config.errata);
const PATHS = ['/customers', '/addresses', '/manufacturers', '/categories', '/order_statuses'];
const SUBJECTS = PATHS.map((p) => writable(catalogue, p)).filter((w): w is Writable => w?.list !== undefined && groupInScope(config, w.group));

/** Strings of the body that carry the run id (unique fields): a stored record shows one of them. */
function runMarks(value: unknown, runId: string, out: string[] = []): string[] {
  if (typeof value === 'string' && value.includes(runId)) out.push(value);
  else if (Array.isArray(value)) for (const v of value) runMarks(v, runId, out);
  else if (typeof value === 'object' && value !== null) for (const v of Object.values(value)) runMarks(v, runId, out);
  return out;
}

test.describe('negative data @properties', () => {
  for (const w of SUBJECTS) {
    const list = w.list;
    if (!list) continue;
    const tags = ['@properties', `@${tagSafe(w.group)}`, `@op:${tagSafe(w.create.id)}`, `@op:${tagSafe(list.id)}`, '@check:negativeDataRejection'];
    test(`should refuse any body that breaks one rule of ${w.create.id} (POST ${w.path}) and store nothing`, { tag: tags }, async ({ prop, kit, api }) => {
      requireWrites(kit);
      const arb = invalidBody(w.create, await bodyOptions(kit, w, catalogue));
      if (!arb) skipBecause(`the body schema of ${w.create.id} has no rule that can be broken alone`);
      // The list a run found unchanged after its refused POST is the next run's list before: nothing
      // of this test wrote to it since (a run that stored or cleaned up something reads it again).
      let unchanged: Listing | undefined;
      await prop.check(
        `POST ${w.path} refuses bodies that break one rule, and the collection keeps its size`,
        fc.asyncProperty(liveShrinks(arb), async (sample: InvalidSample) => {
          const before = unchanged ?? (await readList(api, list, {}, 'negative-data', 'the list before'));
          unchanged = undefined;
          const own = mark(api);
          try {
            const ex = await api.call(w.create, { body: sample.value, intent: 'negative', label: `breaks ${sample.violation.keyword}: ${sample.violation.description}` });
            const s = ex.response.status;
            if (s < 400 || s >= 500) {
              throw ruleError(api, {
                rule: 'negative-data',
                title: `POST ${w.path} should refuse a body that breaks "${sample.violation.keyword}" at ${sample.violation.path || '/'} with a 4xx`,
                message: `got ${s || ex.response.transportError || 'no answer'}; the body breaks: ${sample.violation.description}`,
                exchange: ex,
              });
            }
            const after = await readList(api, list, {}, 'negative-data', 'the list after');
            if (after.items.length === before.items.length) {
              if (!api.openRecords().some((r) => !own.has(r))) unchanged = after;
              return;
            }
            const known = new Set(before.items.map(identity));
            const fresh = after.items.filter((r) => !known.has(identity(r)));
            const marks = runMarks(sample.value, kit.runId);
            const ours = fresh.filter((r) => searchableValues(r).some((v) => marks.includes(v)));
            if (ours.length) {
              throw ruleError(api, {
                rule: 'negative-data',
                title: `POST ${w.path} answered ${s} but should have stored nothing`,
                message: `the list grew from ${before.items.length} to ${after.items.length}; the refused body is stored as ${show(ours.map(identity))}: ${show(ours[0])}\nthe body breaks: ${sample.violation.description}`,
                exchange: after.exchange,
                related: [before.exchange, ex],
              });
            }
            // The size changed, but not by anything this run sent: another writer. No verdict.
            fc.pre(false);
          } finally {
            await cleanupSince(api, own);
          }
        }),
        RUNS.focused,
      );
    });
  }
});

