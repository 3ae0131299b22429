// Step 2 of a request (src/data/resolver.ts): values for the query and for path parameters that
// name no record, from their schemas; and a read whose path ids need name no record.
import type { ParameterInfo, Operation } from '../spec/types.js';
import { minimalValue, type BodyContext } from './bodies.js';
import type { RequestInput } from './steps.js';

/** Whether a parameter names a record (`customer_id`, `ids`), by its name. */
export function looksLikeId(p: ParameterInfo): boolean {
  return /(^|_|[a-z])(id|ids|Id|Ids)$/.test(p.name) || /_id$/.test(p.name);
}

/** A value for a parameter that is not a record id (a quantity, a code): from its schema. */
export function schemaValue(p: ParameterInfo, ctx: BodyContext): string {
  const s = p.schema;
  for (const v of [s.example, s.default, Array.isArray(s.enum) ? s.enum[0] : undefined]) {
    if (typeof v === 'string' || typeof v === 'number') return String(v);
  }
  const v = minimalValue(s, ctx, p.name);
  return typeof v === 'string' || typeof v === 'number' ? String(v) : '1';
}

/** Step 2: values for required query parameters, from their schemas. */
export function queryValues(op: Operation, ctx: BodyContext): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of op.parameters) {
    if (p.in !== 'query' || !p.required) continue;
    const s = p.schema;
    out[p.name] = s.default ?? (Array.isArray(s.enum) ? s.enum[0] : undefined) ?? s.example ?? minimalValue(s, ctx, p.name);
  }
  return out;
}

/**
 * A read of the operation whose path ids need name no record (its ids' examples, else 1): for
 * probes that expect a refusal before any record is looked at (no credentials, a wrong-typed
 * id), when the target has no record to read and none can be made. Never for writes: the write
 * guard allows them only on own records.
 */
export function anyRead(op: Operation, ctx: BodyContext): RequestInput | undefined {
  if (op.method !== 'get' || op.body) return undefined;
  const path: Record<string, string> = {};
  for (const p of op.parameters.filter((x) => x.in === 'path')) {
    const s = p.schema;
    const example = [s.example, s.default, s.minimum].find((v) => typeof v === 'number' || typeof v === 'string');
    path[p.name] = looksLikeId(p) ? String(example ?? 1) : schemaValue(p, ctx);
  }
  return { path, query: queryValues(op, ctx) };
}
