// Compiled validators per operation and status, built once and shared by all tests in a worker.
// Named schemas are registered with ajv once per mode (request / response / response-strict) and
// operation schemas point into them, so a definition used by fifty operations compiles once.
import { Ajv, type ValidateFunction, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { convertSchema, type ConvertOptions, type SchemaMode } from './convert.js';
import type { Catalogue, Operation, ResponseInfo } from './types.js';
import type { SchemaErrorInfo } from '../core/exchange.js';
import { isObj } from '../core/json.js';
import { applyAllowances, loadAllowances } from './allowances.js';
import { withExampleForms } from './example-forms.js';

type Json = Record<string, unknown>;

// ajv-formats is CommonJS; under ESM its default export may be wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => Ajv;

export type Variant = 'request' | 'response' | 'response-strict' | 'example';

function unescapeSegment(segment: string, uriEncoded: boolean): string {
  let p = segment;
  if (uriEncoded) {
    try {
      p = decodeURIComponent(p);
    } catch {
      // A stray % in a fragment: take the segment as it is.
    }
  }
  return p.replace(/~1/g, '/').replace(/~0/g, '~');
}

/**
 * Resolves a JSON pointer (or a `#`-fragment, which may be URI-encoded) in a document. Internal
 * `$ref`s met on the way are followed, so a pointer into an operation still reaches the schema
 * when the response, parameter or request body itself is a `$ref` (e.g. `#/responses/NotFound`).
 */
export function resolvePointer(doc: unknown, pointer: string): unknown {
  if (pointer === '' || pointer === '#') return doc;
  const uriEncoded = pointer.startsWith('#');
  const parts = pointer.replace(/^#/, '').split('/').slice(1).map((p) => unescapeSegment(p, uriEncoded));
  let cur: unknown = doc;
  for (const p of parts) {
    for (let hops = 0; isObj(cur) && typeof cur.$ref === 'string' && cur.$ref.startsWith('#') && !(p in cur) && hops < 20; hops++) {
      cur = resolvePointer(doc, cur.$ref);
    }
    if (Array.isArray(cur)) cur = cur[Number(p)];
    else if (isObj(cur)) cur = cur[p];
    else return undefined;
  }
  return cur;
}

/**
 * ajv's errors of a failed `anyOf` without the branches the value was never of: where one branch
 * failed only on the node's own type (an allowance's `anyOf: [list, record]` met by one record
 * says "must be array") and another failed on what the value holds (the record lacks a field),
 * the type errors at the node and the anyOf's own "must match a schema in anyOf" go, and the
 * answer's one problem is what is left (GX 4.8's withdrawal read lacked `customerFirstname`, and
 * was also reported as "/ is not an array", a shape the allowance takes). A value of neither type
 * keeps them all: they are its problem.
 */
function withoutForeignBranches(errors: readonly ErrorObject[]): ErrorObject[] {
  const drop = new Set<ErrorObject>();
  for (const a of errors) {
    if (a.keyword !== 'anyOf') continue;
    const at = a.instancePath;
    const within = (e: ErrorObject): boolean => e !== a && (e.instancePath === at || e.instancePath.startsWith(`${at}/`));
    const typeAt = errors.filter((e) => within(e) && e.keyword === 'type' && e.instancePath === at);
    const deeper = errors.filter((e) => within(e) && !typeAt.includes(e) && e.keyword !== 'anyOf');
    if (!typeAt.length || !deeper.length) continue;
    drop.add(a);
    for (const e of typeAt) drop.add(e);
  }
  return errors.filter((e) => !drop.has(e));
}

export function toSchemaErrors(errors: ErrorObject[] | null | undefined): SchemaErrorInfo[] {
  return withoutForeignBranches(errors ?? []).map((e) => {
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

const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?(?:[Zz]|[+-](\d{2})(?::?(\d{2}))?)?$/;

/**
 * ISO-8601 date-time (extended format): a calendar date, `T` (or a space, as RFC 3339 allows),
 * hours and minutes, optional seconds and fraction, optional zone. ajv-formats' own date-time is
 * RFC 3339 and demands a zone, which real shops often leave out.
 */
export function isIsoDateTime(value: string): boolean {
  const m = ISO_DATE_TIME.exec(value);
  if (!m) return false;
  const n = (i: number): number => Number(m[i] ?? 0);
  const [year, month, day] = [n(1), n(2), n(3)];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day >= 1 && day <= days && n(4) <= 23 && n(5) <= 59 && n(6) <= 60 && n(7) <= 23 && n(8) <= 59;
}

export function createAjv(): Ajv {
  // Compile time dominates (validation of a record takes well under a microsecond), hence:
  // inlineRefs off: a named schema used by many operations becomes one function called by all of
  //   them instead of being generated again inside each one;
  // validateSchema off: the converted schemas are ours, and the spec was checked by the loader;
  // code.optimize off: ajv's extra pass over generated code costs ~25% of compile time.
  // (bench/spec-load.ts: compileAll of our spec 0.9 s -> 0.3-0.4 s.)
  const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: true, verbose: false, inlineRefs: false, validateSchema: false, code: { optimize: false } });
  addFormats(ajv);
  // Swagger formats that are not JSON Schema formats: checked here or not at all.
  ajv.addFormat('byte', /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/);
  ajv.addFormat('date-time', { type: 'string', validate: isIsoDateTime });
  return ajv;
}

/** Finds every internal `$ref` that does not point at a named schema. */
function collectOtherRefs(node: unknown, namedRoot: string, out: Map<string, string>, seen = new Set<unknown>()): void {
  if (typeof node !== 'object' || node === null || seen.has(node)) return;
  seen.add(node);
  if (Array.isArray(node)) {
    for (const v of node) collectOtherRefs(v, namedRoot, out, seen);
    return;
  }
  const o = node as Json;
  if (typeof o.$ref === 'string' && o.$ref.startsWith('#/') && !o.$ref.startsWith(namedRoot) && !out.has(o.$ref)) {
    out.set(o.$ref, `x-ref-${out.size + 1}`);
  }
  for (const v of Object.values(o)) collectOtherRefs(v, namedRoot, out, seen);
}

/**
 * Named schemas that reach themselves without descending into the data (`A: {allOf: [B]}`,
 * `B: {allOf: [A]}`, `A: {$ref: A}`): any validator would loop on them forever. Validators treat
 * them as accepting anything; the linter reports them.
 */
export function zeroDepthCycles(raw: unknown, dialect: 'swagger2' | 'openapi3'): Set<string> {
  const namedRoot = dialect === 'swagger2' ? '#/definitions/' : '#/components/schemas/';
  const named = resolvePointer(raw, namedRoot.slice(0, -1));
  const edges = new Map<string, Set<string>>();
  if (!isObj(named)) return new Set();
  const collect = (node: unknown, out: Set<string>, depth: number): void => {
    if (!isObj(node) || depth > 50) return;
    if (typeof node.$ref === 'string' && node.$ref.startsWith(namedRoot)) out.add(unescapeSegment(node.$ref.slice(namedRoot.length), true));
    for (const key of ['allOf', 'anyOf', 'oneOf']) {
      const members = node[key];
      if (Array.isArray(members)) for (const m of members) collect(m, out, depth + 1);
    }
    for (const key of ['not', 'if', 'then', 'else']) collect(node[key], out, depth + 1);
  };
  for (const [name, schema] of Object.entries(named)) {
    const out = new Set<string>();
    collect(schema, out, 0);
    edges.set(name, out);
  }
  const looping = new Set<string>();
  for (const start of edges.keys()) {
    const seen = new Set<string>();
    const stack = [...(edges.get(start) ?? [])];
    while (stack.length) {
      const n = stack.pop() as string;
      if (n === start) {
        looping.add(start);
        break;
      }
      if (seen.has(n)) continue;
      seen.add(n);
      stack.push(...(edges.get(n) ?? []));
    }
  }
  return looping;
}

/**
 * Compiles schemas of one bundled ($ref-carrying) document. Named schemas are registered once per
 * variant; identical converted schemas share one compiled function.
 * Variants: request / response / response-strict (STRICT_FIELDS) / example (neither readOnly nor
 * write-only fields forbidden: an example shows a whole record).
 */
export class SchemaCompiler {
  private readonly ajv = createAjv();
  /** Compiled functions by converted schema text: most answers are `$ref: ShopError` and alike. */
  private readonly byText = new Map<string, ValidateFunction>();
  private readonly registered = new Set<Variant>();
  /** Internal $refs outside the named schemas -> synthetic definition names. */
  private readonly otherRefs = new Map<string, string>();
  private readonly namedRoot: string;
  private readonly looping: Set<string>;

  constructor(
    private readonly raw: Json,
    dialect: 'swagger2' | 'openapi3',
    private readonly fullInt64 = false,
  ) {
    this.namedRoot = dialect === 'swagger2' ? '#/definitions/' : '#/components/schemas/';
    this.looping = zeroDepthCycles(raw, dialect);
  }

  private idFor(variant: Variant): string {
    return `spec-${variant}`;
  }

  private convertOptions(variant: Variant): ConvertOptions {
    const mode: SchemaMode = variant === 'request' ? 'request' : 'response';
    const map = (id: string) => (ref: string) => {
      if (ref.startsWith(this.namedRoot)) return `${id}#/definitions/${ref.slice(this.namedRoot.length)}`;
      const other = this.otherRefs.get(ref);
      return other ? `${id}#/definitions/${other}` : ref;
    };
    return {
      mode,
      strictFields: variant === 'response-strict',
      ignoreAccess: variant === 'example',
      fullInt64: this.fullInt64,
      mapRef: map(this.idFor(variant)),
      lenientRef: map(this.idFor('response')),
      resolveRef: (ref: string) => (ref.startsWith('#') ? resolvePointer(this.raw, ref) : undefined),
    };
  }

  /**
   * Registers the converted named schemas of one variant with ajv (once). Schemas that `$ref`s
   * reach outside the named ones (bundling multi-file specs puts some under `#/paths/...`) are
   * registered next to them under synthetic names.
   */
  private ensureNamed(variant: Variant): void {
    if (this.registered.has(variant)) return;
    // The strict variant points allOf members at the lenient one.
    if (variant === 'response-strict') this.ensureNamed('response');
    if (this.otherRefs.size === 0) collectOtherRefs(this.raw, this.namedRoot, this.otherRefs);
    const named = resolvePointer(this.raw, this.namedRoot.slice(0, -1));
    const definitions: Json = {};
    const opts = this.convertOptions(variant);
    if (isObj(named)) for (const [name, schema] of Object.entries(named)) definitions[name] = this.looping.has(name) ? {} : convertSchema(schema, opts);
    for (const [ref, name] of this.otherRefs) definitions[name] = convertSchema(resolvePointer(this.raw, ref), opts);
    this.ajv.addSchema({ $id: this.idFor(variant), definitions });
    this.registered.add(variant);
  }

  /** Compiles a schema given in the document's own ($ref-carrying) form. Throws when ajv cannot. */
  compileSchema(rawSchema: unknown, variant: Variant): ValidateFunction {
    this.ensureNamed(variant);
    const converted = convertSchema(rawSchema, this.convertOptions(variant)) as Json;
    const text = JSON.stringify(converted);
    const fn = this.byText.get(text) ?? this.ajv.compile(converted);
    this.byText.set(text, fn);
    return fn;
  }

  /** Compiles the schema at a JSON pointer of the document; null when nothing is there. */
  compileAt(pointer: string, variant: Variant): ValidateFunction | null {
    const rawSchema = resolvePointer(this.raw, pointer);
    return rawSchema === undefined ? null : this.compileSchema(rawSchema, variant);
  }
}

export class ValidatorSet {
  private readonly compiler: SchemaCompiler;
  private readonly cache = new Map<string, ValidateFunction | null>();
  private vendorSet: ValidatorSet | undefined;
  private formsSet: ValidatorSet | undefined;

  /** `vendor`: the vendor-normative set (src/spec/allowances.ts), made by `vendor()`. */
  constructor(
    private readonly catalogue: Catalogue,
    private readonly isVendor = false,
  ) {
    this.compiler = new SchemaCompiler(catalogue.raw, catalogue.info.dialect, isVendor);
  }

  /**
   * The validators of the vendor-normative schema: this spec with what the vendor's description
   * allows taken back in (spec/vendor-allowances.yaml) and int64 in the format's range. An answer
   * fails only against these; where only this set's own (stricter) schema refuses it, the finding
   * is an advisory. Built when first asked for, once per set.
   */
  vendor(): ValidatorSet {
    if (this.isVendor) return this;
    this.vendorSet ??= new ValidatorSet({ ...this.catalogue, raw: applyAllowances(this.catalogue.raw, loadAllowances()) }, true);
    return this.vendorSet;
  }

  /**
   * The validators of this spec whose request bodies may also take the forms of the vendor's own
   * examples (EXAMPLE_FORMS, src/spec/example-forms.ts): what the reference shop accepts, and what a
   * setup body written in those forms is checked against. Built when first asked for, once per set.
   */
  exampleForms(): ValidatorSet {
    this.formsSet ??= new ValidatorSet({ ...this.catalogue, raw: withExampleForms(this.catalogue.raw) }, this.isVendor);
    return this.formsSet;
  }

  private compile(key: string, variant: Variant, pointer: string | undefined): ValidateFunction | null {
    const hit = this.cache.get(key);
    if (hit !== undefined) return hit;
    const fn = pointer === undefined ? null : this.compiler.compileAt(pointer, variant);
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

  /**
   * STRICT_FIELDS: the fields of a response body that the spec does not declare, one error per
   * field, `path` pointing at the field itself. Only what strictness adds: a field refused by an
   * explicit `additionalProperties: false` of the spec is a schema error of validateResponse.
   * Empty when no schema is declared for the status.
   */
  undeclaredFields(op: Operation, status: number, body: unknown): SchemaErrorInfo[] {
    const strictFn = this.response(op, status, true);
    if (!strictFn || strictFn(body)) return [];
    const key = (e: ErrorObject) => `${e.instancePath} ${String((e.params as { additionalProperty?: unknown }).additionalProperty)}`;
    const lenientFn = this.response(op, status, false);
    const declaredClosed = new Set(lenientFn && !lenientFn(body) ? (lenientFn.errors ?? []).filter((e) => e.keyword === 'additionalProperties').map(key) : []);
    const out: SchemaErrorInfo[] = [];
    const seen = new Set<string>();
    for (const e of strictFn.errors ?? []) {
      if (e.keyword !== 'additionalProperties' || declaredClosed.has(key(e)) || seen.has(key(e))) continue;
      seen.add(key(e));
      const field = String((e.params as { additionalProperty?: unknown }).additionalProperty);
      out.push({ path: `${e.instancePath}/${field.replace(/~/g, '~0').replace(/\//g, '~1')}`, schemaPath: e.schemaPath, message: `undeclared field "${field}"` });
    }
    return out;
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
