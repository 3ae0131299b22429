// Compiled validators per operation and status, built once and shared by all tests in a worker.
// Named schemas are registered with ajv once per mode (request / response / response-strict) and
// operation schemas point into them, so a definition used by fifty operations compiles once.
import { Ajv, type ValidateFunction, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { convertSchema, type SchemaMode } from './convert.js';
import type { Catalogue, Operation, ResponseInfo } from './types.js';
import type { SchemaErrorInfo } from '../checks/types.js';

type Json = Record<string, unknown>;

// ajv-formats is CommonJS; under ESM its default export may be wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => Ajv;

type Variant = 'request' | 'response' | 'response-strict';

function isObj(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function resolvePointer(doc: unknown, pointer: string): unknown {
  if (pointer === '' || pointer === '#') return doc;
  const parts = pointer.replace(/^#/, '').split('/').slice(1).map((p) => decodeURIComponent(p).replace(/~1/g, '/').replace(/~0/g, '~'));
  let cur: unknown = doc;
  for (const p of parts) {
    if (Array.isArray(cur)) cur = cur[Number(p)];
    else if (isObj(cur)) cur = cur[p];
    else return undefined;
  }
  return cur;
}

export function toSchemaErrors(errors: ErrorObject[] | null | undefined): SchemaErrorInfo[] {
  return (errors ?? []).map((e) => {
    let message = e.message ?? 'invalid';
    if (e.keyword === 'additionalProperties' && isObj(e.params)) message = `has undeclared field "${String(e.params.additionalProperty)}"`;
    if (e.keyword === 'false schema') message = 'must not be present here';
    if (e.keyword === 'enum' && isObj(e.params)) message = `must be one of ${JSON.stringify(e.params.allowedValues)}`;
    return { path: e.instancePath || '/', schemaPath: e.schemaPath, message };
  });
}

export interface ValidationResult {
  ok: boolean;
  errors: SchemaErrorInfo[];
  /** False when the spec declares no schema for this status (nothing to validate against). */
  schemaFound: boolean;
}

/** Picks the declared response for a status: exact, then 4XX-style ranges, then default. */
export function declaredResponse(op: Operation, status: number): ResponseInfo | undefined {
  const exact = op.responses.find((r) => r.status === String(status));
  if (exact) return exact;
  const range = op.responses.find((r) => r.status.toUpperCase() === `${String(status)[0]}XX`);
  if (range) return range;
  return op.responses.find((r) => r.status === 'default');
}

export function createAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: true, verbose: false });
  addFormats(ajv);
  // Swagger formats that are not JSON Schema formats: checked here or not at all.
  ajv.addFormat('byte', /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/);
  return ajv;
}

export class ValidatorSet {
  private readonly ajv = createAjv();
  private readonly cache = new Map<string, ValidateFunction | null>();
  private readonly registered = new Set<Variant>();
  private readonly namedRoot: string;

  constructor(private readonly catalogue: Catalogue) {
    this.namedRoot = catalogue.info.dialect === 'swagger2' ? '#/definitions/' : '#/components/schemas/';
  }

  private idFor(variant: Variant): string {
    return `spec-${variant}`;
  }

  private convertOptions(variant: Variant) {
    const mode: SchemaMode = variant === 'request' ? 'request' : 'response';
    const raw = this.catalogue.raw;
    const namedRoot = this.namedRoot;
    const id = this.idFor(variant);
    return {
      mode,
      strictFields: variant === 'response-strict',
      mapRef: (ref: string) => (ref.startsWith(namedRoot) ? `${id}#/definitions/${ref.slice(namedRoot.length)}` : ref),
      resolveRef: (ref: string) => (ref.startsWith('#') ? resolvePointer(raw, ref) : undefined),
    };
  }

  /** Registers the converted named schemas of one variant with ajv (once). */
  private ensureNamed(variant: Variant): void {
    if (this.registered.has(variant)) return;
    const named = resolvePointer(this.catalogue.raw, this.namedRoot.slice(0, -1));
    const definitions: Json = {};
    const opts = this.convertOptions(variant);
    if (isObj(named)) for (const [name, schema] of Object.entries(named)) definitions[name] = convertSchema(schema, opts);
    this.ajv.addSchema({ $id: this.idFor(variant), definitions });
    this.registered.add(variant);
  }

  private compile(key: string, variant: Variant, pointer: string | undefined): ValidateFunction | null {
    const hit = this.cache.get(key);
    if (hit !== undefined) return hit;
    let fn: ValidateFunction | null = null;
    if (pointer !== undefined) {
      const rawSchema = resolvePointer(this.catalogue.raw, pointer);
      if (rawSchema !== undefined) {
        this.ensureNamed(variant);
        fn = this.ajv.compile(convertSchema(rawSchema, this.convertOptions(variant)) as Json);
      }
    }
    this.cache.set(key, fn);
    return fn;
  }

  /** The validator for one response status of an operation (null when no schema is declared). */
  response(op: Operation, status: number, strict = false): ValidateFunction | null {
    const r = declaredResponse(op, status);
    if (!r) return null;
    const variant: Variant = strict ? 'response-strict' : 'response';
    return this.compile(`${variant} ${op.method} ${op.path} ${r.status}`, variant, r.pointer);
  }

  /** The validator for the JSON request body of an operation (null when it takes none). */
  request(op: Operation): ValidateFunction | null {
    return this.compile(`request ${op.method} ${op.path}`, 'request', op.body?.pointer);
  }

  validateResponse(op: Operation, status: number, body: unknown, strict = false): ValidationResult {
    const fn = this.response(op, status, strict);
    if (!fn) return { ok: true, errors: [], schemaFound: false };
    const ok = fn(body);
    return { ok, errors: ok ? [] : toSchemaErrors(fn.errors), schemaFound: true };
  }

  validateRequest(op: Operation, body: unknown): ValidationResult {
    const fn = this.request(op);
    if (!fn) return { ok: true, errors: [], schemaFound: false };
    const ok = fn(body);
    return { ok, errors: ok ? [] : toSchemaErrors(fn.errors), schemaFound: true };
  }

  /** Compiles everything up front (for benchmarks and the spec self-test). Returns failures. */
  compileAll(): { compiled: number; failures: { operationId: string; status: string; message: string }[] } {
    let compiled = 0;
    const failures: { operationId: string; status: string; message: string }[] = [];
    for (const op of this.catalogue.operations) {
      for (const r of op.responses) {
        if (!r.pointer) continue;
        try {
          const s = Number(r.status);
          if (Number.isFinite(s) && this.response(op, s)) compiled++;
          else if (!Number.isFinite(s)) {
            if (this.compile(`response ${op.method} ${op.path} ${r.status}`, 'response', r.pointer)) compiled++;
          }
        } catch (err) {
          failures.push({ operationId: op.id, status: r.status, message: err instanceof Error ? err.message : String(err) });
        }
      }
      if (op.body?.pointer) {
        try {
          if (this.request(op)) compiled++;
        } catch (err) {
          failures.push({ operationId: op.id, status: 'request', message: err instanceof Error ? err.message : String(err) });
        }
      }
    }
    return { compiled, failures };
  }
}
