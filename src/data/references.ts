// What a body must take from the target instead of making it up: the ids of reference fields
// (`taxClassId`, `countryId`, `statusId` ...) and the target's own formats (the keys of its
// multi-language objects, how it writes dates, its currency, language and country codes).
//
// A reference id is allowed when it was read from the target, in this order:
//   1. a list of records of that kind (`GET /tax_classes`, or `GET /order_statuses` for the
//      `statusId` of an order);
//   2. a field of the same name in records the target shows (the `taxClassId` of an existing
//      product, the `countryId` of an existing address), confirmed by a single read of the record
//      where the spec has one and the target implements it (`GET /countries/{id}`). A 0 the target's
//      own records carry is its "none" and counts as read. Fields that name nothing specific
//      (`statusId`, `parentId`, `optionId`: no collection of that name) are only taken from records
//      of the same resource as the body, so an order never gets a customer's status.
// Fields that appear together in one record (`countryId` + `zoneId`) are taken from the same one,
// so they stay consistent. Own records (a customer for an address) are the resolver's business
// (src/data/resolver.ts); this module only reads. Nothing found is a reason, never a guess; the
// one exception is data (NONE_WHEN_UNREAD, src/spec/particulars.ts): a reference to a kind the API
// lists nowhere (an item attribute's product option) that the target shows none of is the none, 0.
import { pathMatcher, fillPath } from '../spec/catalogue.js';
import type { Operation, SpecSchema } from '../spec/types.js';
import type { ApiClient } from '../client/api-client.js';
import { collectionNoun, fieldNoun, firstSegment, kindNouns, nounsFor, pathParams } from '../spec/nouns.js';
import { dateKind, isCurrencyField, isLangKey, isLanguageCodeField, isMultiLangSchema } from '../spec/fields.js';
import { DEFAULT_FACTS, learnFacts, walk, type ShopFacts } from '../spec/shop-facts.js';
import { isSearchPath } from '../spec/operation-kinds.js';
import { NONE_WHEN_UNREAD } from '../spec/particulars.js';
import { isObj } from '../core/json.js';
import { listItems } from '../core/answers.js';
import { notImplementedReason } from '../checks/rules/not-implemented.js';

type Json = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------
// Schemas of answers: which reads show which fields.

/** Property names a schema declares, at any depth (items, allOf, nested objects). */
export function declaredFields(schema: unknown, out = new Set<string>(), depth = 0): Set<string> {
  if (!isObj(schema) || depth > 6) return out;
  for (const k of ['items', 'additionalProperties']) if (isObj(schema[k])) declaredFields(schema[k], out, depth + 1);
  for (const k of ['allOf', 'anyOf', 'oneOf']) if (Array.isArray(schema[k])) for (const s of schema[k] as unknown[]) declaredFields(s, out, depth + 1);
  if (isObj(schema.properties)) {
    for (const [k, s] of Object.entries(schema.properties)) {
      out.add(k);
      declaredFields(s, out, depth + 1);
    }
  }
  return out;
}

function successSchema(op: Operation): SpecSchema | undefined {
  return op.responses.find((r) => /^2\d\d$/.test(r.status) && r.schema !== undefined)?.schema;
}

/** Fields an operation's success answer declares, once per operation: every body lookup asks for each read. */
const fieldsByOp = new WeakMap<Operation, Set<string>>();
function shownFieldsOf(op: Operation): Set<string> {
  let fields = fieldsByOp.get(op);
  if (!fields) {
    fields = declaredFields(successSchema(op));
    fieldsByOp.set(op, fields);
  }
  return fields;
}

function hasMultiLang(schema: unknown, depth = 0): boolean {
  if (!isObj(schema) || depth > 5) return false;
  if (isMultiLangSchema(schema)) return true;
  if (isObj(schema.items) && hasMultiLang(schema.items, depth + 1)) return true;
  if (Array.isArray(schema.allOf) && (schema.allOf as unknown[]).some((s) => hasMultiLang(s, depth + 1))) return true;
  return isObj(schema.properties) && Object.values(schema.properties).some((s) => hasMultiLang(s, depth + 1));
}


/** Reads of records: list collections (no parameter) and single reads one parameter below one. */
function readable(ops: readonly Operation[]): Operation[] {
  return ops.filter((o) => o.method === 'get' && !isSearchPath(o.path) && (pathParams(o.path) === 0 || (pathParams(o.path) === 1 && /\/\{[^}]+\}$/.test(o.path))));
}

// ---------------------------------------------------------------------------------------------
// Reading the target.

export type RefValue = number | string;

export type RefLookup = { ok: true; value: RefValue; source: string } | { ok: false; reason: string };

export interface LookupOptions {
  /** Paths of the operations whose body needs the value (their resource comes first, and decides for unspecific names). */
  context?: readonly string[];
  /**
   * Only the shop's "none" (a 0 its records carry): for kinds the harness must not borrow (a
   * customer, a product), where 0 names no record and anything else must be an own record.
   */
  noneOnly?: boolean;
}

interface Seen {
  field: string;
  value: RefValue;
  /** Shown in a record (not listed as a record of the kind). */
  shown: boolean;
  /** The object the value was in (so fields of one record can be taken together). */
  holder: Json;
  source: string;
}

interface Cache {
  gets: Map<string, Promise<{ status: number; json: unknown; text: string }>>;
  facts?: Promise<ShopFacts>;
  beside: Map<string, Promise<ShopFacts>>;
  confirmed: Map<string, Promise<boolean>>;
}

const caches = new Map<string, Cache>();

function cacheFor(client: ApiClient): Cache {
  const key = `${client.apiRoot} ${client.catalogue.info.file}`;
  let c = caches.get(key);
  if (!c) {
    c = { gets: new Map(), beside: new Map(), confirmed: new Map() };
    caches.set(key, c);
  }
  return c;
}


const toRef = (v: unknown): RefValue | undefined => {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return v;
  if (typeof v === 'string' && /^\d+$/.test(v)) return Number(v);
  return undefined;
};

function idOf(item: Json): RefValue | undefined {
  return toRef(item.id);
}


/** Per spec (its operation list), whether a noun has a collection: asked for every reference of every body. */
const collectionsBySpec = new WeakMap<readonly Operation[], Map<string, boolean>>();

/**
 * Reads (only reads) of one target, shared by every client of the worker that talks to it: list
 * and record answers are cached, so the harness asks each question once per worker.
 */
export class ShopReferences {
  private readonly cache: Cache;

  constructor(private readonly client: ApiClient) {
    this.cache = cacheFor(client);
  }

  private get ops(): readonly Operation[] {
    return this.client.catalogue.operations;
  }

  private get(path: string): Promise<{ status: number; json: unknown; text: string }> {
    let hit = this.cache.gets.get(path);
    if (!hit) {
      // A read the run knows the target lacks is not sent: the support gate would refuse it, and a
      // refusal ends the test that happened to ask (reference data is nobody's subject).
      const op = this.ops.find((o) => o.method === 'get' && pathMatcher(o.path)(path) !== undefined);
      const lacking = op ? this.client.knownUnsupported(op) : undefined;
      if (lacking) return Promise.resolve({ status: 0, json: undefined, text: lacking.reason });
      hit = this.client.send('GET', path, { intent: 'setup', noAnswer: 'return', label: 'read reference data / the shop\'s formats' }).then(
        (ex) => ({ status: ex.response.status, json: ex.response.json, text: ex.response.text }),
        // A read the support gate refuses (the target lacks the operation) or that fails: nothing to learn.
        (err: unknown) => ({ status: 0, json: undefined, text: err instanceof Error ? err.message : String(err) }),
      );
      this.cache.gets.set(path, hit);
    }
    return hit;
  }

  private async items(path: string): Promise<Json[]> {
    const r = await this.get(path);
    return r.status >= 200 && r.status < 300 ? listItems(r.json) : [];
  }

  /** A record read whole: the single read of the first record of a list (ids from the list). */
  private async firstRecords(list: Operation, single: Operation | undefined, max = 1): Promise<{ path: string; record: Json }[]> {
    const items = await this.items(list.path);
    const out: { path: string; record: Json }[] = items.slice(0, max).map((record) => ({ path: list.path, record }));
    if (!single) return out;
    const name = /\{([^}]+)\}$/.exec(single.path)?.[1] ?? '';
    for (const item of items.slice(0, max)) {
      const id = idOf(item);
      if (id === undefined) continue;
      const path = fillPath(single.path, { [name]: String(id) });
      const r = await this.get(path);
      const rec = Array.isArray(r.json) ? (r.json as unknown[]).find(isObj) : r.json;
      if (r.status >= 200 && r.status < 300 && isObj(rec)) out.push({ path, record: rec });
    }
    return out;
  }

  private singleReadOf(list: Operation): Operation | undefined {
    return this.ops.find((o) => o.method === 'get' && o.path.startsWith(`${list.path}/{`) && /^\/\{[^}/]+\}$/.test(o.path.slice(list.path.length)));
  }

  /**
   * The shop's formats, learnt from a few of its own records (cached per worker and target):
   * collections whose records hold multi-language objects and dates come first.
   */
  facts(): Promise<ShopFacts> {
    this.cache.facts ??= this.learn();
    return this.cache.facts;
  }

  /**
   * The shop's facts, refined by the records of the collections a body goes to (how the shop writes
   * a withdrawal's `withdrawalDate` is best seen on its withdrawals).
   */
  async factsFor(context: readonly string[]): Promise<ShopFacts> {
    const base = await this.facts();
    const key = [...new Set(context)].sort().join(' ');
    if (!key) return base;
    let hit = this.cache.beside.get(key);
    if (!hit) {
      hit = (async () => {
        let facts = base;
        for (const path of [...new Set(context.map((p) => `/${firstSegment(p)}`))]) {
          const list = this.ops.find((o) => o.method === 'get' && o.path === path);
          if (!list) continue;
          const recs = await this.firstRecords(list, this.singleReadOf(list));
          // This collection's own way of writing its fields wins over what other records showed.
          if (recs.length) facts = learnFacts(recs.map((r) => r.record), { ...facts, dateFields: {} }, [...new Set(recs.map((r) => r.path))]);
          facts = { ...facts, dateFields: { ...base.dateFields, ...facts.dateFields } };
        }
        return facts;
      })();
      this.cache.beside.set(key, hit);
    }
    return hit;
  }

  private async learn(): Promise<ShopFacts> {
    const lists = this.ops.filter((o) => o.method === 'get' && pathParams(o.path) === 0 && !isSearchPath(o.path));
    const score = (l: Operation): number => {
      const single = this.singleReadOf(l);
      const schema = successSchema(single ?? l);
      const fields = declaredFields(schema);
      return (hasMultiLang(schema) ? 4 : 0) + ([...fields].some((f) => dateKind(f)) ? 2 : 0) + ([...fields].some((f) => isCurrencyField(f) || isLanguageCodeField(f)) ? 1 : 0) + (single ? 1 : 0);
    };
    const ranked = lists.map((l) => ({ l, s: score(l) })).filter((x) => x.s > 1).sort((a, b) => b.s - a.s).map((x) => x.l);
    // The languages the shop lists (GET /languages): localised texts are written in every one of
    // them. A shop without such a list keeps the keys its records show (below).
    let facts: ShopFacts = { ...DEFAULT_FACTS, languages: await this.listedLanguages() };
    let read = 0;
    for (const list of ranked) {
      if (read >= 3 && facts.languages.length > 0) break;
      if (read >= 6) break;
      const recs = await this.firstRecords(list, this.singleReadOf(list));
      if (!recs.length) continue;
      read++;
      facts = learnFacts(recs.map((r) => r.record), facts, [...new Set(recs.map((r) => r.path))]);
    }
    // The country the addresses will use (read with its zone from a record that holds both, as the
    // factories read it; the first country a list shows may be one the shop does not sell to), with
    // its codes and name.
    const country = (await this.lookupTogether(['countryId', 'zoneId'])).countryId ?? { ok: false, reason: 'nothing read for countryId' };
    if (country.ok && typeof country.value === 'number' && country.value > 0) {
      const one = this.ops.find((o) => o.method === 'get' && /\{[^}]+\}$/.test(o.path) && collectionNoun(o.path.replace(/\/\{[^}]+\}$/, '')) === 'country' && pathParams(o.path) === 1);
      if (one) {
        const path = fillPath(one.path, { [/\{([^}]+)\}$/.exec(one.path)?.[1] ?? '']: String(country.value) });
        const r = await this.get(path);
        if (r.status >= 200 && r.status < 300) facts = learnFacts([r.json], { ...facts, country: DEFAULT_FACTS.country }, [path]);
      }
      facts = { ...facts, country: { ...facts.country, id: country.value } };
    }
    return facts;
  }

  /** The codes of the languages the target lists (a parameterless list of `language` records with a `code`), lower case. */
  private async listedLanguages(): Promise<string[]> {
    const out: string[] = [];
    for (const list of this.ops.filter((o) => o.method === 'get' && pathParams(o.path) === 0 && collectionNoun(o.path) === 'language')) {
      for (const item of await this.items(list.path)) {
        const code = typeof item.code === 'string' ? item.code.toLowerCase() : '';
        if (isLangKey(code) && !out.includes(code)) out.push(code);
      }
    }
    return out;
  }

  /** Does the target have this record? Only asked where the spec has a single read of the kind. */
  private confirm(noun: string, value: RefValue): Promise<boolean> {
    const key = `${noun} ${String(value)}`;
    let hit = this.cache.confirmed.get(key);
    if (!hit) {
      hit = (async () => {
        const one = this.ops.find((o) => o.method === 'get' && pathParams(o.path) >= 1 && /\/\{[^}]+\}$/.test(o.path) && collectionNoun(o.path.replace(/\/\{[^}]+\}$/, '')) === noun && pathParams(o.path) === 1);
        if (!one) return true; // nothing to ask: the value stands as the shop showed it
        const name = /\{([^}]+)\}$/.exec(one.path)?.[1] ?? '';
        const r = await this.get(fillPath(one.path, { [name]: String(value) }));
        if (r.status >= 200 && r.status < 300) return true;
        // The target shows the id but does not implement the read: it stands as shown.
        return r.status === 0 ? false : notImplementedReason(r) !== undefined;
      })();
      this.cache.confirmed.set(key, hit);
    }
    return hit;
  }

  /**
   * A record of the kind found by asking for it: where no list and no record shows one but the spec
   * has a single read of the kind (`GET /members/{id}`), the example id of that read, then 1 to 3;
   * the first the target answers with 2xx is read from the shop, not invented.
   */
  private async probed(field: string, nouns: readonly string[]): Promise<RefLookup | undefined> {
    for (const noun of nouns) {
      const one = this.ops.find((o) => o.method === 'get' && pathParams(o.path) === 1 && /\/\{[^}]+\}$/.test(o.path) && collectionNoun(o.path.replace(/\/\{[^}]+\}$/, '')) === noun);
      if (!one) continue;
      const name = /\{([^}]+)\}$/.exec(one.path)?.[1] ?? '';
      const example = one.parameters.find((x) => x.in === 'path' && x.name === name)?.schema.example;
      const ids = [...new Set([...(typeof example === 'number' || typeof example === 'string' ? [String(example)] : []), '1', '2', '3'])];
      for (const id of ids) {
        const r = await this.get(fillPath(one.path, { [name]: id }));
        if (r.status >= 200 && r.status < 300) return { ok: true, value: /^\d+$/.test(id) ? Number(id) : id, source: `GET ${fillPath(one.path, { [name]: id })} answered ${r.status}` };
        if (r.status === 0 || notImplementedReason(r) !== undefined) break;
      }
    }
    return undefined;
  }

  /** Whether a noun has a collection of its own in the spec (`tax_class`: yes; `status`, `option`: no). */
  private hasCollection(noun: string): boolean {
    let known = collectionsBySpec.get(this.ops);
    if (!known) collectionsBySpec.set(this.ops, (known = new Map<string, boolean>()));
    let has = known.get(noun);
    if (has === undefined) {
      has = this.ops.some((o) => (o.method === 'get' || o.method === 'post') && collectionNoun(o.path) === noun && !/\}$/.test(o.path) && !isSearchPath(o.path));
      known.set(noun, has);
    }
    return has;
  }

  /** Ids a list of records of the kind answers (`GET /tax_classes`), parameterless lists only. */
  private async listed(field: string, nouns: readonly string[]): Promise<Seen[]> {
    const out: Seen[] = [];
    for (const noun of nouns) {
      for (const list of this.ops.filter((o) => o.method === 'get' && pathParams(o.path) === 0 && !isSearchPath(o.path) && collectionNoun(o.path) === noun)) {
        for (const item of await this.items(list.path)) {
          const id = idOf(item);
          if (id !== undefined) out.push({ field, value: id, shown: false, holder: item, source: `a record listed at GET ${list.path}` });
        }
      }
    }
    return out;
  }

  /** Values of `field` in records the shop shows, read through the reads whose answers declare it. */
  private async shown(field: string, opts: LookupOptions): Promise<Seen[]> {
    const context = opts.context ?? [];
    const tops = new Set(context.map(firstSegment));
    // A name that says nothing specific is only trusted within the body's own resource.
    const own = fieldNoun(field);
    const specific = own !== '' && (kindNouns(field).some((n) => this.hasCollection(n)) || own.includes('_'));
    const reads = readable(this.ops).filter((o) => shownFieldsOf(o).has(field) && (specific || tops.has(firstSegment(o.path))));
    // The body's own resource first, lists before single reads.
    reads.sort((a, b) => Number(!tops.has(firstSegment(a.path))) - Number(!tops.has(firstSegment(b.path))) || pathParams(a.path) - pathParams(b.path));
    const out: Seen[] = [];
    const seenPaths = new Set<string>();
    for (const read of reads) {
      const list = pathParams(read.path) === 0 ? read : this.ops.find((o) => o.method === 'get' && o.path === read.path.replace(/\/\{[^}]+\}$/, ''));
      if (!list) continue;
      const records = pathParams(read.path) === 0 ? (await this.items(read.path)).slice(0, 20).map((record) => ({ path: read.path, record })) : (await this.firstRecords(list, read, 2)).filter((r) => r.path !== list.path);
      for (const { path, record } of records) {
        walk(record, (o) => {
          const v = toRef(o[field]);
          if (v !== undefined) out.push({ field, value: v, shown: true, holder: o, source: `${field} of a record at GET ${path}` });
        });
        seenPaths.add(path);
      }
      if (out.some((s) => s.value !== 0) && seenPaths.size >= 2) break;
    }
    return out;
  }

  private async usable(nouns: readonly string[], seen: Seen): Promise<boolean> {
    if (seen.value === 0) return true; // the shop's own "none"
    for (const noun of nouns) if (this.hasCollection(noun)) return this.confirm(noun, seen.value);
    return true;
  }

  /** Every allowed value the target offers for a field (a list of the kind, or values its records show), confirmed; up to `max`. */
  async values(field: string, opts: LookupOptions = {}, max = 10): Promise<RefValue[]> {
    const nouns = nounsFor(field, opts.context);
    const seen = [...(await this.listed(field, nouns)), ...(await this.shown(field, opts))];
    const out: RefValue[] = [];
    for (const s of seen) {
      if (out.length >= max) break;
      if (out.includes(s.value) || (opts.noneOnly && s.value !== 0)) continue;
      if (await this.usable(nouns, s)) out.push(s.value);
    }
    return out;
  }

  /** One allowed value for a reference field, or why there is none. */
  async lookup(field: string, opts: LookupOptions = {}): Promise<RefLookup> {
    const all = await this.lookupTogether([field], opts);
    return all[field] ?? { ok: false, reason: `nothing read for ${field}` };
  }

  /**
   * Allowed values for several reference fields of one body. Fields a record of the shop holds
   * together are taken from the same record (a country with its own zone).
   */
  async lookupTogether(fields: readonly string[], opts: LookupOptions = {}): Promise<Record<string, RefLookup>> {
    const out: Record<string, RefLookup> = {};
    const candidates = new Map<string, Seen[]>();
    for (const field of fields) {
      const nouns = nounsFor(field, opts.context);
      const listed = opts.noneOnly ? [] : await this.listed(field, nouns);
      const shown = await this.shown(field, opts);
      // The shop's "none" first (least intrusive), then listed records, then values records show.
      const none = shown.filter((s) => s.value === 0);
      candidates.set(field, opts.noneOnly ? none : [...none, ...listed, ...shown.filter((s) => s.value !== 0)]);
    }
    // Fields held together by one record (countryId + zoneId of an address).
    if (fields.length > 1) {
      const holders = new Map<Json, Seen[]>();
      for (const f of fields) for (const s of candidates.get(f) ?? []) if (s.shown) holders.set(s.holder, [...(holders.get(s.holder) ?? []), s]);
      const best = [...holders.values()].filter((s) => s.length > 1).sort((a, b) => b.length - a.length);
      for (const seen of best) {
        const ok = await Promise.all(seen.map((s) => this.usable(nounsFor(s.field, opts.context), s)));
        if (!ok.every(Boolean)) continue;
        for (const s of seen) out[s.field] = { ok: true, value: s.value, source: `${s.source} (with ${seen.map((x) => x.field).join(', ')} of the same record)` };
        break;
      }
    }
    for (const field of fields) {
      if (out[field]) continue;
      const nouns = nounsFor(field, opts.context);
      let found: RefLookup | undefined;
      for (const s of candidates.get(field) ?? []) {
        if (await this.usable(nouns, s)) {
          found = { ok: true, value: s.value, source: s.source };
          break;
        }
      }
      if (!found && !opts.noneOnly) found = await this.probed(field, nouns);
      // A kind this API has no collection of, which a client naming none fills with the none (NONE_WHEN_UNREAD).
      if (!found && NONE_WHEN_UNREAD.includes(field)) found = { ok: true, value: 0, source: `the none (0): the target shows no ${field} of its own, and the API lists no record of the kind` };
      out[field] = found ?? {
        ok: false,
        reason: `no ${field} could be read from the target: it lists no ${nouns.join('/') || 'record'} and no record it shows carries a ${field}${opts.context?.length ? ` (looked beside ${opts.context.join(', ')})` : ''}`,
      };
    }
    return out;
  }
}

/** The reads of one target for this client (caches shared by every client of the worker talking to it). */
export function shopReferences(client: ApiClient): ShopReferences {
  return new ShopReferences(client);
}

/** Forgets what was read (self-tests that reset a shop). */
export function forgetReferences(): void {
  caches.clear();
}
