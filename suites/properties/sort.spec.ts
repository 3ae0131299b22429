// Sort, over every list of the loaded spec that declares sort: for all the record's sortable
// (scalar, first-level) fields at once, then any one or two keys drawn from them, in any direction, the answer is ordered by
// the facts' rules (strings in UTF-8 byte order, numbers numerically; src/checks/rules/sort.ts),
// and flipping every direction reverses the order of the records whose keys are distinct. One
// answer is judged on its own, so other writers cannot disturb the verdict; the reversal only
// compares records both answers hold with the same values.
import fc from 'fast-check';
import { sortArb, sortKeyGroups } from '../../src/arbitraries/index.js';
import type { Operation } from '../../src/spec/types.js';
import type { ApiClient } from '../../src/client/api-client.js';
import { loadConfig } from '../../src/config/config.js';
import { collectionsWith, listCollections } from '../../src/properties/collections.js';
import { collationKey, orderedUnder, parseSortKeys, sortProblem, type Collation, type SortKey } from '../../src/checks/rules/sort.js';
import { identity } from '../../src/checks/rules/records.js';
import { catalogueFor } from '../../src/spec/cache.js';
import { expectRule, ruleError } from '../../fixtures/evidence.js';
import { tagSafe } from '../contract/plan.js';
import { skipBecause, test, RUNS } from './support/fixtures.js';
import { readList, tryList, type Listing } from './support/lists.js';

const config = loadConfig();
const catalogue = await catalogueFor(config.spec, config.errata);
const LISTS = collectionsWith(listCollections(catalogue, config), 'sort').filter((c) => c.fields.sortable.length > 0);

/** How many keys the list's sort parameter takes at once (its maxItems; the guide says five). */
function maxSortKeys(list: Operation): number {
  const max = list.parameters.find((p) => p.name === 'sort' && p.in === 'query')?.schema.maxItems;
  return typeof max === 'number' && max > 0 ? max : 5;
}

const flipKeys = (keys: readonly SortKey[]): SortKey[] => keys.map((k) => ({ ...k, desc: !k.desc }));
const flip = (keys: readonly string[]) => keys.map((k) => `${k.startsWith('-') ? '+' : '-'}${k.slice(1)}`);

function keyTuple(rec: unknown, keys: readonly SortKey[], collation: Collation): string {
  return JSON.stringify(keys.map((k) => collationKey(typeof rec === 'object' && rec !== null ? ((rec as Record<string, unknown>)[k.field] ?? null) : null, collation)));
}

/**
 * Identities of the records whose key values occur once in each list, with the same values in
 * both, in `items` order. Values are seen through the collation the answers are ordered by: two
 * values it ranks equal are ties, which may come in any order.
 */
function distinctOrder(items: readonly unknown[], other: readonly unknown[], keys: readonly SortKey[], collation: Collation): string[] {
  const tuple = (r: unknown) => keyTuple(r, keys, collation);
  const counts = (list: readonly unknown[]) => {
    const m = new Map<string, number>();
    for (const r of list) m.set(tuple(r), (m.get(tuple(r)) ?? 0) + 1);
    return m;
  };
  const [here, there] = [counts(items), counts(other)];
  const otherById = new Map(other.map((r) => [identity(r), tuple(r)]));
  return items.filter((r) => here.get(tuple(r)) === 1 && there.get(tuple(r)) === 1 && otherById.get(identity(r)) === tuple(r)).map(identity);
}

function assertOrdered(api: ApiClient, got: Listing, sort: readonly string[]): void {
  const keys = parseSortKeys(sort);
  const bad = sortProblem(got.items, keys);
  if (bad === undefined) return;
  const [a, b] = [got.items[bad.index - 1], got.items[bad.index]];
  // A described problem throws; an advisory (byte order only) is recorded and the run goes on.
  expectRule(false, api, {
    basis: bad.basis,
    rule: 'sort',
    title: `sort=${sort.join(',')} should order the records by ${keys.map((k) => `${k.field} ${k.desc ? 'descending' : 'ascending'}`).join(', then ')} (strings in byte order)`,
    message: `${bad.message}: records ${identity(a)} and ${identity(b)}`,
    exchange: got.exchange,
  });
}

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
          const keys = parseSortKeys(sort);
          const got = await readList(api, c.list, { sort }, 'sort', `sort=${sort.join(',')}`);
          assertOrdered(api, got, sort);
          const reversed = await readList(api, c.list, { sort: flip(sort) }, 'sort', `sort=${flip(sort).join(',')} (every direction flipped)`);
          assertOrdered(api, reversed, flip(sort));
          // Judged through the collation both answers are ordered by (string order is not described).
          const collation = orderedUnder(got.items, keys) === 'bytes' && orderedUnder(reversed.items, flipKeys(keys)) === 'bytes' ? 'bytes' : 'folded';
          const forward = distinctOrder(got.items, reversed.items, keys, collation);
          const backward = distinctOrder(reversed.items, got.items, keys, collation);
          if (forward.join(',') !== [...backward].reverse().join(',')) {
            throw ruleError(api, {
              rule: 'sort',
              title: `sort=${flip(sort).join(',')} should list the records with distinct keys in the reverse order of sort=${sort.join(',')}`,
              message: `sort=${sort.join(',')}: [${forward.join(', ')}]\nsort=${flip(sort).join(',')}: [${backward.join(', ')}]`,
              exchange: reversed.exchange,
              related: [got.exchange],
            });
          }
        }),
        // Every sortable key, whatever the seed: cases that sort by all of them, as many keys at a
        // time as the parameter allows (a shop that refuses a key with a 500, as GX 4.8 does for
        // isGuest and zoneId, fails the case that holds it, by name).
        { ...RUNS.perList, examples: sortKeyGroups(c.fields.sortable, maxSortKeys(c.list)).map((keys) => [keys]) },
      );
    });
  }
});
