// Sort, over every list of the loaded spec that declares sort: for all the record's sortable
// (scalar, first-level) fields at once, then any one or two keys drawn from them, in any
// direction, the answer is ordered by the facts' rules and flipping every direction reverses it:
// the sort-order rule the list rule tests judge (src/checks/rules/sort.ts: strings in byte order or,
// an advisory, another usual collation; numbers numerically). Each pair of answers is judged on
// its own, so other writers cannot disturb the verdict.
import fc from 'fast-check';
import { sortArb, sortKeyGroups } from '../../src/arbitraries/index.js';
import type { Operation } from '../../src/spec/types.js';
import { loadConfig } from '../../src/config/config.js';
import { collectionsWith, listCollections } from '../../src/properties/collections.js';
import { RULE } from '../../src/checks/rules/registry.js';
import { catalogueFor } from '../../src/spec/cache.js';
import { expectRule } from '../../fixtures/evidence.js';
import { tagSafe } from '../contract/plan.js';
import { test, RUNS } from './support/fixtures.js';
import { skipBecause } from '../../fixtures/outcome.js';
import { readList, tryList } from './support/lists.js';

const config = loadConfig();
const catalogue = await catalogueFor(config.spec, config.errata);
const LISTS = collectionsWith(listCollections(catalogue, config), 'sort').filter((c) => c.fields.sortable.length > 0);

/** How many keys the list's sort parameter takes at once (its maxItems; the guide says five). */
function maxSortKeys(list: Operation): number {
  const max = list.parameters.find((p) => p.name === 'sort' && p.in === 'query')?.schema.maxItems;
  return typeof max === 'number' && max > 0 ? max : 5;
}

const flip = (keys: readonly string[]) => keys.map((k) => `${k.startsWith('-') ? '+' : '-'}${k.slice(1)}`);

test.describe('sort @properties', () => {
  for (const c of LISTS) {
    const tags = ['@properties', `@${tagSafe(c.group)}`, `@op:${tagSafe(c.list.id)}`, '@rule:sort', '@readonly'];
    test(`should order ${c.list.id} (GET ${c.path}) by any one or two sort keys, and reverse it with the directions flipped`, { tag: tags }, async ({ prop, api }) => {
      const all = await tryList(api, c.list);
      if (typeof all === 'string') skipBecause(all);
      if (all.items.length < 2) skipBecause(`GET ${c.path} lists ${all.items.length} record(s); sorting needs at least 2`);
      await prop.check(
        `GET ${c.path}?sort=… answers in the order of its keys`,
        fc.asyncProperty(sortArb(c.fields.sortable, 2), async (sort) => {
          // A described problem throws; an advisory (byte order only) is recorded and the run goes on.
          const got = await readList(api, c.list, { sort }, 'sort', `sort=${sort.join(',')}`);
          expectRule(api, RULE.sortOrder, { sort, items: got.items }, { exchange: got.exchange });
          const reversed = await readList(api, c.list, { sort: flip(sort) }, 'sort', `sort=${flip(sort).join(',')} (every direction flipped)`);
          expectRule(api, RULE.sortOrder, { sort, items: got.items, flipped: reversed.items, forwardJudged: true }, { exchange: reversed.exchange, related: [got.exchange] });
        }),
        // Every sortable key, whatever the seed: cases that sort by all of them, as many keys at a
        // time as the parameter allows (a shop that refuses a key with a 500, as GX 4.8 does for
        // isGuest and zoneId, fails the case that holds it, by name).
        { ...RUNS.perList, examples: sortKeyGroups(c.fields.sortable, maxSortKeys(c.list)).map((keys) => [keys]) },
      );
    });
  }
});
