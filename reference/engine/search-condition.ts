// The body of the search endpoints: {"search": [field, operator, value, ...]}, i.e. one or more
// conditions of three strings each, all of which must hold. Fields may use dots for nested values.
import { badRequest } from '../http/errors.js';
import { isObj } from '../../src/core/json.js';
import type { Json } from './schema-tools.js';

type Op = (actual: unknown, expected: string) => boolean;

function num(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return undefined;
}

function eq(actual: unknown, expected: string): boolean {
  if (typeof actual === 'boolean') {
    const e = expected.toLowerCase();
    return e === 'true' || e === '1' ? actual : e === 'false' || e === '0' ? !actual : false;
  }
  if (typeof actual === 'number') return num(expected) === actual;
  return typeof actual === 'string' && actual.toLowerCase() === expected.toLowerCase();
}

function like(actual: unknown, pattern: string): boolean {
  if (typeof actual !== 'string' && typeof actual !== 'number') return false;
  const re = new RegExp(`^${pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/%/g, '.*').replace(/_/g, '.')}$`, 'is');
  return re.test(String(actual));
}

function order(cmp: (c: number) => boolean): Op {
  return (actual, expected) => {
    const a = num(actual);
    const e = num(expected);
    if (a !== undefined && e !== undefined) return cmp(a - e);
    if (typeof actual === 'string') return cmp(actual < expected ? -1 : actual > expected ? 1 : 0);
    return false;
  };
}

const OPERATORS: Record<string, Op> = {
  eq,
  '=': eq,
  neq: (a, e) => !eq(a, e),
  ne: (a, e) => !eq(a, e),
  '!=': (a, e) => !eq(a, e),
  like,
  gt: order((c) => c > 0),
  gte: order((c) => c >= 0),
  lt: order((c) => c < 0),
  lte: order((c) => c <= 0),
};

interface Condition {
  path: string[];
  op: Op;
  value: string;
}

export function parseConditions(body: unknown): Condition[] {
  const list = isObj(body) ? body.search : undefined;
  if (!Array.isArray(list) || list.length === 0 || list.length % 3 !== 0) {
    throw badRequest('search must be a list of conditions of three strings each: field, operator, value.');
  }
  const out: Condition[] = [];
  for (let i = 0; i < list.length; i += 3) {
    const [field, opName, value] = list.slice(i, i + 3).map(String) as [string, string, string];
    const op = OPERATORS[opName.toLowerCase()];
    if (!op) throw badRequest(`Unknown search operator "${opName}"; use one of ${Object.keys(OPERATORS).join(', ')}.`);
    if (!field) throw badRequest('A search condition names no field.');
    out.push({ path: field.split('.'), op, value });
  }
  return out;
}

function at(rec: Json, path: string[]): unknown {
  let cur: unknown = rec;
  for (const p of path) {
    if (!isObj(cur)) return undefined;
    cur = cur[p];
  }
  return cur;
}

export function matchesAll(rec: Json, conditions: Condition[]): boolean {
  return conditions.every((c) => c.op(at(rec, c.path), c.value));
}
