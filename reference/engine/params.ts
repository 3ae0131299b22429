// Path and query parameters, parsed and checked against what the spec declares for the operation.
// The wire format (collectionFormat, flags, typed scalars) is src/spec/params.ts, shared with the
// harness client; the schema rules (bounds, safe integers, enum, date, pattern, item counts) are
// checked here. A bad path parameter is an `invalidId` (its status depends on the operation); a
// bad query parameter is a 400. Undeclared query parameters are ignored.
import { parseQueryParam } from '../../src/spec/params.js';
import type { Operation, ParameterInfo, SpecSchema } from '../../src/spec/types.js';
import { badRequest, invalidId, type ShopError } from '../http/errors.js';
import { isObj } from '../../src/core/json.js';

type Raw = string | string[] | undefined;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const INT32 = 2 ** 31 - 1;

function isValidDate(s: string): boolean {
  if (!DATE_RE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** The first rule the value breaks, or undefined. */
function problem(schema: SpecSchema, value: unknown): string | undefined {
  if (typeof value === 'number') {
    if (schema.type === 'integer' && !Number.isSafeInteger(value)) return 'is out of range';
    if (!Number.isFinite(value)) return 'is out of range';
    const int32 = schema.format === 'int32';
    const max = typeof schema.maximum === 'number' ? schema.maximum : int32 ? INT32 : Number.MAX_SAFE_INTEGER;
    const min = typeof schema.minimum === 'number' ? schema.minimum : int32 ? -INT32 - 1 : -Number.MAX_SAFE_INTEGER;
    if (value < min) return `must be at least ${min}`;
    if (value > max) return `must be at most ${max}`;
    return undefined;
  }
  if (typeof value === 'string') {
    if (Array.isArray(schema.enum) && !schema.enum.includes(value)) return `must be one of ${schema.enum.map(String).join(', ')}`;
    if (schema.format === 'date' && !isValidDate(value)) return 'must be a date (YYYY-MM-DD)';
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) return `does not match ${schema.pattern}`;
    if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) return 'is too long';
    if (typeof schema.minLength === 'number' && value.length < schema.minLength) return 'is too short';
    return undefined;
  }
  if (Array.isArray(value)) {
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) return `takes at most ${schema.maxItems} values`;
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) return `takes at least ${schema.minItems} values`;
    const items = isObj(schema.items) ? schema.items : {};
    for (const [i, v] of value.entries()) {
      const p = problem(items, v);
      if (p) return `item ${i + 1} ${p}`;
    }
  }
  return undefined;
}

function fail(p: ParameterInfo, message: string): ShopError {
  const msg = `Parameter "${p.name}" ${message}.`;
  return p.in === 'path' ? invalidId(msg) : badRequest(msg);
}

export function parseParams(op: Operation, where: 'path' | 'query', source: Record<string, Raw>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of op.parameters) {
    if (p.in !== where) continue;
    const raw = Object.prototype.hasOwnProperty.call(source, p.name) ? source[p.name] : undefined;
    const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
    const parsed = parseQueryParam(p, list);
    if (!parsed.ok) throw fail(p, parsed.message.replace(/^"(.*)" is/, 'is'));
    if (parsed.value === undefined) {
      if (p.required) throw fail(p, 'is required');
      if (p.schema.default !== undefined) out[p.name] = p.schema.default;
      continue;
    }
    const broken = problem(p.schema, parsed.value);
    if (broken) throw fail(p, broken);
    out[p.name] = parsed.value;
  }
  return out;
}

export type RawParams = Record<string, Raw>;

/** `+` in a query string decodes to a space; a sort key written `+name` arrives as ` name`. */
export function normalizeSortRaw(raw: Raw): Raw {
  if (typeof raw !== 'string') return raw;
  return raw
    .split(',')
    .map((k) => (k.startsWith(' ') ? `+${k.slice(1)}` : k))
    .join(',');
}

const INTEGER_TEXT = /^\s*-?\d+\s*$/;

/**
 * The declared path or query parameters of a request, parsed and checked: what a handler gets as
 * `ctx.params` / `ctx.query`. Besides the declared schema, query values follow the shop's list
 * rules: a sort key's `+` may arrive as a space, `page` and `per_page` below 1 are a 400 (the spec
 * sets no minimum for per_page; ignoring it, as the vendor's own shop does, conforms too), and
 * `disable_links` counts by being there (any value, also on operations that do not declare it).
 */
export function readParams(op: Operation, where: 'path' | 'query', raw: RawParams): Record<string, unknown> {
  if (where === 'path') return parseParams(op, 'path', raw);
  const source: RawParams = { ...raw };
  if ('sort' in source) source.sort = normalizeSortRaw(source.sort);
  for (const name of ['per_page', 'page']) {
    const v = source[name];
    if (typeof v === 'string' && INTEGER_TEXT.test(v) && Number(v) < 1) throw badRequest(`${name} must be at least 1.`);
  }
  const query = parseParams(op, 'query', source);
  if (Object.prototype.hasOwnProperty.call(raw, 'disable_links')) query.disable_links = true;
  return query;
}
