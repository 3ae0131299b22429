// Filters: `type` (customers: guest | registree) and `state` (e-mails: pending | sent) partition
// their collections. For any base query (none, a sort, a search keyword cut from the records),
// the answers for each value of the filter are disjoint, together they are the unfiltered answer
// to the same base query, and each record is in the part its own field says (isGuest,
// isPending). Verdicts rest on a collection that held still (suites/properties/support/lists.ts).
import fc from 'fast-check';
import { sortArb } from '../../src/arbitraries/index.js';
import { loadConfig } from '../../src/config/config.js';
import { listCollections, type ListCollection } from '../../src/properties/collections.js';
import { searchableValues } from '../../src/checks/rules/search.js';
import { FILTER_WITH_SEARCH, FILTERS } from '../../src/checks/rules/filters.js';
import { RULE } from '../../src/checks/rules/registry.js';
import { catalogueFor } from '../../src/spec/cache.js';
import { expectRule } from '../../fixtures/evidence.js';
import type { Exchange } from '../../src/core/exchange.js';
import { tagSafe } from '../contract/plan.js';
import { test, RUNS } from './support/fixtures.js';
import { skipBecause } from '../../fixtures/outcome.js';
import { judgeStable, readList, tryList } from './support/lists.js';

const config = loadConfig();

const catalogue = await catalogueFor(config.spec, config.errata);


interface Subject {
  c: ListCollection;
  param: string;
  rule: string;
  field: string;
  values: string[];
}

const SUBJECTS: Subject[] = listCollections(catalogue, config).flatMap((c) =>
  Object.entries(FILTERS).flatMap(([param, f]) => {
    const p = c.list.parameters.find((x) => x.in === 'query' && x.name === param);
    const values = Array.isArray(p?.schema.enum) ? p.schema.enum.filter((v): v is string => typeof v === 'string') : [];
    return values.length >= 2 ? [{ c, param, rule: f.rule, field: f.field, values }] : [];
  }),
);

test.describe('filters @properties', () => {
  for (const s of SUBJECTS) {
    const { c } = s;
    const tags = ['@properties', `@${tagSafe(c.group)}`, `@op:${tagSafe(c.list.id)}`, `@rule:${s.rule}`, '@readonly'];
    test(`should partition ${c.list.id} (GET ${c.path}) by ${s.param}=${s.values.join('|')} under any base query`, { tag: tags }, async ({ prop, api }) => {
      const all = await tryList(api, c.list);
      if (typeof all === 'string') skipBecause(all);
      const pieces = [...new Set(all.items.flatMap(searchableValues).map((v) => v.slice(0, 3)).filter((v) => v.trim() !== ''))];
      const base = fc.record(
        {
          sort: c.declares.has('sort') && c.fields.sortable.length ? sortArb(c.fields.sortable, 2) : fc.constant(undefined),
          search: c.declares.has('search') && pieces.length ? fc.constantFrom(...pieces) : fc.constant(undefined),
        },
        { requiredKeys: [] },
      );
      await prop.check(
        `the ${s.param} values split GET ${c.path} into disjoint parts that make up the whole`,
        fc.asyncProperty(base, async (query) => {
          const q: Record<string, unknown> = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined));
          // The base query is not this rule's to judge (a sort or a search the target fails on is
          // judged by the sort and search properties): without an answer to it, the run says nothing.
          const whole = await tryList(api, c.list, q);
          if (typeof whole === 'string') return fc.pre(false);
          // The filter with a search on top is not described as combining (FILTER_WITH_SEARCH): advisories.
          const basis = q.search !== undefined ? FILTER_WITH_SEARCH : undefined;
          await judgeStable(api, c.list, q, whole, async (snapshot) => {
            const parts: unknown[] = [];
            const exchanges: Exchange[] = [];
            for (const value of s.values) {
              const part = await readList(api, c.list, { ...q, [s.param]: value }, s.rule, `${s.param}=${value}`);
              exchanges.push(part.exchange);
              expectRule(api, RULE.filterMatches, { param: s.param, value, items: part.items }, { exchange: part.exchange, tag: s.rule, basis });
              parts.push(...part.items);
            }
            expectRule(api, RULE.filterPartition, { param: s.param, values: s.values, whole: snapshot.items, parts }, { exchange: exchanges[exchanges.length - 1], related: [snapshot.exchange, ...exchanges], tag: s.rule, basis });
          });
        }),
        RUNS.focused,
      );
    });
  }
});
