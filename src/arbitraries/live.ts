// Values a live shop takes (ArbOptions.live): what the schema allows is not enough there. A date
// in a `type: string` field must be a date as the shop writes it, a currency code a real one, a
// multi-language object must carry exactly the shop's language keys, a reference field an id read
// from the shop (or of the harness's own records), and an `id` is never sent. The rules and the
// shop's facts come from src/data/references.ts and src/data/shop-formats.ts, which the minimal
// bodies (src/data/bodies.ts) follow too.
import fc from 'fast-check';
import { dateKind, isCurrencyField, isLanguageCodeField, isReferenceField } from '../spec/fields.js';
import { KNOWN_SETTINGS } from '../spec/particulars.js';
import { formatDate, styleFor, type ShopFacts } from '../spec/shop-facts.js';
import { num, type SchemaObject } from './schema.js';
import { GenerationError, type ArbOptions } from './types.js';


/** A multi-language object schema: every declared property is a two-letter language code. */
export function isMultiLang(s: SchemaObject): boolean {
  const props = s.properties;
  if (typeof props !== 'object' || props === null || Array.isArray(props)) return false;
  const keys = Object.keys(props);
  return keys.length > 0 && keys.every((k) => /^[a-z]{2}$/.test(k) && k !== 'id');
}

/** The keys a multi-language object gets: the shop's, else the schema's. */
export function languageKeysFor(s: SchemaObject, facts: ShopFacts): string[] {
  const own = typeof s.properties === 'object' && s.properties !== null ? Object.keys(s.properties) : [];
  return facts.languages.length ? [...facts.languages] : own;
}

// 2000..2035: dates every shop column (DATE, DATETIME, TIMESTAMP) holds, in whole seconds.
const liveDates = fc.integer({ min: Date.UTC(2000, 0, 1) / 1000, max: Date.UTC(2035, 11, 31) / 1000 }).map((s) => new Date(s * 1000));
const birthDates = fc.integer({ min: Date.UTC(1940, 0, 1) / 1000 / 86400, max: Date.UTC(2005, 11, 31) / 1000 / 86400 }).map((d) => new Date(d * 86400 * 1000));

/** A string for a field the shop reads a format into (date, currency, language, country code), or undefined. */
export function liveStringArb(name: string | undefined, s: SchemaObject, opts: ArbOptions): fc.Arbitrary<string> | undefined {
  const facts = opts.live?.facts;
  if (!facts || name === undefined) return undefined;
  const kind = dateKind(name, s);
  if (kind) {
    const style = styleFor(name, kind, facts);
    return (/birth/i.test(name) ? birthDates : liveDates).map((d) => formatDate(d, style));
  }
  if (Object.prototype.hasOwnProperty.call(KNOWN_SETTINGS, name)) return fc.constant(KNOWN_SETTINGS[name] ?? '');
  // Fields a shop parses or looks up rather than stores as text: values of their kind, never free text.
  if (/gender$/i.test(name)) return fc.constantFrom('m', 'f');
  if (/(post|zip)code$/i.test(name)) return fc.integer({ min: 10_000, max: 99_999 }).map(String);
  if (/phone|fax$|telephone/i.test(name)) return fc.integer({ min: 100_000, max: 9_999_999 }).map((n) => `+49 30 ${n}`);
  if (/houseNumber|streetNumber/i.test(name)) return fc.integer({ min: 1, max: 999 }).map(String);
  if (/vatNumber$|vatIdNumber$/i.test(name)) return fc.oneof(fc.constant(''), fc.integer({ min: 100_000_000, max: 999_999_999 }).map((n) => `DE${n}`));
  if (/^module$/i.test(name)) return fc.constantFrom('invoice', 'cod', 'flat_flat');
  if (/(^ip|Ip|IP)(Address)?$/.test(name)) return fc.integer({ min: 1, max: 254 }).map((n) => `192.0.2.${n}`);
  if (/colou?r$/i.test(name)) return fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`);
  if (/^cc[A-Z]/.test(name)) return fc.constant(''); // no payment data, ever
  const tag = (opts.runId ?? 'run').toLowerCase().replace(/[^a-z0-9-]+/g, '-');
  if (/urls?$/i.test(name)) return fc.nat({ max: 99_999 }).map((n) => `https://example.test/qa-${tag}-${n}`);
  if (/^(image|icon|thumbnail)$/i.test(name)) return fc.oneof(fc.constant(''), fc.nat({ max: 99_999 }).map((n) => `qa-${tag}-${n}.png`));
  if (isCurrencyField(name)) return fc.constant(facts.currency);
  if (isLanguageCodeField(name)) return fc.constant(facts.languageCode);
  if (/iso3|code3|alpha3/i.test(name)) return fc.constant(facts.country.iso3);
  if (/countrycode|countryIsoCode|iso.?code|^iso2?$|code2|alpha2/i.test(name)) return fc.constant(facts.country.iso2);
  return undefined;
}

/** Realistic numbers where the name says what they are: prices > 0 with two decimals, small quantities and counts. */
export function liveNumberArb(name: string | undefined, s: SchemaObject, integer: boolean, opts: ArbOptions): fc.Arbitrary<number> | undefined {
  if (!opts.live || name === undefined) return undefined;
  const lo = num(s, 'minimum') ?? num(s, 'exclusiveMinimum') ?? -Infinity;
  const hi = num(s, 'maximum') ?? num(s, 'exclusiveMaximum') ?? Infinity;
  const within = (a: number, b: number): [number, number] | undefined => {
    const l = Math.max(a, Math.ceil(lo === -Infinity ? a : lo + (num(s, 'exclusiveMinimum') !== undefined ? 1 : 0)));
    const h = Math.min(b, Math.floor(hi === Infinity ? b : hi - (num(s, 'exclusiveMaximum') !== undefined ? 1 : 0)));
    return l <= h ? [l, h] : undefined;
  };
  const ints = (a: number, b: number): fc.Arbitrary<number> | undefined => {
    const r = within(a, b);
    return r ? fc.integer({ min: r[0], max: r[1] }) : undefined;
  };
  if (/^(price|finalPrice|groupPrice|graduatedPrice|specialPrice|offerPrice|value|amount)$/i.test(name)) {
    // > 0 with two decimals (cents), whole amounts where the schema wants an integer.
    if (integer) return ints(1, 999);
    const minC = Math.max(1, lo === -Infinity ? 1 : Math.floor(lo * 100) + 1);
    const maxC = Math.min(99_999, hi === Infinity ? 99_999 : Math.ceil(hi * 100) - 1);
    return minC <= maxC ? fc.integer({ min: minC, max: maxC }).map((c) => c / 100) : undefined;
  }
  if (/^(quantity|threshold|graduatedQuantity|minOrder|minQuantity)$/i.test(name)) return ints(1, 20);
  if (/sortOrder$|^rating$/i.test(name)) return ints(0, 1000);
  if (/weight$/i.test(name)) {
    if (integer) return ints(0, 100);
    const r = within(0, 100);
    return r ? fc.integer({ min: r[0] * 1000, max: r[1] * 1000 }).map((g) => g / 1000) : undefined;
  }
  if (/discount|^tax(Rate)?$/i.test(name)) return ints(0, 100);
  if (/status$|mode$|deactivation$/i.test(name)) return ints(0, 1);
  // Anything else a shop stores as a number: small, whole or with two decimals (no int64 edges on a live shop).
  if (integer) return ints(0, 1000);
  const r = within(0, 1000);
  return r ? fc.integer({ min: r[0] * 100, max: r[1] * 100 }).map((c) => c / 100) : undefined;
  return undefined;
}

/**
 * What a reference field (or an `id`) gets on a live shop: the values read for it, 'omit' when
 * there are none and the field is optional. A required reference without a value cannot be
 * generated (the caller must read one first; an array of such items stays empty); a required `id`
 * of the record itself (a bulk form's record id) is 0, which names no record.
 */
export function liveReference(name: string, required: boolean, opts: ArbOptions, where: string, depth = 1): fc.Arbitrary<unknown> | 'omit' | undefined {
  if (!opts.live || !isReferenceField(name)) return undefined;
  const values = opts.live.references?.[name];
  if (values?.length) return fc.constantFrom(...values);
  if (!required) return 'omit';
  // The record's own id a bulk form demands (the body, or an item of a bulk array): 0 names no record.
  if ((name === 'id' || name === 'ids') && depth <= 2) return fc.constant(name === 'ids' ? [] : 0);
  throw new GenerationError(`${where || '/'}: the reference field ${name} is required, and no value was read from the target for it`);
}
