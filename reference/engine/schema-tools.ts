// Small walks over the (dereferenced) schemas of the spec: what the shop strips from requests,
// how it completes and trims records to the declared answer shape. These keep the shop's answers
// spec-shaped by construction instead of by hand in every group.
import type { SpecSchema } from '../../src/spec/types.js';
import { isObj } from '../../src/core/json.js';

export type Json = Record<string, unknown>;

/** One schema out of an allOf (the spec wraps a $ref in allOf to give it readOnly). */
export function flat(schema: SpecSchema): SpecSchema {
  if (!Array.isArray(schema.allOf)) return schema;
  const out: Json = { ...schema };
  delete out.allOf;
  const properties: Json = isObj(schema.properties) ? { ...schema.properties } : {};
  const required: unknown[] = Array.isArray(schema.required) ? [...(schema.required as unknown[])] : [];
  for (const part of schema.allOf as unknown[]) {
    if (!isObj(part)) continue;
    const p = flat(part);
    if (isObj(p.properties)) Object.assign(properties, p.properties);
    if (Array.isArray(p.required)) required.push(...(p.required as unknown[]));
    for (const k of ['type', 'items', 'enum', 'additionalProperties', 'minimum'] as const) if (out[k] === undefined && p[k] !== undefined) out[k] = p[k];
  }
  if (Object.keys(properties).length) out.properties = properties;
  if (required.length) out.required = required;
  return out;
}

function props(schema: SpecSchema): Json | undefined {
  const s = flat(schema);
  return isObj(s.properties) ? s.properties : undefined;
}

function isWriteOnly(s: unknown): boolean {
  return isObj(s) && (s['x-writeOnly'] === true || s.writeOnly === true);
}

const MAX_DEPTH = 20;

/** Removes fields the spec marks readOnly (the shop ignores them in requests), at every depth. */
export function stripReadOnly(input: SpecSchema | undefined, value: unknown, depth = 0): unknown {
  if (!input || depth > MAX_DEPTH) return value;
  const schema = flat(input);
  if (Array.isArray(value)) {
    const items = isObj(schema.items) ? schema.items : undefined;
    return items ? value.map((v) => stripReadOnly(items, v, depth + 1)) : value;
  }
  const p = props(schema);
  if (!isObj(value) || !p) return value;
  const out: Json = {};
  for (const [k, v] of Object.entries(value)) {
    const sub = p[k];
    if (isObj(sub) && sub.readOnly === true) continue;
    out[k] = isObj(sub) ? stripReadOnly(sub, v, depth + 1) : v;
  }
  return out;
}

/** The schema at a JSON pointer of an instance (through properties and items), if declared. */
export function schemaAt(schema: SpecSchema | undefined, pointer: string): SpecSchema | undefined {
  let cur: unknown = schema;
  for (const raw of pointer.split('/').slice(1)) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObj(cur)) return undefined;
    const s = flat(cur);
    cur = s.type === 'array' || (isObj(s.items) && !isObj(s.properties)) ? s.items : props(s)?.[seg];
  }
  return isObj(cur) ? flat(cur) : undefined;
}

/** Top-level fields of a request record the schema does not declare. */
export function undeclaredFields(input: SpecSchema | undefined, value: unknown): string[] {
  const schema = input ? flat(input) : undefined;
  const p = schema ? props(schema) : undefined;
  if (!p || !isObj(value) || schema?.additionalProperties !== undefined) return [];
  return Object.keys(value).filter((k) => !(k in p));
}

/** A valid placeholder for a required field the shop has no value for. */
export function defaultFor(input: unknown, depth = 0): unknown {
  if (!isObj(input) || depth > MAX_DEPTH) return null;
  const schema = flat(input);
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  const t: unknown = Array.isArray(schema.type) ? (schema.type as unknown[])[0] : schema.type;
  switch (t) {
    case 'string':
      return '';
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' && schema.minimum > 0 ? schema.minimum : 0;
    case 'boolean':
      return false;
    case 'array':
      return [];
    default:
      return props(schema) || t === 'object' ? complete(schema, {}, depth + 1) : null;
  }
}

/**
 * A record with every field its schema requires (placeholders for the missing ones), at any depth.
 * Used when a record is stored, so that what the shop keeps is complete; answers are not padded.
 */
export function complete(input: SpecSchema | undefined, value: unknown, depth = 0): unknown {
  if (!input || depth > MAX_DEPTH) return value;
  const schema = flat(input);
  if (Array.isArray(value)) {
    const items = isObj(schema.items) ? schema.items : undefined;
    return items ? value.map((v) => complete(items, v, depth + 1)) : value;
  }
  const p = props(schema);
  if (!isObj(value) || !p) return value;
  const out: Json = {};
  for (const [k, v] of Object.entries(value)) out[k] = isObj(p[k]) ? complete(p[k], v, depth + 1) : v;
  for (const k of Array.isArray(schema.required) ? schema.required : []) {
    if (typeof k === 'string' && !(k in out) && !isWriteOnly(p[k])) out[k] = defaultFor(p[k], depth + 1);
  }
  return out;
}

/**
 * The value in the shape the schema declares: undeclared and write-only fields are dropped and
 * numbers become strings where the schema says string (several ids are declared as strings).
 * Missing fields stay missing: an incomplete answer is a defect to be seen, not papered over.
 */
export function conform(input: SpecSchema | undefined, value: unknown, depth = 0): unknown {
  if (!input || depth > MAX_DEPTH || value === undefined || value === null) return value;
  const schema = flat(input);
  if (Array.isArray(value)) {
    const items = isObj(schema.items) ? schema.items : undefined;
    return items ? value.map((v) => conform(items, v, depth + 1)) : value;
  }
  const t = Array.isArray(schema.type) ? undefined : schema.type;
  if (t === 'string' && typeof value === 'number') return String(value);
  const p = props(schema);
  if (!isObj(value) || !p) return value;
  const out: Json = {};
  for (const [k, sub] of Object.entries(p)) {
    if (!(k in value) || isWriteOnly(sub)) continue;
    out[k] = isObj(sub) ? conform(sub, value[k], depth + 1) : value[k];
  }
  const extra = schema.additionalProperties;
  if (extra !== undefined && extra !== false) {
    for (const [k, v] of Object.entries(value)) if (!(k in p)) out[k] = isObj(extra) ? conform(extra, v, depth + 1) : v;
  }
  return out;
}

/** Deep merge for PATCH: objects merge field by field, everything else is replaced. */
export function mergePatch(base: unknown, patch: unknown): unknown {
  if (!isObj(base) || !isObj(patch)) return structuredClone(patch);
  const out: Json = { ...structuredClone(base) };
  for (const [k, v] of Object.entries(patch)) out[k] = mergePatch(out[k], v);
  return out;
}
