// Loads any Swagger 2.0 or OpenAPI 3.x file (YAML or JSON) into an operation catalogue.
// Real specs are imperfect: when validation fails the loader keeps going from the dereferenced
// document and turns each problem into a spec finding. Only an unreadable file is fatal.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import SwaggerParser from '@apidevtools/swagger-parser';
import { applyErrata } from './errata.js';
import { buildOperations } from './catalogue.js';
import { lintSpec } from './lint.js';
import type { Catalogue, SpecFinding, SpecSchema } from './types.js';

type Json = Record<string, unknown>;

export class SpecLoadError extends Error {
  override name = 'SpecLoadError';
}

export interface LoadOptions {
  /** Errata overlay file applied before anything is built from the spec. */
  errata?: string | undefined;
}

const NO_VALIDATION: SwaggerParser.Options = { validate: { schema: false, spec: false } };

function isObj(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function dialectOf(doc: Json): { dialect: 'swagger2' | 'openapi3'; specVersion: string } {
  if (typeof doc.swagger === 'string') return { dialect: 'swagger2', specVersion: doc.swagger };
  if (typeof doc.openapi === 'string') return { dialect: 'openapi3', specVersion: doc.openapi };
  throw new SpecLoadError('not a Swagger 2.0 or OpenAPI 3.x document (no `swagger` or `openapi` field)');
}

function basePathOf(doc: Json, dialect: 'swagger2' | 'openapi3'): { basePath: string; schemes: string[] } {
  if (dialect === 'swagger2') {
    return {
      basePath: typeof doc.basePath === 'string' ? doc.basePath.replace(/\/+$/, '') : '',
      schemes: Array.isArray(doc.schemes) ? doc.schemes.map(String) : [],
    };
  }
  const server = Array.isArray(doc.servers) && isObj(doc.servers[0]) ? doc.servers[0] : undefined;
  const url = typeof server?.url === 'string' ? server.url : '';
  try {
    const u = new URL(url, 'http://placeholder.invalid');
    const schemes = /^https?:/.test(url) ? [u.protocol.replace(':', '')] : [];
    return { basePath: u.pathname.replace(/\/+$/, ''), schemes };
  } catch {
    return { basePath: '', schemes: [] };
  }
}

function namedSchemas(doc: Json, dialect: 'swagger2' | 'openapi3'): Record<string, SpecSchema> {
  const src = dialect === 'swagger2' ? doc.definitions : isObj(doc.components) ? doc.components.schemas : undefined;
  const out: Record<string, SpecSchema> = {};
  if (isObj(src)) for (const [k, v] of Object.entries(src)) if (isObj(v)) out[k] = v;
  return out;
}

interface MetaError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** swagger-parser's own meta-schema check (Swagger 2.0 / OpenAPI 3.x JSON Schema), run on the
 * bundled document so problems point at where they are written, not at every place a $ref
 * pulls them in (which is what validate() on the dereferenced document reports). */
const validateAgainstMetaSchema = createRequire(import.meta.url)('@apidevtools/swagger-parser/lib/validators/schema.js') as (api: unknown) => void;

const KEYWORD_RANK: Record<string, number> = { enum: 0, required: 1, const: 1, type: 3 };

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
  return out.filter((f) => !seen.has(`${f.pointer} ${f.message}`) && Boolean(seen.add(`${f.pointer} ${f.message}`)));
}

async function validationFindings(doc: Json): Promise<SpecFinding[]> {
  try {
    validateAgainstMetaSchema(structuredClone(doc));
  } catch (err) {
    const details = (err as { details?: unknown }).details;
    if (Array.isArray(details)) return reduceMetaErrors(details as MetaError[]).slice(0, 200);
    return [{ kind: 'spec-invalid', pointer: '', message: err instanceof Error ? err.message.split('\n')[0] ?? '' : String(err) }];
  }
  // The semantic checks (path parameters, duplicates, body parameters ...) assume a document that
  // passed the meta-schema, as in swagger-parser's own validate(); they stop at the first problem.
  try {
    await SwaggerParser.validate(structuredClone(doc) as never, { validate: { schema: false, spec: true } });
    return [];
  } catch (err) {
    const message = err instanceof Error ? err.message.split('\n')[0] ?? '' : String(err);
    return [{ kind: 'spec-invalid', pointer: '', message: message.replace(/^Validation failed\.\s*/, '') }];
  }
}

export async function loadCatalogue(file: string, opts: LoadOptions = {}): Promise<Catalogue> {
  let content: Buffer;
  try {
    content = readFileSync(file);
  } catch (err) {
    throw new SpecLoadError(`cannot read spec ${file}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
  let bundled: Json;
  try {
    bundled = (await SwaggerParser.bundle(file, NO_VALIDATION)) as unknown as Json;
  } catch (err) {
    throw new SpecLoadError(`cannot parse spec ${file}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
  }
  const { dialect, specVersion } = dialectOf(bundled);

  const findings: SpecFinding[] = [];
  let errataApplied: string[] = [];
  if (opts.errata) {
    const result = applyErrata(bundled, opts.errata);
    bundled = result.doc;
    errataApplied = result.applied;
    findings.push(...result.findings);
  }

  findings.push(...(await validationFindings(bundled)));
  findings.push(...lintSpec(bundled, dialect));

  let deref: Json;
  try {
    deref = (await SwaggerParser.dereference(structuredClone(bundled) as never, NO_VALIDATION)) as unknown as Json;
  } catch (err) {
    findings.push({ kind: 'unresolved-ref', pointer: '', message: err instanceof Error ? err.message.split('\n')[0] ?? '' : String(err) });
    deref = structuredClone(bundled);
  }

  const info = isObj(deref.info) ? deref.info : {};
  const { basePath, schemes } = basePathOf(deref, dialect);
  return {
    info: {
      title: typeof info.title === 'string' ? info.title : '(untitled)',
      version: typeof info.version === 'string' ? info.version : '',
      dialect,
      specVersion,
      basePath,
      schemes,
      hash: createHash('sha256').update(content).digest('hex'),
      file,
    },
    operations: buildOperations({ deref, dialect }),
    findings,
    schemas: namedSchemas(deref, dialect),
    errataApplied,
    raw: bundled,
  };
}
