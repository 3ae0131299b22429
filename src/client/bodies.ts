// "Minimal valid body from schema": the smallest request body the spec accepts, with the run id
// in every name and e-mails on the reserved domain example.test (qa+<runid>-<n>@example.test), so
// records the harness leaves on a live shop are recognisable. Resource factories (fixtures) can
// replace it per operation through `registerBodyFactory`.
import fc from 'fast-check';
import type { Operation, SpecSchema } from '../spec/types.js';

type Json = Record<string, unknown>;

function isObj(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Unique numbers for names and e-mails; each worker starts its own range. */
export class Uniq {
  private n: number;
  constructor(start = 1) {
    this.n = start;
  }
  next(): number {
    return this.n++;
  }
}

export interface BodyContext {
  runId: string;
  uniq: Uniq;
  /** Values for reference fields (`countryId`, `customerId` ...) taken from the target. */
  refs?: Readonly<Record<string, unknown>>;
  /** Generate every declared property, not only the required ones (for readable records). */
  full?: boolean;
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

const today = (): string => new Date().toISOString().slice(0, 10);

function stringFor(name: string, s: Json, ctx: BodyContext): string {
  const format = typeof s.format === 'string' ? s.format : '';
  const n = ctx.uniq.next();
  let v: string;
  if (format === 'email' || /e-?mail/i.test(name)) v = qaEmail(ctx, n);
  else if (format === 'date') v = today();
  else if (format === 'date-time') v = new Date().toISOString();
  else if (format === 'uri' || format === 'url' || /url$/i.test(name)) v = `https://example.test/qa-${ctx.runId}-${n}`;
  else if (format === 'uuid') v = crypto.randomUUID();
  else if (format === 'byte') v = Buffer.from(`qa-${ctx.runId}`).toString('base64');
  else if (format === 'password' || /password/i.test(name)) v = `Qa-${ctx.runId}-${n}!x`;
  else if (/phone|fax|telephone/i.test(name)) v = `+49 30 ${String(100000 + n)}`;
  else if (/(post|zip)code|postcode/i.test(name)) v = '10115';
  else if (/countrycode|iso.?code|^iso2$|^code2$/i.test(name)) v = 'DE';
  else if (/language|locale|^lang$/i.test(name)) v = 'en';
  else if (/date$/i.test(name)) v = today();
  else if (/file ?name|^path$/i.test(name)) v = `qa-${ctx.runId}-${n}.png`;
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

function numberFor(s: Json, integer: boolean): number {
  if (typeof s.default === 'number') return s.default;
  let v = 1;
  if (typeof s.minimum === 'number') v = Math.max(v, s.minimum);
  if (typeof s.exclusiveMinimum === 'number') v = Math.max(v, s.exclusiveMinimum + 1);
  else if (s.exclusiveMinimum === true && typeof s.minimum === 'number' && v <= s.minimum) v = s.minimum + 1;
  if (typeof s.maximum === 'number' && v > s.maximum) v = s.maximum;
  if (typeof s.multipleOf === 'number' && s.multipleOf > 0) v = Math.ceil(v / s.multipleOf) * s.multipleOf;
  return integer ? Math.trunc(v) : v;
}

/** The smallest value that the (request-mode) schema accepts. */
export function minimalValue(schema: SpecSchema | undefined, ctx: BodyContext, name = '', depth = 0, hint?: unknown): unknown {
  if (!schema || depth > 12) return undefined;
  let s: Json = mergeAllOf(schema);
  if (Array.isArray(s.oneOf) && isObj(s.oneOf[0])) s = { ...(s.oneOf[0]) };
  else if (Array.isArray(s.anyOf) && isObj(s.anyOf[0])) s = { ...(s.anyOf[0]) };
  if (name && ctx.refs && Object.prototype.hasOwnProperty.call(ctx.refs, name)) return asType(ctx.refs[name], s);
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum) && s.enum.length) return s.enum.find((e) => e !== null) ?? s.enum[0];
  const type = typeOf(s);
  switch (type) {
    case 'object': {
      const props = isObj(s.properties) ? s.properties : {};
      const required = new Set(Array.isArray(s.required) ? s.required.map(String) : []);
      const out: Json = {};
      for (const [k, ps] of Object.entries(props)) {
        if (!isObj(ps) || ps.readOnly === true) continue;
        // Write-only fields (passwords) are sent even when optional: the answer must then prove it hides them.
        const writeOnly = ps['x-writeOnly'] === true || ps.writeOnly === true || ps.format === 'password';
        if (!required.has(k) && !writeOnly && !(ctx.full && depth === 0)) continue;
        const v = minimalValue(ps, ctx, k, depth + 1, isObj(s.example) ? s.example[k] : undefined);
        if (v !== undefined) out[k] = v;
      }
      return out;
    }
    case 'array': {
      const min = typeof s.minItems === 'number' ? s.minItems : 0;
      // A bulk body (an array at the top) with no items would test nothing.
      const count = Math.max(min, depth === 0 ? 1 : 0);
      // An empty list is the minimum, but a list of scalars the spec shows an example of (search
      // conditions: field, operator, value) is what the API expects: take the example then.
      const example: unknown[] | undefined = Array.isArray(s.example) ? (s.example as unknown[]) : Array.isArray(hint) ? (hint as unknown[]) : undefined;
      if (count === 0 && example?.length && example.every((x) => ['string', 'number', 'boolean'].includes(typeof x))) return [...example];
      return Array.from({ length: count }, () => minimalValue(isObj(s.items) ? s.items : {}, ctx, name, depth + 1));
    }
    case 'string':
      return stringFor(name, s, ctx);
    case 'integer':
      return numberFor(s, true);
    case 'number':
      return numberFor(s, false);
    case 'boolean':
      return typeof s.default === 'boolean' ? s.default : false;
    case 'null':
      return null;
    default:
      return typeof s.example === 'string' ? s.example : `qa-${ctx.runId}`;
  }
}

export type BodyFactory = (op: Operation, ctx: BodyContext) => unknown;
const factories = new Map<string, BodyFactory>();

/** Resource factories register a better body for an operation (by operationId). */
export function registerBodyFactory(operationId: string, factory: BodyFactory): void {
  factories.set(operationId, factory);
}

/** A valid JSON body for the operation: its factory's, or the minimal one from its schema. */
export function validBody(op: Operation, ctx: BodyContext): unknown {
  const f = factories.get(op.id);
  if (f) return f(op, ctx);
  return minimalValue(op.body?.schema, ctx);
}

/** Reference fields a body needs (required `...Id` properties), so callers can fetch real ids first. */
export function referenceFields(schema: SpecSchema | undefined): string[] {
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
      if (!required.has(k) || !isObj(ps) || ps.readOnly === true) continue;
      if (/.Ids?$/.test(k) && ['integer', 'number', 'string', 'array'].includes(typeOf(ps) ?? '') && !Array.isArray(ps.enum)) out.add(k);
      visit(ps, depth + 1);
    }
  };
  visit(schema, 0);
  return [...out];
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
