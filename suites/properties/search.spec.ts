// Search, by q and by search (the facts: the guide says q, the description says search; both
// must work):
// - over every list of the loaded spec that declares them, for any keyword cut from the records'
//   own values with its letters' case changed at random (or any short text), every hit contains
//   the keyword case-insensitively in a first-level string or number field, and every record that
//   does is a hit; every run tries first, by each name, a keyword of each class the values allow
//   (digits, a piece of a word, a whole value, that value in other case: keywordExamples);
// - on collections the run may write to, a record created with a unique keyword (ASCII run token
//   plus letters of several scripts) is found by that keyword in any mix of upper and lower case.
// "Contains" folds case with full Unicode rules; a hit is also accepted when it only matches with
// accents folded away (MySQL _ci collations do that), or in a nested value (an e-mail by its
// sender's address), so a merely generous search is no failure.
import fc from 'fast-check';
import { absentKeyword, keywordExamples, madeByARun } from '../../src/arbitraries/index.js';
import { loadConfig } from '../../src/config/config.js';
import { groupInScope } from '../../src/config/scope.js';
import { listCollections, type ListCollection } from '../../src/properties/collections.js';
import { isObj } from '../../src/core/json.js';
import { identity } from '../../src/checks/rules/records.js';
import { matchesKeyword, searchableValues } from '../../src/checks/rules/search.js';
import { RULE } from '../../src/checks/rules/registry.js';
import type { ApiClient } from '../../src/client/api-client.js';
import { DataResolver } from '../../src/data/resolver.js';
import { liveShrinks } from '../../src/properties/runner.js';
import { catalogueFor } from '../../src/spec/cache.js';
import { expectRule } from '../../fixtures/evidence.js';
import { tagSafe } from '../contract/plan.js';
import { requireWrites } from '../../fixtures/factories/index.js';
import { test, RUNS } from './support/fixtures.js';
import { skipBecause } from '../../fixtures/outcome.js';
import { judgeStable, readList, tryList, type Listing } from './support/lists.js';
import { cleanupSince, createOwn, mark, sentRecord, setupFailed, validCreateBody, writable, type Writable } from './support/writable.js';

const config = loadConfig();
const catalogue = await catalogueFor(config.spec, config.errata);
const LISTS = listCollections(catalogue, config).filter((c) => c.declares.has('search') || c.declares.has('q'));

const keywordParams = (c: ListCollection) => (['search', 'q'] as const).filter((p) => c.declares.has(p));

/**
 * Letters whose upper and lower case map one to one whatever surrounds them: no ß (upper SS), no
 * dotted I, no sigma (Σ lower-cases to ς at the end of a word, to σ inside one).
 */
const CASED = [...'abcdefghijklmnopqrstuvwxyzàáâãäåæçèéêëìíîïðñòóôõöøùúûüýþαβγδεζηθικλμνξοπρτυφχψωабвгдежзийклмнопрстуфхцчшщъыьэюя'];

/** The text with each letter's case chosen by the mask (cycled). */
function recase(text: string, mask: readonly boolean[]): string {
  let i = 0;
  return [...text].map((ch) => (mask.length && mask[i++ % mask.length] ? ch.toUpperCase() : ch.toLowerCase())).join('');
}

const maskArb = fc.array(fc.boolean(), { minLength: 1, maxLength: 12 });

/** What a user types: a letter or digit in it, and no space at either end (shops trim search input). */
const typed = (kw: string): boolean => kw.trim() === kw && /[\p{L}\p{N}]/u.test(kw);

/** Keywords: a piece of a value the records hold, recased; or any short text. */
function keywordArb(values: readonly string[]): fc.Arbitrary<string> {
  const any = fc.string({ minLength: 1, maxLength: 4 }).filter(typed);
  const usable = values.filter((v) => v.trim() !== '');
  if (!usable.length) return any;
  const piece = fc
    .constantFrom(...usable)
    .chain((v) => {
      const chars = [...v];
      return fc.integer({ min: 0, max: chars.length - 1 }).chain((start) => fc.integer({ min: 1, max: Math.min(8, chars.length - start) }).map((len) => chars.slice(start, start + len).join('')));
    })
    .filter(typed)
    .chain((kw) => maskArb.map((m) => recase(kw, m)));
  return fc.oneof({ weight: 4, arbitrary: piece }, { weight: 1, arbitrary: any });
}

/** The record behind a list item, read by its id (GET /x/{id}); undefined when it cannot be read. */
async function wholeRecord(api: ApiClient, c: ListCollection, item: unknown): Promise<unknown> {
  const read = c.read;
  const id = isObj(item) ? item.id : undefined;
  const param = read ? /\{([^}]+)\}$/.exec(read.path)?.[1] : undefined;
  if (!read || !param || (typeof id !== 'number' && typeof id !== 'string')) return undefined;
  const ex = await api.call(read, { path: { [param]: String(id) }, label: `record ${String(id)} whole, to see every first-level field` });
  if (ex.response.status !== 200) return undefined;
  const body = ex.response.json;
  return Array.isArray(body) ? (body as unknown[])[0] : body;
}

test.describe('search @properties', () => {
  for (const c of LISTS) {
    const params = keywordParams(c);
    const tags = ['@properties', `@${tagSafe(c.group)}`, `@op:${tagSafe(c.list.id)}`, '@rule:search', '@readonly'];
    test(`should find by ${params.join(' and ')} on ${c.list.id} (GET ${c.path}) exactly the records containing the keyword in any case`, { tag: tags }, async ({ prop, api, session, validators }) => {
      let all = await tryList(api, c.list);
      if (typeof all === 'string') skipBecause(all);
      // A record is the run's when any of its values is (its dates and numbers are the run's too:
      // GX 4.8 found a keyword "18:08" in one run only, from the time a run record was made).
      const ownOfShop = (l: Listing) => l.items.filter((r) => !searchableValues(r).some(madeByARun));
      // A list without records of the shop's own holds only what other tests made and have not
      // deleted yet, so whether it was empty (Skip) or not (judged) depended on test order (issue
      // 20: GX 4.8's category images, 3 runs of 4). Where the profile writes, the test puts a
      // member of its own there first (deleted when the test ends).
      if (!ownOfShop(all).length && config.profile !== 'readonly') {
        const resolver = new DataResolver({ client: api, validators, uniq: session.uniq, runId: config.runId });
        const own = await resolver.ownMember(c.path);
        if (own.ok) all = await readList(api, c.list, {}, 'search', 'the list with a member of this test');
      }
      if (all.items.length < 1) skipBecause(`GET ${c.path} lists no record to search`);
      const values = [...new Set(all.items.flatMap(searchableValues))].slice(0, 500);
      // Every class of keyword, by each name, whatever the seed: chosen from all the
      // values of the shop's own records (not those other tests of the run make and delete
      // meanwhile), not the first 500 in the order the list answered, so an unchanged shop gives
      // the same keywords every run.
      const shopOwn = ownOfShop(all);
      const classes = keywordExamples(shopOwn.flatMap(searchableValues));
      // A keyword no record holds, which must find nothing, is a class of every list: it is the only
      // one that shows a search ignored where every record holds the other classes' keywords (GX
      // 3.2's one category icon: only a drawn "q" showed it, in some seeds), and the only stable one
      // of a list of only the run's own records.
      const absent = absentKeyword(all.items.flatMap(searchableValues));
      // Every class by the first name; by the other (an alias: the description says search, the
      // guide q) the whole value, that it works at all: every class twice cost GX 4.8's standard
      // run about 70 requests of its 4,000.
      const examples = [
        ...params.flatMap((p, i) => classes.filter((k) => i === 0 || k.kind === 'whole').map((k) => [p, k.keyword])),
        ...(absent && params[0] ? [[params[0], absent]] : []),
      ];
      // Which records contain the keyword is judged on the unpaged list the previous run agreed
      // with (the first run: the read above), read before the search: a record missing from the
      // hits counts only if it was listed alike before the search and still is in the list judged
      // (read again before any verdict, judgeStable), so a record another writer created or
      // changed meanwhile is no verdict on the search (the next run judges it).
      let snapshot: Listing = all;
      await prop.check(
        `GET ${c.path}?${params.join('|')}=… finds exactly the records that contain the keyword`,
        fc.asyncProperty(fc.constantFrom(...params), keywordArb(values), async (param, kw) => {
          const hits = await readList(api, c.list, { [param]: kw }, 'search', `${param}=${kw}`);
          // A list may answer a reduced view of each record (categories); the search is over the
          // record's own first-level fields, so a listed record is judged by its whole self (a
          // few reads at most: beyond that, the listed fields decide).
          let stray: unknown;
          let reads = 0;
          // Judged on the shop's own records, whose values are the same every run: a run record's
          // values carry counters that differ with test order (GX 4.8's e-mails, "5" in
          // one run's counter and not the other's). A keyword no record holds (a list of only run
          // records) makes every hit a stray, whoever made it.
          const judged = (r: unknown): boolean => kw === absent || !searchableValues(r).some(madeByARun);
          for (const candidate of hits.items.filter((h) => judged(h) && !matchesKeyword(h, kw, true))) {
            if (c.read && reads < 3) {
              reads++;
              const whole = await wholeRecord(api, c, candidate);
              if (whole !== undefined && matchesKeyword(whole, kw, true)) continue;
            }
            stray = candidate;
            break;
          }
          if (stray !== undefined) {
            // A shop that honours the other name conforms (the description says search, the guide q).
            const other = params.find((p) => p !== param);
            const alt = other ? await readList(api, c.list, { [other]: kw }, 'search', `${other}=${kw}, the other name`) : undefined;
            const otherHonours = alt !== undefined && alt.items.every((h) => matchesKeyword(h, kw, true));
            expectRule(api, RULE.searchOnlyMatching, { param, keyword: kw, hits: [stray], otherHonours }, { exchange: hits.exchange });
            return;
          }
          const before = new Map(snapshot.items.map((r) => [identity(r), JSON.stringify(r)]));
          snapshot = await judgeStable(api, c.list, {}, snapshot, async (list) => {
            // Records that held the keyword alike before the search and in the list judged: one
            // another writer created or changed meanwhile is no verdict on the search.
            const expected = list.items.filter((r) => judged(r) && matchesKeyword(r, kw) && before.get(identity(r)) === JSON.stringify(r)).map((r) => ({ id: identity(r), record: r }));
            expectRule(api, RULE.searchFindsAll, { param, keyword: kw, hitIds: hits.items.map(identity), expected }, { exchange: hits.exchange, related: [list.exchange] });
            return Promise.resolve();
          });
        }),
        { ...RUNS.perList, examples },
      );
    });
  }
});

/** Writable collections with a search, and the first-level text field that carries the keyword. */
const FINDABLE = ['/customers', '/manufacturers', '/addresses']
  .map((p) => writable(catalogue, p))
  .filter((w): w is Writable & { list: NonNullable<Writable['list']> } => w?.list !== undefined && (w.list.parameters.some((p) => p.in === 'query' && (p.name === 'search' || p.name === 'q'))))
  .filter((w) => groupInScope(config, w.group));

const TEXT_FIELD: Readonly<Record<string, string>> = { '/customers': 'lastname', '/manufacturers': 'name', '/addresses': 'city' };

test.describe('search finds new records @properties', () => {
  for (const w of FINDABLE) {
    const field = TEXT_FIELD[w.path] ?? 'name';
    const params = (['search', 'q'] as const).filter((p) => w.list.parameters.some((x) => x.in === 'query' && x.name === p));
    const tags = ['@properties', `@${tagSafe(w.group)}`, `@op:${tagSafe(w.list.id)}`, `@op:${tagSafe(w.create.id)}`, '@rule:search'];
    test(`should find a record created by ${w.create.id} (POST ${w.path}) by its unique keyword in any case`, { tag: tags }, async ({ prop, kit, api }) => {
      requireWrites(kit);
      // The body only carries the keyword: no long strings, and no shrinking spent on it.
      const bodies = fc.noShrink(await validCreateBody(kit, w, catalogue, { longStrings: false, tagOnly: true }));
      const word = fc.string({ unit: fc.constantFrom(...CASED), minLength: 3, maxLength: 8 });
      await prop.check(
        `a record whose ${field} holds a unique keyword is found by ${params.join('|')} in any case`,
        fc.asyncProperty(liveShrinks(fc.tuple(bodies, word, maskArb, fc.constantFrom(...params))), async ([body, letters, mask, param]) => {
          const value = `${kit.token()}${letters}`;
          const record = { ...sentRecord(w, body), [field]: value };
          const sent = w.bulk ? [record] : record;
          const before = mark(api);
          try {
            const made = await createOwn(kit, w, sent);
            const s = made.exchange.response.status;
            if (s < 200 || s >= 300 || made.id === undefined) {
              setupFailed(api, w, made, `creating the record to search for (POST ${w.path})`);
            }
            const exact = await readList(api, w.list, { [param]: value }, 'search', `${param}=${value}`);
            const expected = [{ id: made.id, record }];
            expectRule(api, RULE.searchFindsAll, { param, keyword: value, hitIds: exact.items.map(identity), expected }, { exchange: exact.exchange, related: [made.exchange] });
            // In another case: both shops find it, the vendor does not describe it (an advisory).
            const kw = recase(value, mask);
            const hits = kw === value ? exact : await readList(api, w.list, { [param]: kw }, 'search', `${param}=${kw}`);
            if (kw !== value) expectRule(api, RULE.searchFindsAll, { param, keyword: kw, hitIds: hits.items.map(identity), expected, recased: true }, { exchange: hits.exchange, related: [made.exchange] });
          } finally {
            await cleanupSince(api, before);
          }
        }),
        RUNS.light,
      );
    });
  }
});
