// Valid values for a converted (request-mode) schema: types, formats, enums, bounds, lengths,
// required fields plus a random subset of the optional ones. Read-only fields are `false` in a
// request-mode schema and never generated. Nesting is bounded: past maxDepth only what is
// required is generated, so recursive schemas terminate.
import fc from 'fast-check';
import { formatArb, looksLikeEmailField, emailArb } from './formats.js';
import { DEFAULT_FACTS } from '../spec/shop-facts.js';
import { isMultiLang, languageKeysFor, liveNumberArb, liveReference, liveStringArb } from './live.js';
import { integerArb, numberArb } from './numbers.js';
import { isObj } from '../core/json.js';
import { flatten, num, seg, typesOf, type JsonType, type SchemaObject } from './schema.js';
import { lengthOf, text, uniqueText } from './strings.js';
import { GenerationError, OMIT, type ArbOptions } from './types.js';

/** Where a generator stands: nesting depth, pointer pattern (items as `*`) and field name. */
export interface At {
  depth: number;
  pattern: string;
  name?: string;
}

export const ROOT: At = { depth: 0, pattern: '' };
export const DEFAULT_MAX_DEPTH = 4;
/** Beyond maxDepth + this, a schema that still requires nesting is reported instead of followed. */
const HARD_DEPTH = 16;

/** Any small JSON value, for schemas that say nothing. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean(), fc.constant(null));

export function maxDepthOf(opts: ArbOptions): number {
  return opts.maxDepth ?? DEFAULT_MAX_DEPTH;
}

/** Retries a predicate a bounded number of times instead of filtering forever. */
function fitOrThrow<T>(arb: fc.Arbitrary<T>, ok: (v: T) => boolean, what: string): fc.Arbitrary<T> {
  return fc.array(arb, { minLength: 12, maxLength: 12 }).map((candidates) => {
    const hit = candidates.find(ok);
    if (hit === undefined) throw new GenerationError(`${what}: no generated candidate satisfied the schema`);
    return hit;
  });
}

function stringArb(s: SchemaObject, opts: ArbOptions, at: At): fc.Arbitrary<string> {
  const bounds = { minLength: num(s, 'minLength'), maxLength: num(s, 'maxLength') };
  const lengthOk = (v: string): boolean => {
    const n = lengthOf(v);
    return n >= (bounds.minLength ?? 0) && n <= (bounds.maxLength ?? Infinity);
  };
  let re: RegExp | undefined;
  if (typeof s.pattern === 'string') {
    try {
      re = new RegExp(s.pattern, 'u'); // ajv compiles patterns with the u flag
    } catch {
      re = undefined;
    }
  }
  const where = at.pattern || '/';
  const live = liveStringArb(at.name, s, opts);
  if (live) {
    const pattern = re;
    return bounds.minLength !== undefined || bounds.maxLength !== undefined || pattern ? fitOrThrow(live, (v) => lengthOk(v) && (!pattern || pattern.test(v)), where) : live;
  }
  const format = typeof s.format === 'string' ? formatArb(s.format, opts) : undefined;
  if (format) {
    const pattern = re;
    return bounds.minLength !== undefined || bounds.maxLength !== undefined || pattern
      ? fitOrThrow(format, (v) => lengthOk(v) && (!pattern || pattern.test(v)), where)
      : format;
  }
  if (re) {
    const m = fc.stringMatching(re, bounds.maxLength !== undefined ? { maxLength: bounds.maxLength } : {});
    return bounds.minLength !== undefined ? fitOrThrow(m, lengthOk, where) : m;
  }
  const unique = at.name !== undefined && opts.uniqueFields?.includes(at.name) === true;
  if (looksLikeEmailField(at.name)) {
    const e = emailArb(opts);
    return bounds.minLength !== undefined || bounds.maxLength !== undefined ? fitOrThrow(e, lengthOk, where) : e;
  }
  const { runId } = opts;
  if (unique && runId !== undefined) return uniqueText(bounds, { ...opts, runId });
  return text(bounds, opts);
}

function arrayArb(s: SchemaObject, opts: ArbOptions, at: At): fc.Arbitrary<unknown[]> {
  const minItems = num(s, 'minItems') ?? 0;
  const maxItems = num(s, 'maxItems');
  const child: At = { depth: at.depth + 1, pattern: `${at.pattern}/*` };
  if (Array.isArray(s.items)) {
    // Tuple form: one schema per position; positions beyond the list are not generated.
    return fc.tuple(...s.items.map((item, i) => valid(item, opts, { depth: at.depth + 1, pattern: `${at.pattern}/${i}` })));
  }
  let items: fc.Arbitrary<unknown>;
  try {
    items = valid(s.items ?? true, opts, child);
  } catch (err) {
    // On a live shop, items that would need a reference nobody read (a group permission names a
    // customer group) are not sent at all: the list stays empty where the schema allows it.
    if (opts.live && err instanceof GenerationError && minItems === 0) return fc.constant([]);
    throw err;
  }
  let hi = maxItems !== undefined && maxItems <= 10 ? maxItems : minItems + 3;
  if (maxItems !== undefined) hi = Math.min(hi, maxItems);
  if (at.depth >= maxDepthOf(opts)) hi = minItems;
  if (hi < minItems) throw new GenerationError(`${at.pattern || '/'}: minItems ${minItems} > maxItems ${String(maxItems)}`);
  if (s.uniqueItems === true) return fc.uniqueArray(items, { minLength: minItems, maxLength: hi, selector: (v) => JSON.stringify(v) });
  return fc.array(items, { minLength: minItems, maxLength: hi });
}

export interface ObjectShape {
  /** Leave these fields out, required ones included (the caller adds them back or breaks `required`). */
  absent?: readonly string[];
}

/** A reference value in the type the field declares (a string id where the schema says string). */
function typedReference(arb: fc.Arbitrary<unknown>, sub: unknown, opts: ArbOptions): fc.Arbitrary<unknown> {
  const s = flatten(sub, opts);
  const types = isObj(s) ? typesOf(s) : [];
  const one = (v: unknown, t: JsonType | undefined): unknown => (t === 'string' ? String(v) : (t === 'integer' || t === 'number') && typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v);
  if (types.includes('array')) {
    const items = isObj(s) ? flatten(s.items ?? true, opts) : true;
    const it = isObj(items) ? typesOf(items)[0] : undefined;
    return arb.map((v) => (Array.isArray(v) ? v.map((x) => one(x, it)) : [one(v, it)]));
  }
  return arb.map((v) => one(v, types[0]));
}

/** A multi-language object on a live shop: exactly the shop's language keys, each valued by the schema of its key (or the first key's). */
function multiLangArb(s: SchemaObject, opts: ArbOptions, at: At, shape: ObjectShape): fc.Arbitrary<Record<string, unknown>> {
  const props = isObj(s.properties) ? s.properties : {};
  const first = Object.values(props)[0] ?? true;
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const lang of languageKeysFor(s, opts.live?.facts ?? DEFAULT_FACTS)) {
    if (shape.absent?.includes(lang)) continue;
    const sub = props[lang] ?? first;
    model[lang] = valid(sub, opts, { depth: at.depth + 1, pattern: at.pattern + seg(lang), ...(at.name !== undefined ? { name: at.name } : {}) });
  }
  return fc.record(model, { noNullPrototype: true });
}

export function objectArb(s: SchemaObject, opts: ArbOptions, at: At, shape: ObjectShape = {}): fc.Arbitrary<Record<string, unknown>> {
  if (opts.live && isMultiLang(s)) return multiLangArb(s, opts, at, shape);
  const props = isObj(s.properties) ? s.properties : {};
  const required = new Set(Array.isArray(s.required) ? s.required.filter((r): r is string => typeof r === 'string') : []);
  const withOptional = at.depth < maxDepthOf(opts) && opts.optional !== 'none';
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  const requiredKeys: string[] = [];
  const names = new Set([...Object.keys(props), ...required]);
  for (const name of names) {
    if (shape.absent?.includes(name)) continue;
    const sub = props[name];
    if (sub === false) continue; // read-only in a request
    const pattern = at.pattern + seg(name);
    const isRequired = required.has(name);
    const present = !isRequired && opts.present?.includes(pattern) === true && opts.overrides?.[pattern] !== OMIT;
    if (!isRequired && !present && (!withOptional || opts.overrides?.[pattern] === OMIT)) continue;
    // On a live shop an id or a reference holds only what was read from it (or nothing).
    const ref = opts.overrides?.[pattern] === undefined ? liveReference(name, isRequired, opts, pattern, at.depth + 1) : undefined;
    if (ref === 'omit') continue;
    if (ref !== undefined) model[name] = typedReference(ref, sub, opts);
    else model[name] = sub === undefined ? anyJson : valid(sub, opts, { depth: at.depth + 1, pattern, name });
    if (isRequired || present || opts.optional === 'all') requiredKeys.push(name);
  }
  return fc.record(model, { requiredKeys, noNullPrototype: true });
}

function byType(t: JsonType, s: SchemaObject, opts: ArbOptions, at: At): fc.Arbitrary<unknown> {
  switch (t) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return opts.inputClass?.booleans === undefined ? fc.boolean() : fc.constant(opts.inputClass.booleans);
    case 'integer':
      return liveNumberArb(at.name, s, true, opts) ?? integerArb(s, at.pattern);
    case 'number':
      return liveNumberArb(at.name, s, false, opts) ?? numberArb(s, opts, at.pattern);
    case 'string':
      return stringArb(s, opts, at);
    case 'array':
      return arrayArb(s, opts, at);
    case 'object':
      return objectArb(s, opts, at);
  }
}

function fitsType(v: unknown, types: JsonType[]): boolean {
  if (types.length === 0) return true;
  return types.some((t) => {
    if (t === 'null') return v === null;
    if (t === 'integer') return Number.isInteger(v);
    if (t === 'array') return Array.isArray(v);
    if (t === 'object') return isObj(v);
    return typeof v === t;
  });
}

// Invalid generators rebuild the valid siblings of every place they break, so the same subtree is
// asked for many times per call: arbitraries are kept per options object, schema and position.
const built = new WeakMap<ArbOptions, WeakMap<object, Map<string, fc.Arbitrary<unknown>>>>();

/** The valid-value arbitrary at one location (internal: carries the position). */
export function valid(schema: unknown, opts: ArbOptions, at: At): fc.Arbitrary<unknown> {
  if (!isObj(schema)) return build(schema, opts, at);
  let bySchema = built.get(opts);
  if (!bySchema) built.set(opts, (bySchema = new WeakMap()));
  let byAt = bySchema.get(schema);
  if (!byAt) bySchema.set(schema, (byAt = new Map<string, fc.Arbitrary<unknown>>()));
  const key = `${at.depth} ${at.name ?? ''} ${at.pattern}`;
  let arb = byAt.get(key);
  if (!arb) byAt.set(key, (arb = build(schema, opts, at)));
  return arb;
}

function build(schema: unknown, opts: ArbOptions, at: At): fc.Arbitrary<unknown> {
  const override = opts.overrides?.[at.pattern];
  if (override !== undefined && override !== OMIT) return override;
  if (at.depth > maxDepthOf(opts) + HARD_DEPTH) throw new GenerationError(`${at.pattern || '/'}: the schema requires nesting deeper than ${maxDepthOf(opts) + HARD_DEPTH} levels`);
  const s = flatten(schema, opts);
  if (s === true) return anyJson;
  if (s === false) throw new GenerationError(`${at.pattern || '/'}: no value is allowed here`);
  const types = typesOf(s);
  if (Array.isArray(s.enum)) {
    const allowed = (s.enum as unknown[]).filter((v) => fitsType(v, types));
    if (allowed.length === 0) throw new GenerationError(`${at.pattern || '/'}: no enum value has the declared type`);
    const pinned = opts.inputClass?.enumIndex;
    return pinned === undefined ? fc.constantFrom(...allowed) : fc.constant(allowed[pinned % allowed.length]);
  }
  if (s.const !== undefined) return fc.constant(s.const);
  const branches = Array.isArray(s.anyOf) ? s.anyOf : Array.isArray(s.oneOf) ? s.oneOf : undefined;
  if (branches) {
    // One branch merged with the keywords beside anyOf/oneOf. For oneOf this is a best effort: a
    // value may match more than one branch.
    const base: SchemaObject = { ...s };
    delete base.anyOf;
    delete base.oneOf;
    const arbs = branches.filter((b) => b !== false).map((b) => valid({ allOf: [base, b] }, opts, at));
    if (arbs.length === 0) throw new GenerationError(`${at.pattern || '/'}: no branch of anyOf/oneOf allows a value`);
    return fc.oneof(...arbs);
  }
  if (types.length === 0) return anyJson;
  const arbs = types.map((t) => ({ weight: t === 'null' ? 1 : 4, arbitrary: byType(t, s, opts, at) }));
  return arbs.length === 1 && arbs[0] ? arbs[0].arbitrary : fc.oneof(...arbs);
}

/** Valid values for a converted schema. */
export function validValue(schema: unknown, opts: ArbOptions = {}): fc.Arbitrary<unknown> {
  return valid(schema, opts, ROOT);
}
