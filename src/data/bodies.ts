// "Minimal valid body from schema": the smallest request body the spec accepts, with the run id
// in every name and e-mails on the reserved domain example.test (qa+<runid>-<n>@example.test), so
// records the harness leaves on a live shop are recognisable.
//
// Safe on a live shop (src/data/references.ts and shop-formats.ts say where values come from):
// - no `id` anywhere in a body (a nested `id` makes some shops update another record's row), unless
//   the caller supplies it in `refs`; a spec that REQUIRES an `id` in a create (a bulk form) gets 0,
//   which names no record;
// - reference fields (`taxClassId`, `countryId`, `languageId` ...) only take values from `refs`,
//   i.e. ids read from the target or of the harness's own records; without one the field is left
//   out (a required one then fails validation, which the resolver reports as a skip);
// - formats as the shop writes them: dates and timestamps (by format or by name), ISO 4217
//   currency codes, the shop's language codes and the keys of its multi-language objects, real
//   country codes, realistic numbers (prices > 0 with two decimals, small quantities).
import fc from 'fast-check';
import type { Operation, SpecSchema } from '../spec/types.js';
import { dateKind, isCurrencyField, isLanguageCodeField, isMultiLangSchema, isReferenceField } from '../spec/fields.js';
import { CLIENT_SENDS, CLIENT_SENT_IDS, KNOWN_SETTINGS, MODULES, type ExampleForm } from '../spec/particulars.js';
import { dateValue, DEFAULT_FACTS, type ShopFacts } from '../spec/shop-facts.js';
import { isObj } from '../core/json.js';
import type { Uniq } from '../core/uniq.js';

type Json = Record<string, unknown>;

export interface BodyContext {
  runId: string;
  uniq: Uniq;
  /**
   * Values for reference fields (`countryId`, `customerId` ...) taken from the target or the
   * harness's own records; the only source of ids.
   */
  refs?: Readonly<Record<string, unknown>>;
  /** The shop's formats (language keys, date style, currency, country); default: DEFAULT_FACTS. */
  shop?: ShopFacts;
  /** Generate every declared property, not only the required ones (for readable records). */
  full?: boolean;
  /** Where in the body a value is built (`/0/address`, `*` for items of a list): set by minimalValue. */
  at?: string;
  /** Paths of optional fields a client sends (CLIENT_SENDS of the operation). */
  sends?: ReadonlySet<string>;
  /**
   * Fields written in the form of the vendor's own example instead of the declared one, by body
   * path (EXAMPLE_FORMS, src/spec/example-forms.ts): given for setup bodies only.
   */
  forms?: ReadonlyMap<string, ExampleForm>;
}

/** The facts a body is built with: given, or the defaults. */
export function factsOf(ctx: BodyContext): ShopFacts {
  return ctx.shop ?? DEFAULT_FACTS;
}

export function qaEmail(ctx: BodyContext, n = ctx.uniq.next()): string {
  return `qa+${ctx.runId}-${n}@example.test`;
}

function typeOf(s: Json): string | undefined {
  if (typeof s.type === 'string') return s.type;
  if (Array.isArray(s.type)) return s.type.find((t): t is string => typeof t === 'string' && t !== 'null');
  if (isObj(s.properties)) return 'object';
  if (s.items !== undefined) return 'array';
  return undefined;
}

function mergeAllOf(s: Json): Json {
  if (!Array.isArray(s.allOf)) return s;
  const properties: Json = { ...(isObj(s.properties) ? s.properties : {}) };
  const required: unknown[] = Array.isArray(s.required) ? [...(s.required as unknown[])] : [];
  const out: Json = { ...s, properties, required };
  delete out.allOf;
  for (const part of s.allOf as unknown[]) {
    if (!isObj(part)) continue;
    const p = mergeAllOf(part);
    if (isObj(p.properties)) Object.assign(properties, p.properties);
    if (Array.isArray(p.required)) required.push(...(p.required as unknown[]));
    if (p.type && !out.type) out.type = p.type;
  }
  return out;
}

/** A reference id in the type the field declares (some specs type the same id as string here, integer there). */
function asType(v: unknown, s: Json): unknown {
  const t = typeOf(s);
  if (t === 'string') return String(v);
  if ((t === 'integer' || t === 'number') && typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v)) return Number(v);
  if (t === 'array') return Array.isArray(v) ? v : [asType(v, isObj(s.items) ? s.items : {})];
  return v;
}

function stringFor(name: string, s: Json, ctx: BodyContext, parent = ''): string {
  const format = typeof s.format === 'string' ? s.format : '';
  const facts = factsOf(ctx);
  const n = ctx.uniq.next();
  const kind = dateKind(name, s);
  let v: string;
  if (format === 'email' || /e-?mail/i.test(name)) v = qaEmail(ctx, n);
  else if (kind) v = dateValue(name, kind, facts);
  else if (format === 'uri' || format === 'url' || /url$/i.test(name) || /url$/i.test(parent)) v = `https://example.test/qa-${ctx.runId}-${n}`;
  else if (format === 'uuid') v = crypto.randomUUID();
  else if (format === 'byte') v = Buffer.from(`qa-${ctx.runId}`).toString('base64');
  else if (format === 'password' || /password/i.test(name)) v = `Qa-${ctx.runId}-${n}!x`;
  else if (format === 'ipv4' || /(^ip|Ip|IP)(Address)?$/.test(name)) v = `192.0.2.${1 + (n % 254)}`;
  else if (Object.prototype.hasOwnProperty.call(KNOWN_SETTINGS, name)) v = KNOWN_SETTINGS[name] ?? '';
  else if (/^cc[A-Z]|card(Number|Holder)?$|iban|bic$/i.test(name)) v = ''; // no payment data, ever
  else if (/phone|fax|telephone/i.test(name)) v = `+49 30 ${String(100000 + n)}`;
  else if (/(post|zip)code|postcode/i.test(name)) v = '10115';
  else if (isCurrencyField(name)) v = facts.currency;
  else if (isLanguageCodeField(name)) v = facts.languageCode;
  else if (/iso3|code3|alpha3/i.test(name)) v = facts.country.iso3;
  else if (/countrycode|countryIsoCode|iso.?code|^iso2?$|code2|alpha2/i.test(name)) v = facts.country.iso2;
  else if (/country$/i.test(name)) v = facts.country.name;
  else if (/gender$/i.test(name)) v = n % 2 ? 'f' : 'm';
  else if (/colou?r$/i.test(name)) v = `#${(0x200000 + ((n * 2654435) % 0xdfffff)).toString(16)}`;
  else if (/houseNumber|streetNumber/i.test(name)) v = String(1 + (n % 200));
  else if (/^ean$|gtin|barcode/i.test(name)) v = String(4_000_000_000_000 + (n % 1_000_000_000));
  else if (/vatNumber|vatId(Number)?$/i.test(name)) v = `DE${String(100_000_000 + (n % 900_000_000))}`;
  else if (/^(image|icon|thumbnail)$/i.test(name)) v = '';
  else if (/file ?name|^path$/i.test(name)) v = `qa-${ctx.runId}-${n}.png`;
  else if (/^module$/i.test(name)) v = /shipping/i.test(parent) ? MODULES.shipping : MODULES.payment;
  else v = `qa-${ctx.runId}-${n}`;
  if (typeof s.pattern === 'string') {
    try {
      const re = new RegExp(s.pattern);
      if (!re.test(v)) {
        const ex = [s.example, s.default].find((x) => typeof x === 'string' && re.test(x));
        // Otherwise a value drawn from the pattern itself, seeded by the unique number, so two
        // records do not share it (an ISBN, a code) when the API wants it unique.
        v = typeof ex === 'string' && !/e-?mail|code|isbn|number|sku|ean/i.test(name) ? ex : (fc.sample(fc.stringMatching(re), { seed: n, numRuns: 1 })[0] ?? v);
      }
    } catch {
      // An invalid pattern is a spec finding; the value stays as it is.
    }
  }
  const min = typeof s.minLength === 'number' ? s.minLength : 0;
  const max = typeof s.maxLength === 'number' ? s.maxLength : Infinity;
  if (v.length < min) v = v.padEnd(min, 'x');
  if (v.length > max) v = v.slice(v.length - max);
  return v;
}

/** A realistic number for a field: prices > 0 with two decimals, small quantities, a tax rate, zeros for modes and discounts. */
function realisticNumber(name: string, n: number): number | undefined {
  if (/^(price|finalPrice|groupPrice|graduatedPrice|specialPrice|offerPrice|value|amount|total(Sum)?)$/i.test(name)) return 9 + (n % 90) + 0.99;
  if (/^(quantity|threshold|graduatedQuantity|minOrder|minQuantity)$/i.test(name)) return 1 + (n % 3);
  if (/^tax(Rate)?$/i.test(name)) return 19;
  if (/weight$/i.test(name)) return 0.5;
  if (/^rating$/i.test(name)) return 1 + (n % 5);
  if (/sortOrder$/i.test(name)) return n % 100;
  if (/discount|costs?$|status$|mode$|deactivation$|^vpeValue$|^maxOrder$|count$/i.test(name)) return 0;
  return undefined;
}

function numberFor(s: Json, integer: boolean, name = '', n = 1): number {
  if (typeof s.default === 'number') return s.default;
  let v = realisticNumber(name, n) ?? 1;
  if (integer) v = Math.round(v);
  if (typeof s.minimum === 'number') v = Math.max(v, s.minimum);
  if (typeof s.exclusiveMinimum === 'number') v = Math.max(v, s.exclusiveMinimum + 1);
  else if (s.exclusiveMinimum === true && typeof s.minimum === 'number' && v <= s.minimum) v = s.minimum + 1;
  if (typeof s.maximum === 'number' && v > s.maximum) v = s.maximum;
  if (typeof s.multipleOf === 'number' && s.multipleOf > 0) v = Math.ceil(v / s.multipleOf) * s.multipleOf;
  return integer ? Math.trunc(v) : v;
}

/** The smallest value that the (request-mode) schema accepts, made safe and realistic for a live shop (see the top of the file). */
export function minimalValue(schema: SpecSchema | undefined, ctx: BodyContext, name = '', depth = 0, hint?: unknown, parent = ''): unknown {
  if (!schema || depth > 12) return undefined;
  let s: Json = mergeAllOf(schema);
  if (Array.isArray(s.oneOf) && isObj(s.oneOf[0])) s = { ...(s.oneOf[0]) };
  else if (Array.isArray(s.anyOf) && isObj(s.anyOf[0])) s = { ...(s.anyOf[0]) };
  // A value read for this very place of the body (CLIENT_SENT_IDS: an order's customer status), else for the field's name.
  if (ctx.refs && ctx.at !== undefined && Object.prototype.hasOwnProperty.call(ctx.refs, ctx.at)) return asType(ctx.refs[ctx.at], s);
  if (name && ctx.refs && Object.prototype.hasOwnProperty.call(ctx.refs, name)) return asType(ctx.refs[name], s);
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum) && s.enum.length) return s.enum.find((e) => e !== null) ?? s.enum[0];
  // A reference the caller did not supply: never made up (the object case leaves the field out).
  if (name && isReferenceField(name)) return undefined;
  const type = typeOf(s);
  switch (type) {
    case 'object': {
      const props = isObj(s.properties) ? s.properties : {};
      const required = new Set(Array.isArray(s.required) ? s.required.map(String) : []);
      if (isMultiLangSchema(s)) return multiLangValue(s, ctx, name, depth);
      const out: Json = {};
      const at = ctx.at ?? '';
      for (const [k, ps] of Object.entries(props)) {
        // A field a client sends (CLIENT_SENDS) goes in even where the schema leaves it optional or readOnly.
        const sent = ctx.sends?.has(`${at}/${k}`) === true;
        if (!isObj(ps) || (ps.readOnly === true && !sent)) continue;
        // Write-only fields (passwords) are sent even when optional: the answer must then prove it hides them.
        const writeOnly = ps['x-writeOnly'] === true || ps.writeOnly === true || ps.format === 'password';
        if (!required.has(k) && !writeOnly && !(ctx.full && depth === 0) && !sent) continue;
        const inner: BodyContext = ctx.sends || ctx.forms ? { ...ctx, at: `${at}/${k}` } : ctx;
        const form = ctx.forms?.get(`${at}/${k}`);
        let v = form ? exampleFormValue(form, ps, inner, k) : minimalValue(ps, inner, k, depth + 1, isObj(s.example) ? s.example[k] : undefined, name);
        if (form?.kind === 'alias' && v !== undefined) out[form.as] = v;
        // The one id a spec may force into a create (the record's own, in a bulk form): 0 names no record.
        if (v === undefined && depth <= 1 && (k === 'id' || k === 'ids') && required.has(k) && !(ctx.refs && k in ctx.refs)) v = typeOf(ps) === 'array' ? [] : typeOf(ps) === 'string' ? '0' : 0;
        if (v !== undefined) out[k] = v;
      }
      return out;
    }
    case 'array': {
      const min = typeof s.minItems === 'number' ? s.minItems : 0;
      // A bulk body (an array at the top) with no items would test nothing.
      const items = ctx.sends || ctx.forms ? { ...ctx, at: `${ctx.at ?? ''}/*` } : ctx;
      const count = Math.max(min, depth === 0 ? 1 : 0, ctx.sends?.has(`${ctx.at ?? ''}/*`) ? 1 : 0);
      // An empty list is the minimum, but a list of scalars the spec shows an example of (search
      // conditions: field, operator, value) is what the API expects: take the example then.
      const example: unknown[] | undefined = Array.isArray(s.example) ? (s.example as unknown[]) : Array.isArray(hint) ? (hint as unknown[]) : undefined;
      if (count === 0 && example?.length && example.every((x) => ['string', 'number', 'boolean'].includes(typeof x))) return [...example];
      return Array.from({ length: count }, () => minimalValue(isObj(s.items) ? s.items : {}, items, name, depth + 1, undefined, parent));
    }
    case 'string':
      return stringFor(name, s, ctx, parent);
    case 'integer':
      return numberFor(s, true, name, ctx.uniq.next());
    case 'number':
      return numberFor(s, false, name, ctx.uniq.next());
    case 'boolean':
      return typeof s.default === 'boolean' ? s.default : false;
    case 'null':
      return null;
    default:
      return typeof s.example === 'string' ? s.example : `qa-${ctx.runId}`;
  }
}

/**
 * A field in the form of the vendor's example (EXAMPLE_FORMS): text where a number is declared, an
 * empty list of the declared object (a setup needs no entry), null for an id; an alias is the
 * declared value, which the caller also writes under the example's name.
 */
function exampleFormValue(form: ExampleForm, schema: SpecSchema, ctx: BodyContext, name: string): unknown {
  switch (form.kind) {
    case 'text':
      return stringFor(name, { type: 'string' }, ctx);
    case 'list':
      return [];
    case 'null':
      return null;
    case 'alias':
      return minimalValue(schema, ctx, name, 1);
  }
}

/**
 * A multi-language object with the shop's language keys (the schema's own keys when the shop
 * showed none), each value built from the schema of the first declared key and marked with its
 * language, so the run id stays in every text.
 */
function multiLangValue(s: Json, ctx: BodyContext, name: string, depth: number): Json {
  const props = isObj(s.properties) ? s.properties : {};
  const facts = factsOf(ctx);
  // Every language the shop lists, and the keys the schema requires besides (a shop without one still gets it).
  const required = Array.isArray(s.required) ? s.required.map(String) : [];
  const keys = facts.languages.length ? [...new Set([...facts.languages, ...required])] : Object.keys(props);
  const first = Object.values(props).find(isObj) ?? { type: 'string' };
  const out: Json = {};
  const n = ctx.uniq.next();
  for (const lang of keys) {
    const ps = isObj(props[lang]) ? props[lang] : first;
    const t = typeOf(ps);
    if (t === 'string' && !dateKind(name, ps) && !/url$/i.test(name)) out[lang] = fitLength(`qa-${ctx.runId}-${n}-${lang}`, ps);
    else out[lang] = minimalValue(ps, ctx, name, depth + 1, undefined, name);
  }
  return out;
}

function fitLength(v: string, s: Json): string {
  const min = typeof s.minLength === 'number' ? s.minLength : 0;
  const max = typeof s.maxLength === 'number' ? s.maxLength : Infinity;
  let out = v;
  if (out.length < min) out = out.padEnd(min, 'x');
  if (out.length > max) out = out.slice(out.length - max);
  return out;
}

/** A valid JSON body for the operation: the minimal one from its schema. */
export function validBody(op: Operation, ctx: BodyContext): unknown {
  const sends = CLIENT_SENDS[op.id];
  return minimalValue(op.body?.schema, sends ? { ...ctx, sends: new Set(sends) } : ctx);
}

/**
 * Reference fields a body needs (required `...Id` properties; with `all`, optional ones too), so
 * callers can fetch real ids first.
 */
export function referenceFields(schema: SpecSchema | undefined, opts: { all?: boolean } = {}): string[] {
  const out = new Set<string>();
  const visit = (s: unknown, depth: number): void => {
    if (!isObj(s) || depth > 6) return;
    // The first alternative of a oneOf/anyOf, as minimalValue builds it.
    const first: unknown = Array.isArray(s.oneOf) ? (s.oneOf as unknown[])[0] : Array.isArray(s.anyOf) ? (s.anyOf as unknown[])[0] : undefined;
    if (isObj(first)) return visit(first, depth);
    const m = mergeAllOf(s);
    if (typeOf(m) === 'array') return visit(m.items, depth + 1);
    const props = isObj(m.properties) ? m.properties : {};
    const required = new Set(Array.isArray(m.required) ? m.required.map(String) : []);
    for (const [k, ps] of Object.entries(props)) {
      if ((!required.has(k) && !opts.all) || !isObj(ps) || ps.readOnly === true) continue;
      if (/.Ids?$/.test(k) && isReferenceField(k) && ['integer', 'number', 'string', 'array'].includes(typeOf(ps) ?? '') && !Array.isArray(ps.enum)) out.add(k);
      visit(ps, depth + 1);
    }
  };
  visit(schema, 0);
  return [...out];
}

/**
 * Reference fields of what CLIENT_SENDS adds to the operation's body (`productId`; the required
 * `countryId` of a customer's new address), so callers can fetch real ids for them too.
 */
export function clientSentReferences(op: Operation): string[] {
  const out = new Set<string>();
  for (const path of CLIENT_SENDS[op.id] ?? []) {
    // Read by what it names, not by its name (CLIENT_SENT_IDS: the resolver reads those).
    if (CLIENT_SENT_IDS[op.id]?.[path]) continue;
    let s: unknown = op.body?.schema;
    const parts = path.split('/').slice(1);
    for (const part of parts) {
      const m: unknown = isObj(s) ? mergeAllOf(s) : undefined;
      s = !isObj(m) ? undefined : part === '*' ? m.items : isObj(m.properties) ? m.properties[part] : undefined;
    }
    const name = parts[parts.length - 1] ?? '';
    if (isReferenceField(name)) out.add(name);
    else if (isObj(s)) for (const f of referenceFields(s)) out.add(f);
  }
  return [...out];
}

/**
 * Whether a create body's record requires an `id` (the item of a bulk form): for a create under a
 * parent (`POST /products/{id}/additional_fields`) it names a record of that kind, which must then
 * be the harness's own or read from the target.
 */
export function requiresId(schema: SpecSchema | undefined): boolean {
  if (!isObj(schema)) return false;
  const m = mergeAllOf(schema);
  if (typeOf(m) === 'array') return requiresId(isObj(m.items) ? m.items : undefined);
  return Array.isArray(m.required) && m.required.includes('id') && isObj(m.properties) && isObj(m.properties.id) && m.properties.id.readOnly !== true;
}

/** Form fields of an upload: a tiny PNG for each file field, names with the run id. */
export function multipartBody(op: Operation, ctx: BodyContext): Record<string, string | { name: string; mimeType: string; buffer: Buffer }> {
  const out: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {};
  const n = ctx.uniq.next();
  const fileName = `qa-${ctx.runId}-${n}.png`;
  for (const f of op.formFields) {
    if (!f.required) continue;
    if (f.schema.type === 'file' || f.schema.format === 'binary') out[f.name] = { name: fileName, mimeType: 'image/png', buffer: TINY_PNG };
    else if (/file ?name/i.test(f.name)) out[f.name] = fileName;
    else {
      const v = minimalValue(f.schema, ctx, f.name);
      out[f.name] = typeof v === 'string' ? v : JSON.stringify(v ?? '');
    }
  }
  return out;
}

/** A 1x1 transparent PNG. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
