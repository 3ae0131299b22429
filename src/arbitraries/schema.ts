// Reading converted schemas: the declared types, $ref resolution and allOf merging, so the
// generators only ever see one plain schema per location.
import type { ArbOptions, JsonSchema } from './types.js';
import { isObj } from '../core/json.js';

export type SchemaObject = { [key: string]: unknown };

export const JSON_TYPES = ['object', 'array', 'string', 'integer', 'number', 'boolean', 'null'] as const;
export type JsonType = (typeof JSON_TYPES)[number];

/** Escapes one JSON-pointer segment. */
export function seg(name: string): string {
  return '/' + name.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function num(s: SchemaObject, key: string): number | undefined {
  const v = s[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** Keywords that only constrain values of one JSON type (and are ignored for the others). */
const TYPE_KEYWORDS: Record<JsonType, readonly string[]> = {
  string: ['minLength', 'maxLength', 'pattern', 'format'],
  integer: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  object: ['properties', 'required', 'additionalProperties', 'minProperties', 'maxProperties', 'patternProperties', 'propertyNames', 'dependencies'],
  array: ['items', 'minItems', 'maxItems', 'uniqueItems', 'contains', 'additionalItems'],
  boolean: [],
  null: [],
};

export function hasKeywordsFor(s: SchemaObject, t: JsonType): boolean {
  return TYPE_KEYWORDS[t].some((k) => s[k] !== undefined);
}

/** Declared types; when `type` is absent, the types the other keywords imply (none = anything). */
export function typesOf(s: SchemaObject): JsonType[] {
  const t = s.type;
  if (typeof t === 'string') return (JSON_TYPES as readonly string[]).includes(t) ? [t as JsonType] : [];
  if (Array.isArray(t)) return t.filter((x): x is JsonType => (JSON_TYPES as readonly unknown[]).includes(x));
  const implied: JsonType[] = [];
  for (const k of ['object', 'array', 'string', 'number'] as const) if (hasKeywordsFor(s, k)) implied.push(k);
  return implied;
}

export function declaresType(s: SchemaObject): boolean {
  return s.type !== undefined;
}

/** Follows `$ref`s (siblings of a $ref carry no meaning in Swagger 2.0 / OAS 3.0). */
export function deref(schema: unknown, opts: ArbOptions): JsonSchema {
  let cur = schema;
  for (let hops = 0; isObj(cur) && typeof cur.$ref === 'string'; hops++) {
    if (hops > 32 || !opts.resolveRef) return {};
    cur = opts.resolveRef(cur.$ref);
  }
  if (typeof cur === 'boolean') return cur;
  return isObj(cur) ? cur : {};
}

function mergeInto(out: SchemaObject, add: SchemaObject): void {
  for (const [k, v] of Object.entries(add)) {
    if (k === 'allOf') continue;
    const cur = out[k];
    if (cur === undefined) out[k] = v;
    else if (k === 'properties' && isObj(cur) && isObj(v)) out[k] = { ...cur, ...v };
    else if (k === 'required' && Array.isArray(cur) && Array.isArray(v)) out[k] = [...new Set<unknown>([...(cur as unknown[]), ...(v as unknown[])])];
    else if ((k === 'minimum' || k === 'minLength' || k === 'minItems') && typeof cur === 'number' && typeof v === 'number') out[k] = Math.max(cur, v);
    else if ((k === 'maximum' || k === 'maxLength' || k === 'maxItems') && typeof cur === 'number' && typeof v === 'number') out[k] = Math.min(cur, v);
    else if (k === 'type') {
      const a = Array.isArray(cur) ? cur : [cur];
      const b = Array.isArray(v) ? v : [v];
      const both = a.filter((x) => b.includes(x) || (x === 'integer' && b.includes('number')));
      for (const x of b) if (x === 'integer' && a.includes('number') && !both.includes('integer')) both.push('integer');
      out[k] = both.length === 1 ? both[0] : both;
    }
    // Anything else: the first declaration wins (a best effort; specs rarely repeat keywords in allOf).
  }
}

/**
 * The plain schema at a location: $refs followed and allOf members merged into one object
 * (properties united, required united, bounds tightened). Returns a boolean schema as it is.
 */
export function flatten(schema: unknown, opts: ArbOptions, depth = 0): JsonSchema {
  const s = deref(schema, opts);
  if (typeof s === 'boolean' || !Array.isArray(s.allOf) || depth > 16) return s;
  const out: SchemaObject = {};
  mergeInto(out, s);
  for (const member of s.allOf) {
    const m = flatten(member, opts, depth + 1);
    if (m === false) return false;
    if (isObj(m)) mergeInto(out, m);
  }
  return out;
}

/** Keywords the invalid generators do not model: no violation is claimed at or below them. */
const OPAQUE = ['anyOf', 'oneOf', 'not', 'if', 'then', 'else', 'const', 'contains', 'dependencies', 'propertyNames', 'patternProperties', 'minProperties', 'maxProperties', 'additionalItems'];

export function isOpaque(s: SchemaObject): boolean {
  return OPAQUE.some((k) => s[k] !== undefined) || Array.isArray(s.items);
}

/** A JSON pointer pattern for overrides: array indices are written `*`. */
export function matchesOverride(pattern: string, opts: ArbOptions): boolean {
  return opts.overrides !== undefined && Object.prototype.hasOwnProperty.call(opts.overrides, pattern);
}

/** True when a pattern is at or below an overridden pointer. */
export function underOverride(pattern: string, opts: ArbOptions): boolean {
  if (!opts.overrides) return false;
  return Object.keys(opts.overrides).some((p) => pattern === p || pattern.startsWith(p + '/'));
}
