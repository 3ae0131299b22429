// The vendor-normative schema: our spec with what the vendor's description allows taken back in
// (spec/vendor-allowances.yaml). A response is failed only against it; where only our stricter
// spec refuses an answer, the finding is an advisory naming the allowance.
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { PROJECT_ROOT } from '../config/config.js';
import nodePath from 'node:path';
import { isObj, type Json } from '../core/json.js';
import type { SchemaErrorInfo } from '../core/exchange.js';
import type { BasisKind } from '../core/finding.js';

export interface Allowance {
  /**
   * A named schema of the spec (definitions / components.schemas), a `#/`-pointer into the document
   * (an operation's schema), or ONE_RECORD: the answers of every operation on one record.
   */
  schema: string;
  /** JSON pointer inside it ('' = the schema itself). */
  path: string;
  /**
   * 'null' | 'unrequired' | 'any' | a JSON type the node also takes | a schema it also takes |
   * 'record' (with ONE_RECORD: a list also takes one of its items).
   */
  allow: string | Json;
  basis: Extract<BasisKind, 'erratum' | 'project'>;
  ref: string;
  /** The field the node is, where its path does not name one (a whole named schema). */
  field?: string;
}

/**
 * The allowance of shapes that cannot be right (facts README, known defects): an operation on one
 * record whose answer is declared a list of records (the single reads of customer groups and
 * product prices, the delete of a review, ...) also takes the one record, the evident shape. The one
 * home of that rule: the file names it once (`schema: one-record-answers, allow: record`), and
 * `oneRecordAnswers` finds the operations it covers in whatever spec is loaded.
 */
export const ONE_RECORD = 'one-record-answers';

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

const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

/**
 * The answers ONE_RECORD covers: per operation whose path ends in one record's id (`{review_id}`,
 * not a list of ids such as `{category_ids}`), each 2xx answer declared as a list, with the pointer
 * to its schema and the schema of one item.
 */
export function oneRecordAnswers(doc: Json): { pointer: string; item: Json }[] {
  const out: { pointer: string; item: Json }[] = [];
  const paths = isObj(doc.paths) ? doc.paths : {};
  for (const [p, item] of Object.entries(paths)) {
    const last = /\{([^}/]+)\}$/.exec(p)?.[1];
    if (!last || /_ids$|s_id$/.test(last) || !isObj(item)) continue;
    for (const m of METHODS) {
      const op = item[m];
      if (!isObj(op) || !isObj(op.responses)) continue;
      for (const [status, r] of Object.entries(op.responses)) {
        const schema = isObj(r) && isObj(r.schema) ? r.schema : undefined;
        if (!/^2\d\d$/.test(status) || schema?.type !== 'array' || !isObj(schema.items)) continue;
        out.push({ pointer: `#/paths/${p.replace(/~/g, '~0').replace(/\//g, '~1')}/${m}/responses/${status}/schema`, item: schema.items });
      }
    }
  }
  return out;
}

/** ONE_RECORD spelt out for one document: an allowance per answer it covers. */
function expand(doc: Json, allowances: readonly Allowance[]): Allowance[] {
  return allowances.flatMap((a) => (a.schema === ONE_RECORD && a.allow === 'record' ? oneRecordAnswers(doc).map(({ pointer, item }) => ({ ...a, schema: pointer, path: '', allow: item })) : [a]));
}

/**
 * A deep copy of a bundled document with the allowances applied (those whose node exists; an
 * allowance for a schema another spec lacks is passed over).
 */
export function applyAllowances(doc: Json, allowances: readonly Allowance[]): Json {
  const out = structuredClone(doc);
  const named = isObj(out.definitions) ? out.definitions : isObj(out.components) && isObj(out.components.schemas) ? out.components.schemas : undefined;
  if (!named) return out;
  for (const a of expand(out, allowances)) {
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
      // One record where a list is declared: the answer itself is not a list.
      if (a.schema === ONE_RECORD) return e.path === '' && e.message === 'must be array';
      const field = fieldOf(a);
      if (!field) return false;
      const segs = e.path.split('/').filter((x) => x !== '' && !/^\d+$/.test(x));
      return segs.includes(field);
    }),
  );
}
