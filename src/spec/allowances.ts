// The vendor-normative schema: our spec with what the vendor's description allows taken back in
// (spec/vendor-allowances.yaml). A response is failed only against it; where only our stricter
// spec refuses an answer, the finding is an advisory naming the allowance (issue 19, item 3).
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { PROJECT_ROOT } from '../config/config.js';
import nodePath from 'node:path';
import { isObj, type Json } from '../core/json.js';
import type { SchemaErrorInfo } from '../core/exchange.js';
import type { BasisKind } from '../core/finding.js';

export interface Allowance {
  /** A named schema of the spec (definitions / components.schemas), or a `#/`-pointer into the document (an operation's schema). */
  schema: string;
  /** JSON pointer inside it ('' = the schema itself). */
  path: string;
  /** 'null' | 'unrequired' | 'any' | a JSON type the node also takes | a schema it also takes. */
  allow: string | Json;
  basis: Extract<BasisKind, 'erratum' | 'project'>;
  ref: string;
  /** The field the node is, where its path does not name one (a whole named schema). */
  field?: string;
}

export const ALLOWANCES_FILE = nodePath.join(PROJECT_ROOT, 'spec/vendor-allowances.yaml');

let cached: Allowance[] | undefined;

/** The allowances of our spec (empty when the file is missing or unreadable). */
export function loadAllowances(file = ALLOWANCES_FILE): Allowance[] {
  if (file === ALLOWANCES_FILE && cached) return cached;
  let list: Allowance[] = [];
  try {
    const parsed = parseYaml(readFileSync(file, 'utf8')) as unknown;
    const raw = isObj(parsed) && Array.isArray(parsed.allowances) ? parsed.allowances : [];
    list = raw.filter((a): a is Allowance => isObj(a) && typeof a.schema === 'string' && typeof a.path === 'string' && (typeof a.allow === 'string' || isObj(a.allow)) && typeof a.ref === 'string' && (a.basis === 'erratum' || a.basis === 'project'));
  } catch {
    list = [];
  }
  if (file === ALLOWANCES_FILE) cached = list;
  return list;
}

function segments(pointer: string): string[] {
  return pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * A deep copy of a bundled document with the allowances applied (those whose node exists; an
 * allowance for a schema another spec lacks is passed over).
 */
export function applyAllowances(doc: Json, allowances: readonly Allowance[]): Json {
  const out = structuredClone(doc);
  const named = isObj(out.definitions) ? out.definitions : isObj(out.components) && isObj(out.components.schemas) ? out.components.schemas : undefined;
  if (!named) return out;
  for (const a of allowances) {
    let parent: Json | undefined = named;
    let key = a.schema;
    let node: unknown = named[a.schema];
    const steps = segments(a.path);
    if (a.schema.startsWith('#/')) {
      parent = undefined;
      node = out;
      steps.unshift(...segments(a.schema.slice(1)));
    }
    for (const seg of steps) {
      if (!isObj(node)) break;
      parent = node;
      key = seg;
      node = node[seg];
    }
    if (!isObj(node) || !parent) continue;
    if (a.allow === 'null') node['x-nullable'] = true;
    else if (a.allow === 'unrequired') delete node.required;
    else if (a.allow === 'any') parent[key] = {};
    else parent[key] = { anyOf: [node, typeof a.allow === 'string' ? { type: a.allow } : a.allow] };
  }
  return out;
}

/** Where our spec bounds int64 tighter than the format (src/spec/convert.ts). */
export const INT64_ALLOWANCE: Allowance = { schema: '', path: '', allow: 'integer', basis: 'project', ref: 'int64 bounded by 2^53 in our spec (src/spec/convert.ts: what JavaScript reads exactly); the format allows 2^63' };

/** The field an allowance is about: the last property name of its path, or its `field`. */
function fieldOf(a: Allowance): string | undefined {
  const props = [...a.path.matchAll(/\/properties\/([^/]+)/g)].map((m) => m[1]);
  return a.field ?? props[props.length - 1];
}

/**
 * The allowances behind schema errors. ajv's schemaPath starts at the schema a `$ref` points to,
 * so the errors are matched by what they name: the field at the end of their instance path (an
 * array index skipped), or a missing required property for an allowance that requires nothing.
 */
export function allowancesBehind(errors: readonly SchemaErrorInfo[], allowances: readonly Allowance[]): Allowance[] {
  return allowances.filter((a) =>
    errors.some((e) => {
      // Nothing required of a whole object: a missing property of the answer itself (or of a list item).
      if (a.allow === 'unrequired') return /required property/.test(e.message) && /^(\/\d+)?\/?$/.test(e.path);
      const field = fieldOf(a);
      if (!field) return false;
      const segs = e.path.split('/').filter((x) => x !== '' && !/^\d+$/.test(x));
      return segs.includes(field);
    }),
  );
}
