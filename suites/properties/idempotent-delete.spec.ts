// Idempotent delete: for every collection whose single-record DELETE the spec marks
// x-idempotent-delete, deleting an own record (any valid create body) any number of times from 1
// to 3 always succeeds, and afterwards the record reads as gone. Only records this run created
// are ever deleted: the write guard refuses anything else.
import fc from 'fast-check';
import { loadConfig } from '../../src/config/config.js';
import { groupInScope } from '../../src/config/scope.js';
import { catalogueFor } from '../../src/spec/cache.js';
import { expectRule } from '../../fixtures/evidence.js';
import { answerOf } from '../../fixtures/requests.js';
import { RULE } from '../../src/checks/rules/registry.js';
import type { Exchange } from '../../src/core/exchange.js';
import { tagSafe } from '../contract/plan.js';
import { requireWrites } from '../../fixtures/factories/index.js';
import { test, RUNS } from './support/fixtures.js';
import { cleanupSince, createOwn, mark, setupFailed, validCreateBody, writable, type Writable } from './support/writable.js';

const config = loadConfig();
const catalogue = await catalogueFor(config.spec, config.errata);
const SUBJECTS = catalogue.operations
  .filter((o) => o.method === 'delete' && o.extensions['x-idempotent-delete'] === true && /^\/[^{}]+\/\{[^}/]+\}$/.test(o.path))
  .map((o) => writable(catalogue, o.path.slice(0, o.path.lastIndexOf('/'))))
  .filter((w): w is Writable => w !== undefined && groupInScope(config, w.group));

test.describe('idempotent delete @properties', () => {
  for (const w of SUBJECTS) {
    const tags = ['@properties', `@${tagSafe(w.group)}`, `@op:${tagSafe(w.remove.id)}`, `@op:${tagSafe(w.create.id)}`, '@rule:idempotent-delete'];
    test(`should succeed deleting an own record with ${w.remove.id} (DELETE ${w.path}/{id}) 1 to 3 times`, { tag: tags }, async ({ prop, kit, api }) => {
      requireWrites(kit);
      // The record is incidental: short strings, no shrinking spent on its body.
      const bodies = fc.noShrink(await validCreateBody(kit, w, catalogue, { longStrings: false, tagOnly: true }));
      await prop.check(
        `DELETE ${w.path}/{id} of an own record succeeds every time, 1 to 3 times`,
        fc.asyncProperty(bodies, fc.integer({ min: 1, max: 3 }), async (body, times) => {
          const before = mark(api);
          try {
            const made = await createOwn(kit, w, body);
            if (made.id === undefined) {
              setupFailed(api, w, made, `creating the record to delete (POST ${w.path})`);
            }
            const deletes: Exchange[] = [made.exchange];
            for (let i = 1; i <= times; i++) {
              const ex = await api.call(w.remove, { path: { [w.idParam]: made.id }, label: `delete ${i} of ${times}` });
              deletes.push(ex);
              // The first delete of an existing record is a step; every later one is the rule.
              if (i === 1) expectRule(api, RULE.answers, { ...answerOf(ex), want: 'success' }, { exchange: ex, tag: 'idempotent-delete', related: deletes });
              else expectRule(api, RULE.deleteAgain, { ...answerOf(ex), time: i }, { exchange: ex, related: deletes });
            }
            const read = await api.call(w.read, { path: { [w.idParam]: made.id }, label: 'read after the deletes' });
            expectRule(api, RULE.deletedNotRead, { status: read.response.status, times }, { exchange: read, related: deletes });
          } finally {
            await cleanupSince(api, before);
          }
        }),
        RUNS.light,
      );
    });
  }
});
