// The target's own formats, learnt from a few of its records: the keys of its multi-language
// objects and the languages it lists, how it writes dates, its currency, language and country codes
// (src/spec/shop-facts.ts says what each record teaches). The bodies the harness sends write them
// so (src/data/bodies.ts). Learnt once per worker's session (src/client/session-store.ts).
import type { ApiClient } from '../client/api-client.js';
import type { StoreKey } from '../client/session-store.js';
import { dateKind, declaredFields, hasMultiLang, isCurrencyField, isLangKey, isLanguageCodeField } from '../spec/fields.js';
import { firstSegment } from '../spec/nouns.js';
import { getAt, singleReadOf, singleReadOfKind, singleReadPath, successSchema, topLists, topListsOf } from '../spec/record-ops.js';
import { DEFAULT_FACTS, learnFacts, type ShopFacts } from '../spec/shop-facts.js';
import type { Operation } from '../spec/types.js';
import { shopReferences } from './references.js';
import { TargetReads } from './target-reads.js';

interface Learnt {
  facts?: Promise<ShopFacts>;
  /** The facts refined by the records of the collections a body goes to, by those collections. */
  beside: Map<string, Promise<ShopFacts>>;
}

const LEARNT: StoreKey<Learnt> = { name: "the shop's formats", create: () => ({ beside: new Map() }) };

export class ShopFormats {
  private readonly learnt: Learnt;
  private readonly reads: TargetReads;

  constructor(private readonly client: ApiClient) {
    this.learnt = client.store.get(LEARNT);
    this.reads = new TargetReads(client);
  }

  private get ops(): readonly Operation[] {
    return this.client.catalogue.operations;
  }

  /**
   * The shop's formats, learnt from a few of its own records (once per worker's session):
   * collections whose records hold multi-language objects and dates come first.
   */
  facts(): Promise<ShopFacts> {
    this.learnt.facts ??= this.learn();
    return this.learnt.facts;
  }

  /**
   * The shop's facts, refined by the records of the collections a body goes to (how the shop writes
   * a withdrawal's `withdrawalDate` is best seen on its withdrawals).
   */
  async factsFor(context: readonly string[]): Promise<ShopFacts> {
    const base = await this.facts();
    const key = [...new Set(context)].sort().join(' ');
    if (!key) return base;
    let hit = this.learnt.beside.get(key);
    if (!hit) {
      hit = (async () => {
        let facts = base;
        for (const path of [...new Set(context.map((p) => `/${firstSegment(p)}`))]) {
          const list = getAt(this.ops, path);
          if (!list) continue;
          const recs = await this.reads.firstRecords(list, singleReadOf(this.ops, list));
          // This collection's own way of writing its fields wins over what other records showed.
          if (recs.length) facts = learnFacts(recs.map((r) => r.record), { ...facts, dateFields: {} }, [...new Set(recs.map((r) => r.path))]);
          facts = { ...facts, dateFields: { ...base.dateFields, ...facts.dateFields } };
        }
        return facts;
      })();
      this.learnt.beside.set(key, hit);
    }
    return hit;
  }

  private async learn(): Promise<ShopFacts> {
    const score = (l: Operation): number => {
      const single = singleReadOf(this.ops, l);
      const schema = successSchema(single ?? l);
      const fields = declaredFields(schema);
      return (hasMultiLang(schema) ? 4 : 0) + ([...fields].some((f) => dateKind(f)) ? 2 : 0) + ([...fields].some((f) => isCurrencyField(f) || isLanguageCodeField(f)) ? 1 : 0) + (single ? 1 : 0);
    };
    const ranked = topLists(this.ops).map((l) => ({ l, s: score(l) })).filter((x) => x.s > 1).sort((a, b) => b.s - a.s).map((x) => x.l);
    // The languages the shop lists (GET /languages): localised texts are written in every one of
    // them. A shop without such a list keeps the keys its records show (below).
    let facts: ShopFacts = { ...DEFAULT_FACTS, languages: await this.listedLanguages() };
    let read = 0;
    for (const list of ranked) {
      if (read >= 3 && facts.languages.length > 0) break;
      if (read >= 6) break;
      const recs = await this.reads.firstRecords(list, singleReadOf(this.ops, list));
      if (!recs.length) continue;
      read++;
      facts = learnFacts(recs.map((r) => r.record), facts, [...new Set(recs.map((r) => r.path))]);
    }
    // The country the addresses will use (read with its zone from a record that holds both, as the
    // factories read it; the first country a list shows may be one the shop does not sell to), with
    // its codes and name.
    const country = (await shopReferences(this.client).lookupTogether(['countryId', 'zoneId'])).countryId ?? { ok: false, reason: 'nothing read for countryId' };
    if (country.ok && typeof country.value === 'number' && country.value > 0) {
      const one = singleReadOfKind(this.ops, 'country');
      if (one) {
        const path = singleReadPath(one, String(country.value));
        const r = await this.reads.get(path);
        if (r.status >= 200 && r.status < 300) facts = learnFacts([r.json], { ...facts, country: DEFAULT_FACTS.country }, [path]);
      }
      facts = { ...facts, country: { ...facts.country, id: country.value } };
    }
    return facts;
  }

  /** The codes of the languages the target lists (a parameterless list of `language` records with a `code`), lower case. */
  private async listedLanguages(): Promise<string[]> {
    const out: string[] = [];
    for (const list of topListsOf(this.ops, 'language')) {
      for (const item of await this.reads.items(list.path)) {
        const code = typeof item.code === 'string' ? item.code.toLowerCase() : '';
        if (isLangKey(code) && !out.includes(code)) out.push(code);
      }
    }
    return out;
  }
}

/** The target's formats for this client (learnt once per worker's session). */
export function shopFormats(client: ApiClient): ShopFormats {
  return new ShopFormats(client);
}
