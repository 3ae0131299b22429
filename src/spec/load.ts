// Loads any Swagger 2.0 or OpenAPI 3.x file (YAML or JSON) into an operation catalogue.
// Real specs are imperfect: when validation fails the loader keeps going from the dereferenced
// document and turns each problem into a spec finding. Only an unreadable file is fatal.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import { applyErrata } from './errata.js';
import { buildOperations } from './catalogue.js';
import { lintSpec } from './lint.js';
import { metaSchemaFindings, semanticFindings } from './meta.js';
import type { Catalogue, SpecFinding, SpecSchema } from './types.js';
import { isObj } from '../core/json.js';

type Json = Record<string, unknown>;

export class SpecLoadError extends Error {
  override name = 'SpecLoadError';
}

export interface LoadOptions {
  /** Errata overlay file applied before anything is built from the spec. */
  errata?: string | undefined;
  /** Filled with the milliseconds each phase took (for bench/spec-load.ts). */
  timings?: Partial<Record<LoadPhase, number>>;
}

export type LoadPhase = 'bundle' | 'errata' | 'validate' | 'lint' | 'dereference' | 'catalogue';

const NO_VALIDATION: SwaggerParser.Options = { validate: { schema: false, spec: false } };

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

export async function loadCatalogue(file: string, opts: LoadOptions = {}): Promise<Catalogue> {
  let mark = performance.now();
  const phase = (name: LoadPhase): void => {
    const now = performance.now();
    if (opts.timings) opts.timings[name] = now - mark;
    mark = now;
  };
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
  phase('bundle');

  const findings: SpecFinding[] = [];
  let errataApplied: string[] = [];
  if (opts.errata) {
    const result = applyErrata(bundled, opts.errata);
    bundled = result.doc;
    errataApplied = result.applied;
    findings.push(...result.findings);
  }
  phase('errata');

  const meta = metaSchemaFindings(bundled);
  findings.push(...meta);
  phase('validate');
  findings.push(...lintSpec(bundled, dialect));
  phase('lint');

  let deref: Json;
  try {
    deref = (await SwaggerParser.dereference(structuredClone(bundled) as never, NO_VALIDATION)) as unknown as Json;
  } catch (err) {
    findings.push({ kind: 'unresolved-ref', pointer: '', message: err instanceof Error ? err.message.split('\n')[0] ?? '' : String(err) });
    deref = structuredClone(bundled);
  }
  phase('dereference');
  if (meta.length === 0) findings.push(...semanticFindings(deref));

  const info = isObj(deref.info) ? deref.info : {};
  const { basePath, schemes } = basePathOf(deref, dialect);
  const catalogue: Catalogue = {
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
  phase('catalogue');
  return catalogue;
}
