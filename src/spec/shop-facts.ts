// The formats a shop writes its records in (the keys of its multi-language objects, how it writes
// dates, its currency, language and country codes): pure; learnt from the target's own records by
// src/data/shop-formats.ts, used by the bodies a client sends and by the arbitraries.
import { dateKind, isCurrencyField, isLanguageCodeField, isMultiLangValue, type DateKind } from './fields.js';
import { isObj, type Json } from '../core/json.js';


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

/** Visits every object in a record, at any depth (arrays included), with the key it sits under. */
export function walk(v: unknown, visit: (o: Json, key: string | undefined) => void, key?: string, depth = 0): void {
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
