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
// (src/client/resolver.ts); this module only reads. Nothing found is a reason, never a guess.
import { pathMatcher } from '../spec/catalogue.js';
import type { Operation, SpecSchema } from '../spec/types.js';
import type { ApiClient } from './api-client.js';
import { collectionNoun, paramNoun } from './ledger.js';
import { fillPath } from './url.js';

type Json = Record<string, unknown>;

function isObj(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

// ---------------------------------------------------------------------------------------------
// Names: which fields are references, dates, codes.

/** `taxClassId`, `customer_ids`, `id`: a field that names a record. */
export function isReferenceField(name: string): boolean {
  return name === 'id' || name === 'ids' || /[a-z0-9](Id|Ids|_id|_ids)$/.test(name);
}

export type DateKind = 'date' | 'date-time';

/**
 * Whether a string field holds a date (`dateOfBirth`, `birthday`) or a timestamp (`date`,
 * `purchaseDate`, `dateAdded`, `dateAvailable`, `lastModified`, `expiresAt` ...), by its format
 * or, where the spec only says `type: string`, by its name.
 */
export function dateKind(name: string, schema?: SpecSchema): DateKind | undefined {
  const format = schema && typeof schema.format === 'string' ? schema.format : '';
  if (format === 'date') return 'date';
  if (format === 'date-time') return 'date-time';
  if (/birth/i.test(name)) return 'date';
  if (/^(date|datetime|timestamp)$/i.test(name) || /[a-z]Date(Time)?$/.test(name) || /^date[A-Z]/.test(name)) return 'date-time';
  if (/^(last)?[mM]odified$|^(added|created|updated|expires)$|[a-z](At|On)$/.test(name)) return 'date-time';
  return undefined;
}

/** `languageCode`, `language`, `locale`: a language code of the shop (not `languageId`, a reference). */
export function isLanguageCodeField(name: string): boolean {
  return /^(language(Code|Iso)?|locale|lang|languageCode)$/i.test(name) || /[a-z]LanguageCode$/.test(name);
}

/** Values of configuration-like fields a shop knows (templates, sitemap settings), by field name. */
export const KNOWN_SETTINGS: Readonly<Record<string, string>> = {
  categoryListingTemplate: 'categorie_listing.html',
  productListingTemplate: 'product_listing_v1.html',
  detailsTemplate: 'standard.html',
  optionsDetailsTemplate: 'product_options_dropdown.html',
  optionsListingTemplate: 'product_options_dropdown.html',
  sortColumn: 'p.products_price',
  sortDirection: 'ASC',
  sitemapPriority: '0.5',
  sitemapChangeFrequency: 'daily',
  propertiesDropdownMode: '',
  priceType: '+',
  productsImageWidth: '0',
  productsImageHeight: '0',
  productType: '1',
  downloadAbandonmentStatus: '0',
  serviceAbandonmentStatus: '0',
};

/** `currencyCode`, `currency`: an ISO 4217 code. */
export function isCurrencyField(name: string): boolean {
  return /^currency(Code|Iso)?$/i.test(name) || /[a-z]CurrencyCode$/.test(name);
}

/** A two-letter language code as a key (`id` is two letters too, and never a language). */
const isLangKey = (k: string): boolean => /^[a-z]{2}$/.test(k) && k !== 'id';

/** A multi-language object schema: every declared property is a two-letter language code. */
export function isMultiLangSchema(s: SpecSchema | undefined): boolean {
  if (!s || !isObj(s.properties)) return false;
  const keys = Object.keys(s.properties);
  return keys.length > 0 && keys.every(isLangKey);
}

/** A multi-language value of an answer: `{ "en": "...", "de": "..." }`. */
export function isMultiLangValue(v: unknown): v is Json {
  if (!isObj(v)) return false;
  const keys = Object.keys(v);
  return keys.length > 0 && keys.every(isLangKey) && Object.values(v).every((x) => x === null || ['string', 'number'].includes(typeof x));
}

// ---------------------------------------------------------------------------------------------
// Formats of the shop.

/** Where a refs map (src/client/bodies.ts BodyContext.refs) carries the shop's facts along with the ids. */
export const SHOP_FACTS: unique symbol = Symbol('shopFacts');

/** Reference values by field name, with the shop's facts attached. */
export type ReferenceValues = Record<string, unknown> & { [SHOP_FACTS]?: ShopFacts };

/** `sql`: `YYYY-MM-DD HH:MM:SS`; `iso`: `YYYY-MM-DDTHH:MM:SSZ` (+ `iso-ms` with milliseconds); `date`: `YYYY-MM-DD`. */
export type DateStyle = 'sql' | 'iso' | 'iso-ms' | 'date';

export interface ShopCountry {
  id?: number;
  iso2: string;
  iso3: string;
  name: string;
}

export interface ShopFacts {
  /** Keys of the shop's multi-language objects; empty = unknown (the schema's keys are used). */
  languages: readonly string[];
  /** How the shop writes timestamps. */
  dateTimeStyle: DateStyle;
  /** Styles seen per field name (`dateOfBirth`: date, `dateAvailable`: sql). */
  dateFields: Readonly<Record<string, DateStyle>>;
  /** ISO 4217 code for `currencyCode` fields. */
  currency: string;
  /** How the shop writes `languageCode` fields. */
  languageCode: string;
  /** The country the harness's addresses use (codes and name for fields that want them). */
  country: ShopCountry;
  /** Where the facts were learnt (request paths), for evidence and reports. */
  sources: readonly string[];
}

/** What a body uses when the shop showed nothing: the spec's keys, `YYYY-MM-DD HH:MM:SS`, EUR, Germany. */
export const DEFAULT_FACTS: ShopFacts = Object.freeze({
  languages: [],
  dateTimeStyle: 'sql',
  dateFields: {},
  currency: 'EUR',
  languageCode: 'en',
  country: { iso2: 'DE', iso3: 'DEU', name: 'Germany' },
  sources: [],
});

/** The style of a date string as a shop wrote it, or undefined when it is no date. */
export function styleOf(v: string): DateStyle | undefined {
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return 'date';
  if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(v)) return 'sql';
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:?\d{2})?$/.test(v)) return 'iso';
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d+(Z|[+-]\d{2}:?\d{2})?$/.test(v)) return 'iso-ms';
  return undefined;
}

/** A date in a style (UTC). */
export function formatDate(d: Date, style: DateStyle): string {
  const iso = d.toISOString();
  switch (style) {
    case 'date':
      return iso.slice(0, 10);
    case 'sql':
      return iso.slice(0, 19).replace('T', ' ');
    case 'iso':
      return `${iso.slice(0, 19)}Z`;
    case 'iso-ms':
      return iso;
  }
}

/** The style a date field is written in: as the shop wrote this field, else by kind and the shop's timestamp style. */
export function styleFor(name: string, kind: DateKind, facts: ShopFacts): DateStyle {
  const seen = facts.dateFields[name];
  if (seen) return seen;
  return kind === 'date' ? 'date' : facts.dateTimeStyle === 'date' ? 'sql' : facts.dateTimeStyle;
}

/**
 * A realistic value for a date field: a birth date in the past, an expiry a year ahead, now for
 * everything else (purchase, availability, withdrawal dates).
 */
export function dateValue(name: string, kind: DateKind, facts: ShopFacts, now = new Date()): string {
  let d = now;
  if (/birth/i.test(name)) d = new Date(Date.UTC(1990, 0, 2));
  else if (/expir|valid(Until|To)|until$|end(s|Date)?$/i.test(name)) d = new Date(now.getTime() + 365 * 24 * 3600 * 1000);
  return formatDate(new Date(Math.floor(d.getTime() / 1000) * 1000), styleFor(name, kind, facts));
}

function walk(v: unknown, visit: (o: Json, key: string | undefined) => void, key?: string, depth = 0): void {
  if (depth > 8) return;
  if (Array.isArray(v)) {
    for (const x of v) walk(x, visit, key, depth + 1);
    return;
  }
  if (!isObj(v)) return;
  visit(v, key);
  for (const [k, x] of Object.entries(v)) walk(x, visit, k, depth + 1);
}

/** Facts read from records of the shop (pure: the records are given). Later records only fill what earlier ones left open. */
export function learnFacts(records: readonly unknown[], base: ShopFacts = DEFAULT_FACTS, sources: readonly string[] = []): ShopFacts {
  let languages = [...base.languages];
  const dateFields: Record<string, DateStyle> = { ...base.dateFields };
  const styles = new Map<DateStyle, number>();
  let currency: string | undefined;
  let languageCode: string | undefined;
  let country: ShopCountry | undefined;
  for (const rec of records) {
    walk(rec, (o) => {
      for (const [k, v] of Object.entries(o)) {
        if (isMultiLangValue(v) && languages.length === 0) languages = Object.keys(v);
        if (typeof v !== 'string') continue;
        const kind = dateKind(k);
        const style = styleOf(v);
        if (kind && style) {
          dateFields[k] ??= style;
          if (kind === 'date-time' && style !== 'date') styles.set(style, (styles.get(style) ?? 0) + 1);
        }
        if (isCurrencyField(k) && /^[A-Z]{3}$/.test(v)) currency ??= v;
        if (isLanguageCodeField(k) && /^[A-Za-z]{2}$/.test(v)) languageCode ??= v;
      }
      if (!country && typeof o.iso2 === 'string' && /^[A-Z]{2}$/.test(o.iso2) && typeof o.iso3 === 'string' && /^[A-Z]{3}$/.test(o.iso3)) {
        country = { ...(typeof o.id === 'number' ? { id: o.id } : {}), iso2: o.iso2, iso3: o.iso3, name: typeof o.name === 'string' ? o.name : base.country.name };
      }
    });
  }
  const commonest = [...styles.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  return {
    languages,
    dateTimeStyle: commonest ?? base.dateTimeStyle,
    dateFields,
    currency: currency ?? base.currency,
    languageCode: languageCode ?? base.languageCode ?? languages[0] ?? 'en',
    country: country ?? base.country,
    sources: [...base.sources, ...sources],
  };
}

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

const params = (path: string): number => (path.match(/\{/g) ?? []).length;
const firstSegment = (path: string): string => path.split('/')[1] ?? '';

/** Reads of records: list collections (no parameter) and single reads one parameter below one. */
function readable(ops: readonly Operation[]): Operation[] {
  return ops.filter((o) => o.method === 'get' && !/\/search$/.test(o.path) && (params(o.path) === 0 || (params(o.path) === 1 && /\/\{[^}]+\}$/.test(o.path))));
}

/** The kind of record a reference field names: `taxClassId` -> tax_class, `statusId` -> status, `id` -> ''. */
export function fieldNoun(field: string): string {
  if (field === 'id' || field === 'ids') return '';
  const snake = field.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase().replace(/[_-]?ids?$/, '');
  return /(us|ss)$/.test(snake) ? snake : paramNoun(snake);
}

const ROLE = /^(old|new|main|parent|default|primary|target|source|previous|current|next)_(.+)$/;

/** The kinds a reference field names, its role stripped: `oldCategoryId` -> old_category, category. */
export function kindNouns(field: string): string[] {
  const noun = fieldNoun(field);
  if (!noun) return [];
  const m = ROLE.exec(noun);
  return m?.[2] ? [noun, m[2]] : [noun];
}

/** Kinds a reference field may name, most specific last: `statusId` of /orders -> status, order_status. */
export function nounsFor(field: string, contextPaths: readonly string[] = []): string[] {
  const noun = fieldNoun(field);
  const out = kindNouns(field);
  for (const p of contextPaths) {
    const ctx = collectionNoun(p);
    if (!noun) {
      // A nested create's `id` names a record of the sub-collection's kind (`/products/{id}/additional_fields`).
      if (params(p) > 0 && ctx) out.push(ctx);
      continue;
    }
    const top = collectionNoun(`/${firstSegment(p)}`);
    for (const owner of [ctx, top]) if (owner && !noun.startsWith(`${owner}_`)) out.push(`${owner}_${noun}`);
  }
  return [...new Set(out)];
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

/** "This resource is not implemented" (404 Resource not found, 405, 501), as opposed to "no such record". */
export function notImplemented(status: number, text: string): boolean {
  return status === 405 || status === 501 || (status === 404 && /resource not found|not implemented|unknown resource|no route/i.test(text));
}

const toRef = (v: unknown): RefValue | undefined => {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return v;
  if (typeof v === 'string' && /^\d+$/.test(v)) return Number(v);
  return undefined;
};

function idOf(item: Json): RefValue | undefined {
  return toRef(item.id);
}

/** The records of a list answer: the array itself or the first array of objects in it. */
function itemsOf(body: unknown): Json[] {
  if (Array.isArray(body)) return body.filter(isObj);
  if (!isObj(body)) return [];
  for (const v of Object.values(body)) if (Array.isArray(v) && v.some(isObj)) return v.filter(isObj);
  return [];
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
    return r.status >= 200 && r.status < 300 ? itemsOf(r.json) : [];
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
    const lists = this.ops.filter((o) => o.method === 'get' && params(o.path) === 0 && !/\/search$/.test(o.path));
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
      const one = this.ops.find((o) => o.method === 'get' && /\{[^}]+\}$/.test(o.path) && collectionNoun(o.path.replace(/\/\{[^}]+\}$/, '')) === 'country' && params(o.path) === 1);
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
    for (const list of this.ops.filter((o) => o.method === 'get' && params(o.path) === 0 && collectionNoun(o.path) === 'language')) {
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
        const one = this.ops.find((o) => o.method === 'get' && params(o.path) >= 1 && /\/\{[^}]+\}$/.test(o.path) && collectionNoun(o.path.replace(/\/\{[^}]+\}$/, '')) === noun && params(o.path) === 1);
        if (!one) return true; // nothing to ask: the value stands as the shop showed it
        const name = /\{([^}]+)\}$/.exec(one.path)?.[1] ?? '';
        const r = await this.get(fillPath(one.path, { [name]: String(value) }));
        if (r.status >= 200 && r.status < 300) return true;
        // The target shows the id but does not implement the read: it stands as shown.
        return r.status === 0 ? false : notImplemented(r.status, r.text);
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
      const one = this.ops.find((o) => o.method === 'get' && params(o.path) === 1 && /\/\{[^}]+\}$/.test(o.path) && collectionNoun(o.path.replace(/\/\{[^}]+\}$/, '')) === noun);
      if (!one) continue;
      const name = /\{([^}]+)\}$/.exec(one.path)?.[1] ?? '';
      const example = one.parameters.find((x) => x.in === 'path' && x.name === name)?.schema.example;
      const ids = [...new Set([...(typeof example === 'number' || typeof example === 'string' ? [String(example)] : []), '1', '2', '3'])];
      for (const id of ids) {
        const r = await this.get(fillPath(one.path, { [name]: id }));
        if (r.status >= 200 && r.status < 300) return { ok: true, value: /^\d+$/.test(id) ? Number(id) : id, source: `GET ${fillPath(one.path, { [name]: id })} answered ${r.status}` };
        if (r.status === 0 || notImplemented(r.status, r.text)) break;
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
      has = this.ops.some((o) => (o.method === 'get' || o.method === 'post') && collectionNoun(o.path) === noun && !/\}$/.test(o.path) && !/\/search$/.test(o.path));
      known.set(noun, has);
    }
    return has;
  }

  /** Ids a list of records of the kind answers (`GET /tax_classes`), parameterless lists only. */
  private async listed(field: string, nouns: readonly string[]): Promise<Seen[]> {
    const out: Seen[] = [];
    for (const noun of nouns) {
      for (const list of this.ops.filter((o) => o.method === 'get' && params(o.path) === 0 && !/\/search$/.test(o.path) && collectionNoun(o.path) === noun)) {
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
    reads.sort((a, b) => Number(!tops.has(firstSegment(a.path))) - Number(!tops.has(firstSegment(b.path))) || params(a.path) - params(b.path));
    const out: Seen[] = [];
    const seenPaths = new Set<string>();
    for (const read of reads) {
      const list = params(read.path) === 0 ? read : this.ops.find((o) => o.method === 'get' && o.path === read.path.replace(/\/\{[^}]+\}$/, ''));
      if (!list) continue;
      const records = params(read.path) === 0 ? (await this.items(read.path)).slice(0, 20).map((record) => ({ path: read.path, record })) : (await this.firstRecords(list, read, 2)).filter((r) => r.path !== list.path);
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

/** An own record of a kind, made (or reused) by the caller: its id, or why there is none. */
export type OwnRecord = { ok: true; value: string } | { ok: false; reason: string };

export interface ResolveOptions {
  /** Paths of the operations whose body this is. */
  context: readonly string[];
  /** Whether the caller can make an own record of the kind (the spec creates it, writes are allowed). */
  creatable: (noun: string) => boolean;
  /** Makes or reuses an own record of the kind. */
  own: (noun: string) => Promise<OwnRecord>;
}

/** Why each field got no value (kept beside the values, for reports and skips). */
export const REFERENCE_GAPS: unique symbol = Symbol('referenceGaps');

/**
 * Values for the reference fields of one body, with the shop's facts attached (SHOP_FACTS) and the
 * fields that got none under REFERENCE_GAPS. Kinds the spec can create (customers, products,
 * categories ...) are the harness's own records, or the target's own "none" (0) when no own one
 * can be made: pointing a new record at a customer or product of the shop would change what they
 * show. Everything else (countries, tax classes, languages ...) is read from the target.
 */
export async function resolveReferences(client: ApiClient, fields: readonly string[], opts: ResolveOptions): Promise<ReferenceValues & { [REFERENCE_GAPS]?: Record<string, string> }> {
  const refs = shopReferences(client);
  const out: ReferenceValues & { [REFERENCE_GAPS]?: Record<string, string> } = {};
  const gaps: Record<string, string> = {};
  const borrow: string[] = [];
  for (const field of fields) {
    const nouns = field === 'id' || field === 'ids' ? nounsFor(field, opts.context) : kindNouns(field);
    const ownNoun = nouns.find((n) => opts.creatable(n));
    if (ownNoun === undefined) {
      borrow.push(field);
      continue;
    }
    // A create the target refuses to have sent (it lacks the operation) is no own record either.
    const own = await opts.own(ownNoun).catch((err: unknown): OwnRecord => ({ ok: false, reason: err instanceof Error ? err.message : String(err) }));
    if (own.ok) {
      out[field] = /^\d+$/.test(own.value) ? Number(own.value) : own.value;
      continue;
    }
    // No own record to be had: the target's own "none" (a 0 its records carry) names nothing either.
    const none = await refs.lookup(field, { context: opts.context, noneOnly: true });
    if (none.ok) out[field] = none.value;
    else gaps[field] = `${field} must name an own ${ownNoun} record or the target's "none", and ${own.reason}`;
  }
  if (borrow.length) {
    const found = await refs.lookupTogether(borrow, { context: opts.context });
    for (const field of borrow) {
      const r = found[field];
      if (r?.ok) out[field] = r.value;
      else gaps[field] = r?.reason ?? `nothing read for ${field}`;
    }
  }
  out[SHOP_FACTS] = await refs.factsFor(opts.context);
  if (Object.keys(gaps).length) out[REFERENCE_GAPS] = gaps;
  return out;
}
