// Path and query parameters, parsed and checked against what the spec declares for the operation
// (type, format, bounds, enum, pattern, array form). A bad path parameter is an `invalidId`
// (its status depends on the operation); a bad query parameter is a 400.
import type { Operation, ParameterInfo, SpecSchema } from '../../src/spec/types.js';
import { badRequest, invalidId, type ShopError } from '../http/errors.js';
import { isObj } from './schema-tools.js';

type Raw = string | string[] | undefined;

const INT_RE = /^[+-]?\d+$/;
const NUM_RE = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const INT32 = 2 ** 31 - 1;

class ParamProblem extends Error {}

function isValidDate(s: string): boolean {
  const m = DATE_RE.exec(s);
  if (!m) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

function bounds(schema: SpecSchema, n: number): void {
  const fmt = schema.format;
  const max = typeof schema.maximum === 'number' ? schema.maximum : fmt === 'int32' ? INT32 : Number.MAX_SAFE_INTEGER;
  const min = typeof schema.minimum === 'number' ? schema.minimum : fmt === 'int32' ? -INT32 - 1 : -Number.MAX_SAFE_INTEGER;
  if (n < min) throw new ParamProblem(`must be at least ${min}`);
  if (n > max) throw new ParamProblem(`must be at most ${max}`);
}

function scalar(schema: SpecSchema, raw: string): unknown {
  const type = schema.type;
  if (type === 'integer') {
    if (!INT_RE.test(raw.trim())) throw new ParamProblem('must be an integer');
    const n = Number(raw);
    if (!Number.isSafeInteger(n)) throw new ParamProblem('is out of range');
    bounds(schema, n);
    return n;
  }
  if (type === 'number') {
    if (!NUM_RE.test(raw.trim())) throw new ParamProblem('must be a number');
    const n = Number(raw);
    if (!Number.isFinite(n)) throw new ParamProblem('is out of range');
    bounds(schema, n);
    return n;
  }
  if (type === 'boolean') {
    const v = raw.trim().toLowerCase();
    if (v === '' || v === 'true' || v === '1') return true;
    if (v === 'false' || v === '0') return false;
    throw new ParamProblem('must be true or false');
  }
  // string
  if (Array.isArray(schema.enum) && !schema.enum.includes(raw)) {
    throw new ParamProblem(`must be one of ${schema.enum.map(String).join(', ')}`);
  }
  if (schema.format === 'date' && !isValidDate(raw)) throw new ParamProblem('must be a date (YYYY-MM-DD)');
  if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(raw)) {
    throw new ParamProblem(`does not match ${schema.pattern}`);
  }
  if (typeof schema.maxLength === 'number' && raw.length > schema.maxLength) throw new ParamProblem('is too long');
  if (typeof schema.minLength === 'number' && raw.length < schema.minLength) throw new ParamProblem('is too short');
  return raw;
}

const SEPARATORS = { csv: ',', ssv: ' ', tsv: '\t', pipes: '|' } as const;

function parseOne(p: ParameterInfo, raw: Raw): unknown {
  const schema = p.schema;
  if (schema.type === 'array') {
    const items = isObj(schema.items) ? schema.items : {};
    const format = p.collectionFormat ?? 'csv';
    let parts: string[];
    if (format === 'multi') parts = Array.isArray(raw) ? raw : [raw ?? ''];
    else {
      if (Array.isArray(raw)) throw new ParamProblem('is given more than once');
      parts = (raw ?? '') === '' ? [] : (raw ?? '').split(SEPARATORS[format]);
    }
    const values = parts.map((part) => scalar(items, part));
    if (typeof schema.maxItems === 'number' && values.length > schema.maxItems) throw new ParamProblem(`takes at most ${schema.maxItems} values`);
    if (typeof schema.minItems === 'number' && values.length < schema.minItems) throw new ParamProblem(`takes at least ${schema.minItems} values`);
    return values;
  }
  if (Array.isArray(raw)) throw new ParamProblem('is given more than once');
  if (raw === '' && schema.type !== 'boolean' && schema.type !== 'string') throw new ParamProblem('is empty');
  return scalar(schema, raw ?? '');
}

function fail(p: ParameterInfo, problem: string): ShopError {
  const msg = `Parameter "${p.name}" ${problem}.`;
  return p.in === 'path' ? invalidId(msg) : badRequest(msg);
}

/** Parses the declared parameters of one location; undeclared query parameters are ignored. */
export function parseParams(op: Operation, where: 'path' | 'query', source: Record<string, Raw>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of op.parameters) {
    if (p.in !== where) continue;
    const raw = Object.prototype.hasOwnProperty.call(source, p.name) ? source[p.name] : undefined;
    if (raw === undefined) {
      if (p.required) throw fail(p, 'is required');
      if (p.schema.default !== undefined) out[p.name] = p.schema.default;
      continue;
    }
    try {
      out[p.name] = parseOne(p, raw);
    } catch (err) {
      if (err instanceof ParamProblem) throw fail(p, err.message);
      throw err;
    }
  }
  return out;
}
