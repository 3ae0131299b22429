// Converts Swagger 2.0 / OpenAPI 3.0 schemas into plain JSON Schema (draft-07) that ajv
// understands. Two modes, because the same schema means different things in each direction:
// - response: readOnly fields are normal, write-only fields (x-writeOnly / writeOnly, e.g.
//   passwords) must not appear.
// - request: readOnly fields are forbidden and not required; write-only fields are allowed.
// Keys ajv does not know (example, x-*, discriminator, xml, externalDocs) are dropped, so ajv can
// run in strict mode on what is left and still accept real-world specs. Formats: int32/int64 become
// bounds (int64 = a safe integer), float/double/password/binary carry no rule, date/date-time/
// email/byte are checked by the formats registered in validators.ts, unknown formats are dropped
// (the linter reports them). `type: file` accepts anything; invalid types are dropped.
import { isObj } from '../core/json.js';

export type SchemaMode = 'request' | 'response';

type Json = { [key: string]: unknown };

export const INT64_MAX = Number.MAX_SAFE_INTEGER;
export const INT64_MIN = -Number.MAX_SAFE_INTEGER;
/**
 * The bounds the format itself sets (2^63). Our spec bounds int64 by 2^53, what a JSON client in
 * JavaScript reads exactly; the vendor's description does not, so the vendor-normative schema
 * (fullInt64) takes the format's own range and a larger id is only an advisory.
 */
export const INT64_FORMAT_MAX = 2 ** 63;
export const INT64_FORMAT_MIN = -(2 ** 63);
const INT32_MAX = 2 ** 31 - 1;
const INT32_MIN = -(2 ** 31);

/** Keywords that carry meaning in draft-07 and are kept as they are (after recursion). */
const KEEP = new Set([
  '$ref', 'type', 'enum', 'const', 'format', 'pattern', 'minLength', 'maxLength', 'minimum', 'maximum',
  'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minItems', 'maxItems', 'uniqueItems',
  'minProperties', 'maxProperties', 'required', 'properties', 'additionalProperties', 'items',
  'allOf', 'anyOf', 'oneOf', 'not', 'default', 'title', 'description', 'patternProperties',
  'dependencies', 'propertyNames', 'contains', 'if', 'then', 'else', 'definitions',
]);

const JSON_TYPES = new Set(['object', 'array', 'string', 'integer', 'number', 'boolean', 'null']);

export interface ConvertOptions {
  mode: SchemaMode;
  /** Response mode only: objects without additionalProperties reject undeclared fields. */
  strictFields?: boolean;
  /** Rewrites a `$ref` string (e.g. to point into a shared ajv schema). Default: unchanged. */
  mapRef?: (ref: string) => string;
  /** Resolves a `$ref` to its target, so readOnly/writeOnly on a referenced schema is seen. */
  resolveRef?: (ref: string) => unknown;
  /**
   * Strict mode only: rewrites a `$ref` that is a direct `allOf` member to a non-strict copy of its
   * target. A strict member would reject the fields its siblings contribute; the parent of the
   * allOf then carries the union of the members' fields and does the strict check itself.
   */
  lenientRef?: (ref: string) => string;
  /** Neither readOnly nor write-only fields are forbidden (for examples, which show whole records). */
  ignoreAccess?: boolean;
  /** int64 takes the format's range (2^63), not the safe integers (the vendor-normative schema). */
  fullInt64?: boolean;
}

function target(s: unknown, resolveRef?: (ref: string) => unknown): unknown {
  if (isObj(s) && typeof s.$ref === 'string' && resolveRef) return resolveRef(s.$ref) ?? s;
  return s;
}

export function isReadOnly(s: unknown, resolveRef?: (ref: string) => unknown): boolean {
  const t = target(s, resolveRef);
  return isObj(t) && t.readOnly === true;
}

export function isWriteOnly(s: unknown, resolveRef?: (ref: string) => unknown): boolean {
  const t = target(s, resolveRef);
  return isObj(t) && (t.writeOnly === true || t['x-writeOnly'] === true);
}

function isNullable(s: Json): boolean {
  return s['x-nullable'] === true || s.nullable === true;
}

function convertType(t: unknown): string | string[] | undefined {
  if (typeof t === 'string') {
    if (t === 'file') return undefined; // Swagger 2.0 file: any content
    return JSON_TYPES.has(t) ? t : undefined; // invalid types are spec findings, not validator crashes
  }
  if (Array.isArray(t)) {
    const ok = t.filter((x): x is string => typeof x === 'string' && JSON_TYPES.has(x));
    return ok.length ? ok : undefined;
  }
  return undefined;
}

/** Converts one schema (recursively). Accepts dereferenced or $ref-carrying input. */
export function convertSchema(input: unknown, opts: ConvertOptions, seen: WeakMap<object, unknown> = new WeakMap()): unknown {
  if (typeof input === 'boolean') return input;
  if (!isObj(input)) return {};
  const cached = seen.get(input);
  if (cached !== undefined) return cached; // dereferenced specs can be circular
  const out: Json = {};
  seen.set(input, out);

  for (const [key, value] of Object.entries(input)) {
    if (!KEEP.has(key)) continue;
    switch (key) {
      case '$ref':
        out.$ref = opts.mapRef ? opts.mapRef(String(value)) : value;
        break;
      case 'type': {
        const t = convertType(value);
        if (t !== undefined) out.type = t;
        break;
      }
      case 'properties':
        if (isObj(value)) {
          const props: Json = {};
          for (const [name, sub] of Object.entries(value)) {
            if (opts.ignoreAccess) props[name] = convertSchema(sub, opts, seen);
            else if (opts.mode === 'request' && isReadOnly(sub, opts.resolveRef)) props[name] = false;
            else if (opts.mode === 'response' && isWriteOnly(sub, opts.resolveRef)) props[name] = false;
            else props[name] = convertSchema(sub, opts, seen);
          }
          out.properties = props;
        }
        break;
      case 'required':
        if (Array.isArray(value)) out.required = [...(value as unknown[])];
        break;
      case 'items':
        out.items = Array.isArray(value) ? (value as unknown[]).map((v) => convertSchema(v, opts, seen)) : convertSchema(value, opts, seen);
        break;
      case 'additionalProperties':
        out.additionalProperties = typeof value === 'boolean' ? value : convertSchema(value, opts, seen);
        break;
      case 'allOf':
        if (Array.isArray(value)) out.allOf = value.map((v) => (strict(opts) ? lenientMember(v, opts, seen) : convertSchema(v, opts, seen)));
        break;
      case 'anyOf':
      case 'oneOf':
        if (Array.isArray(value)) out[key] = value.map((v) => convertSchema(v, opts, seen));
        break;
      case 'not':
      case 'propertyNames':
      case 'contains':
      case 'if':
      case 'then':
      case 'else':
        out[key] = convertSchema(value, opts, seen);
        break;
      case 'patternProperties':
      case 'definitions':
        if (isObj(value)) {
          const m: Json = {};
          for (const [k, v] of Object.entries(value)) m[k] = convertSchema(v, opts, seen);
          out[key] = m;
        }
        break;
      case 'exclusiveMinimum':
      case 'exclusiveMaximum':
        // Swagger 2.0 / OAS 3.0 use booleans that modify minimum/maximum; draft-07 uses numbers.
        if (typeof value === 'number') out[key] = value;
        break;
      default:
        out[key] = value;
    }
  }

  // Boolean exclusive bounds of Swagger 2.0 / OAS 3.0.
  if (input.exclusiveMinimum === true && typeof input.minimum === 'number') {
    out.exclusiveMinimum = input.minimum;
    delete out.minimum;
  }
  if (input.exclusiveMaximum === true && typeof input.maximum === 'number') {
    out.exclusiveMaximum = input.maximum;
    delete out.maximum;
  }

  applyFormat(out, opts.fullInt64 === true);

  if (Array.isArray(out.required) && isObj(out.properties)) {
    const props = out.properties;
    // Required readOnly fields cannot be demanded from a client; required write-only fields cannot
    // be demanded from a server.
    out.required = (out.required as unknown[]).filter((name) => typeof name !== 'string' || props[name] !== false);
    if ((out.required as unknown[]).length === 0) delete out.required;
  }

  if (strict(opts) && out.additionalProperties === undefined && out.anyOf === undefined && out.oneOf === undefined) {
    if (Array.isArray(input.allOf)) {
      // The parent of an allOf declares every field its members declare, then closes the object.
      const props: Json = isObj(out.properties) ? out.properties : {};
      for (const name of memberFields(input, opts.resolveRef, new Set())) if (!(name in props)) props[name] = true;
      out.properties = props;
      out.additionalProperties = false;
    } else if (isObj(out.properties)) {
      out.additionalProperties = false;
    }
  }

  if (isNullable(input)) makeNullable(out);
  return out;
}

function strict(opts: ConvertOptions): boolean {
  return opts.mode === 'response' && opts.strictFields === true;
}

/** An allOf member in strict mode: converted as usual but left open at its own top level. */
function lenientMember(member: unknown, opts: ConvertOptions, seen: WeakMap<object, unknown>): unknown {
  if (isObj(member) && typeof member.$ref === 'string') {
    // Siblings of $ref carry no meaning in Swagger 2.0 / OpenAPI 3.0.
    return { $ref: opts.lenientRef ? opts.lenientRef(member.$ref) : opts.mapRef ? opts.mapRef(member.$ref) : member.$ref };
  }
  const converted = convertSchema(member, opts, seen);
  if (!isObj(converted) || !isObj(member) || member.additionalProperties !== undefined) return converted;
  const open: Json = { ...converted };
  delete open.additionalProperties;
  return open;
}

/** Names of the fields a schema and its allOf members declare (through $refs). */
function memberFields(schema: unknown, resolveRef: ConvertOptions['resolveRef'], visiting: Set<unknown>): string[] {
  const s = target(schema, resolveRef);
  if (!isObj(s) || visiting.has(s)) return [];
  visiting.add(s);
  const names = isObj(s.properties) ? Object.keys(s.properties) : [];
  if (Array.isArray(s.allOf)) for (const m of s.allOf) names.push(...memberFields(m, resolveRef, visiting));
  return names;
}

/** Formats: integers get their bounds (int64 as a safe integer), the rest is left to ajv-formats
 * or to the custom formats registered in validators.ts. */
function applyFormat(out: Json, fullInt64 = false): void {
  const format = out.format;
  if (typeof format !== 'string') return;
  if (format === 'int32' || format === 'int64') {
    const [lo, hi] = format === 'int32' ? [INT32_MIN, INT32_MAX] : fullInt64 ? [INT64_FORMAT_MIN, INT64_FORMAT_MAX] : [INT64_MIN, INT64_MAX];
    if (typeof out.minimum !== 'number' && typeof out.exclusiveMinimum !== 'number') out.minimum = lo;
    if (typeof out.maximum !== 'number' && typeof out.exclusiveMaximum !== 'number') out.maximum = hi;
    delete out.format;
    return;
  }
  if (format === 'float' || format === 'double' || format === 'password' || format === 'binary') {
    delete out.format;
    return;
  }
  const known = new Set(['date', 'date-time', 'email', 'byte', 'uri', 'uuid', 'hostname', 'ipv4', 'ipv6', 'time', 'uri-reference', 'regex']);
  if (!known.has(format)) delete out.format; // unknown formats are findings, not validation rules
}

function makeNullable(out: Json): void {
  if (typeof out.type === 'string') out.type = [out.type, 'null'];
  else if (Array.isArray(out.type) && !out.type.includes('null')) out.type = [...(out.type as string[]), 'null'];
  if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...(out.enum as unknown[]), null];
  if (out.$ref !== undefined || out.allOf !== undefined || out.oneOf !== undefined || out.anyOf !== undefined) {
    const inner = { ...out };
    for (const k of Object.keys(out)) delete out[k];
    out.anyOf = [{ type: 'null' }, inner];
  }
}
