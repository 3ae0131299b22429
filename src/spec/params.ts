// Query (and header/path) parameter values on the wire, both ways, shared by the harness client
// (which serialises what it sends) and the reference shop (which parses what it receives), so both
// read `collectionFormat` the same way:
//   csv  a,b,c   ssv  a b c   tsv  a<TAB>b<TAB>c   pipes  a|b|c   multi  x=a&x=b&x=c
// Swagger 2.0 has no escaping for a separator inside an item, so such items cannot round-trip; an
// empty array is sent as an empty value (non-multi) or not at all (multi) and parses back as [].
import type { ParameterInfo, SpecSchema } from './types.js';

export type CollectionFormat = NonNullable<ParameterInfo['collectionFormat']>;

export const SEPARATORS: Readonly<Record<Exclude<CollectionFormat, 'multi'>, string>> = { csv: ',', ssv: ' ', tsv: '\t', pipes: '|' };

/** What these functions need of a parameter; a catalogue ParameterInfo fits. */
export type ParamLike = Pick<ParameterInfo, 'name' | 'schema'> & Partial<Pick<ParameterInfo, 'in' | 'collectionFormat' | 'allowEmptyValue'>>;

export type ParsedParam = { ok: true; value: unknown } | { ok: false; message: string };

function isArraySchema(schema: SpecSchema): boolean {
  return schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array'));
}

function scalarText(value: unknown): string {
  if (value === null || value === undefined) return ''; // array items only
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

export interface SerializeOptions {
  /** `true` for a parameter with allowEmptyValue is sent as a bare flag (`?recursive=`). */
  flagsWithoutValue?: boolean;
}

/** One parameter value -> the `[name, text]` pairs of the query string (none for undefined/null). */
export function serializeQueryParam(param: ParamLike, value: unknown, opts: SerializeOptions = {}): [string, string][] {
  if (value === undefined || value === null) return [];
  if (value === true && opts.flagsWithoutValue && param.allowEmptyValue) return [[param.name, '']];
  if (!Array.isArray(value)) return [[param.name, scalarText(value)]];
  const format = param.collectionFormat ?? 'csv';
  if (format === 'multi') return value.map((v) => [param.name, scalarText(v)]);
  return [[param.name, value.map(scalarText).join(SEPARATORS[format])]];
}

function typeOf(schema: SpecSchema): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) return schema.type.find((t): t is string => typeof t === 'string' && t !== 'null');
  return undefined;
}

/** Text -> typed scalar by the schema's type; `undefined` value means "treat as not given". */
function coerce(schema: SpecSchema, text: string, allowEmptyValue: boolean): ParsedParam {
  const type = typeOf(schema);
  if (type === 'boolean') {
    // A flag such as `?recursive` (allowEmptyValue) is true by being there.
    if (text === '' && allowEmptyValue) return { ok: true, value: true };
    const t = text.toLowerCase();
    if (t === 'true' || t === '1') return { ok: true, value: true };
    if (t === 'false' || t === '0') return { ok: true, value: false };
    return { ok: false, message: `"${text}" is not a boolean` };
  }
  if (type === 'integer' || type === 'number') {
    if (text === '' && allowEmptyValue) return { ok: true, value: undefined };
    const re = type === 'integer' ? /^[+-]?\d+$/ : /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
    if (!re.test(text)) return { ok: false, message: `"${text}" is not ${type === 'integer' ? 'an integer' : 'a number'}` };
    return { ok: true, value: Number(text) };
  }
  return { ok: true, value: text };
}

/**
 * All occurrences of one parameter (e.g. `URLSearchParams.getAll(name)`) -> its typed value:
 * arrays split by their collectionFormat and each item typed by `items`, integers/numbers/booleans
 * converted, strings as they are. A scalar given twice takes the last value, as PHP does. Schema
 * rules (enum, minimum, pattern ...) are not checked here; validate the value afterwards.
 */
export function parseQueryParam(param: ParamLike, raw: readonly string[]): ParsedParam {
  if (raw.length === 0) return { ok: true, value: undefined };
  const allowEmpty = param.allowEmptyValue === true;
  if (!isArraySchema(param.schema)) return coerce(param.schema, raw[raw.length - 1] ?? '', allowEmpty);
  const format = param.collectionFormat ?? 'csv';
  const items = typeof param.schema.items === 'object' && param.schema.items !== null && !Array.isArray(param.schema.items) ? (param.schema.items as SpecSchema) : {};
  const parts = format === 'multi' ? [...raw] : raw.flatMap((r) => (r === '' ? [] : r.split(SEPARATORS[format])));
  const value: unknown[] = [];
  for (const [i, part] of parts.entries()) {
    const item = coerce(items, part, false);
    if (!item.ok) return { ok: false, message: `item ${i + 1}: ${item.message}` };
    value.push(item.value);
  }
  return { ok: true, value };
}

/** Query string for the query parameters among `params`; names not declared are sent as given. */
export function serializeQuery(params: readonly ParamLike[], values: Readonly<Record<string, unknown>>, opts: SerializeOptions = {}): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    const declared = params.find((p) => p.name === name && (p.in === undefined || p.in === 'query'));
    for (const [k, v] of serializeQueryParam(declared ?? { name, schema: {} }, value, opts)) search.append(k, v);
  }
  return search;
}

/** Typed values of the declared query parameters present in `search`, and one error per bad one. */
export function parseQuery(params: readonly ParamLike[], search: URLSearchParams): { values: Record<string, unknown>; errors: { name: string; message: string }[] } {
  const values: Record<string, unknown> = {};
  const errors: { name: string; message: string }[] = [];
  for (const p of params) {
    if (p.in !== undefined && p.in !== 'query') continue;
    const parsed = parseQueryParam(p, search.getAll(p.name));
    if (!parsed.ok) errors.push({ name: p.name, message: parsed.message });
    else if (parsed.value !== undefined) values[p.name] = parsed.value;
  }
  return { values, errors };
}
