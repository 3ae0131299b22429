// The copies of our spec the peers get, written to the work folder (the original is never
// touched): one with `x-example` values for path parameters (Dredd refuses a required parameter
// without one; Postman path variables take them as examples once converted), one for Dredd without
// the formats its validator (gavel, on ajv 6) does not know: it stops on `int64` and `password`
// with "unknown format" instead of ignoring them (`float` and `double` too); and an OpenAPI 3
// conversion by swagger2openapi for Portman, which reads no Swagger 2.0.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { BUNDLED_SPEC } from '../../src/config/config.js';
import { peerBin } from './peers.js';
import { pathParams, seededIds, type Doc, type ShopAccess } from './seeded-ids.js';

export interface SpecCopies {
  /** Swagger 2.0 with x-example on every path parameter. */
  examples: string;
  /** The same without the formats Dredd's validator does not know, for Dredd. */
  dredd: string;
  /** OpenAPI 3.0 of `examples`, for Portman. */
  openapi3: string;
  /** Number of path parameters given a seeded value. */
  examplesAdded: number;
  /** Formats removed from the Dredd copy, with their counts (e.g. `int64: 330`). */
  formatsRemoved: Record<string, number>;
}

/** Formats ajv 6 (Dredd's gavel) validates; any other makes it throw instead of being ignored. */
const AJV6_FORMATS = new Set(['date', 'time', 'date-time', 'uri', 'uri-reference', 'uri-template', 'url', 'email', 'hostname', 'ipv4', 'ipv6', 'regex', 'uuid', 'json-pointer', 'json-pointer-uri-fragment', 'relative-json-pointer']);

function withoutUnknownFormats(node: unknown, removed: Record<string, number>): unknown {
  if (Array.isArray(node)) return node.map((n) => withoutUnknownFormats(n, removed));
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === 'format' && typeof v === 'string' && !AJV6_FORMATS.has(v)) {
      removed[v] = (removed[v] ?? 0) + 1;
      continue;
    }
    out[k] = withoutUnknownFormats(v, removed);
  }
  return out;
}

export async function writeSpecCopies(dir: string, shop: ShopAccess, spec = BUNDLED_SPEC): Promise<SpecCopies> {
  const doc = parse(readFileSync(spec, 'utf8')) as Doc;
  const ids = await seededIds(doc, shop);
  let examplesAdded = 0;
  for (const { path: p, params } of pathParams(doc)) {
    for (const param of params) {
      const value = ids.get(p)?.[String(param.name)];
      if (value === undefined) continue;
      // A bulk parameter (array of ids) takes a list of one id.
      const numeric = (t: unknown): boolean => t === 'integer' || t === 'number';
      const items = typeof param.items === 'object' && param.items !== null ? (param.items as Record<string, unknown>) : {};
      param['x-example'] = param.type === 'array' ? [numeric(items.type) ? Number(value) : String(value)] : numeric(param.type) ? Number(value) : String(value);
      examplesAdded++;
    }
  }
  const examples = path.join(dir, 'spec.examples.yaml');
  writeFileSync(examples, stringify(doc, { lineWidth: 0 }));
  const formatsRemoved: Record<string, number> = {};
  const dredd = path.join(dir, 'spec.dredd.yaml');
  writeFileSync(dredd, stringify(withoutUnknownFormats(doc, formatsRemoved), { lineWidth: 0 }));
  const openapi3 = path.join(dir, 'spec.openapi3.yaml');
  execFileSync(process.execPath, [peerBin('swagger2openapi'), examples, '--yaml', '--outfile', openapi3], { stdio: ['ignore', 'ignore', 'pipe'] });
  return { examples, dredd, openapi3, examplesAdded, formatsRemoved };
}
