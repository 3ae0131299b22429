// Which fields of a schema are references, dates, codes or multi-language texts: read from their
// names (and formats) the way this API names them. Pure; read by the bodies a client sends
// (src/data/bodies.ts), the data resolver and the arbitraries alike.
import type { SpecSchema } from './types.js';
import { isObj, type Json } from '../core/json.js';
import { NOT_REFERENCES } from './particulars.js';

/** `taxClassId`, `customer_ids`, `id`: a field that names a record (not `vatId`, a tax number: NOT_REFERENCES). */
export function isReferenceField(name: string): boolean {
  if (NOT_REFERENCES.includes(name)) return false;
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

/** `currencyCode`, `currency`: an ISO 4217 code. */
export function isCurrencyField(name: string): boolean {
  return /^currency(Code|Iso)?$/i.test(name) || /[a-z]CurrencyCode$/.test(name);
}

/** A two-letter language code as a key (`id` is two letters too, and never a language). */
export const isLangKey = (k: string): boolean => /^[a-z]{2}$/.test(k) && k !== 'id';

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

/** Whether a schema holds a multi-language object anywhere (items, allOf, nested objects). */
export function hasMultiLang(schema: unknown, depth = 0): boolean {
  if (!isObj(schema) || depth > 5) return false;
  if (isMultiLangSchema(schema)) return true;
  if (isObj(schema.items) && hasMultiLang(schema.items, depth + 1)) return true;
  if (Array.isArray(schema.allOf) && (schema.allOf as unknown[]).some((s) => hasMultiLang(s, depth + 1))) return true;
  return isObj(schema.properties) && Object.values(schema.properties).some((s) => hasMultiLang(s, depth + 1));
}
