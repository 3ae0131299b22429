// Errata overlay: a small YAML file that patches a vendor spec at load time, before anything is
// built from it (catalogue, validators). Every patch that applies is listed in the catalogue
// (errataApplied) and so in the report; one that cannot apply becomes an `errata-failed` finding
// and changes nothing. Loading never throws because of an errata file.
//
// Format (documented in README "Errata overlay"; example: spec/examples/errata.example.yaml):
//
//   errata:                        # or the list on its own
//     - op: remove-item            # set | add | replace | remove | merge | remove-item | test
//       schema: ShopCustomer       # optional anchor: a named schema (definitions / components.schemas)
//       operation: getCustomer     # optional anchor instead: an operation by operationId
//       path: /required            # JSON pointer, relative to the anchor (or the document root)
//       value: dateOfBirth
//       reason: The shop leaves dateOfBirth out for guests.   # required: it goes into the report
//
// set = add-or-replace (the parent must exist); add/replace/remove/test are RFC 6902 operations;
// merge = RFC 7396 merge patch of `value` into the object at `path` (null deletes a key);
// remove-item = remove every array element equal to `value` (e.g. a name from `required`).
import { readFileSync } from 'node:fs';
import nodePath from 'node:path';
import fjp, { type Operation as PatchOperation } from 'fast-json-patch';
import { parse as parseYaml } from 'yaml';
import type { SpecFinding } from './types.js';
import { isObj } from '../core/json.js';

type Json = Record<string, unknown>;

export interface ErrataResult {
  doc: Record<string, unknown>;
  applied: string[];
  findings: SpecFinding[];
}

export const ERRATA_OPS = ['set', 'add', 'replace', 'remove', 'merge', 'remove-item', 'test'] as const;
export type ErrataOp = (typeof ERRATA_OPS)[number];

export interface ErrataEntry {
  op: ErrataOp;
  path: string;
  value?: unknown;
  reason: string;
  schema?: string;
  operation?: string;
}

const NEEDS_VALUE: ReadonlySet<ErrataOp> = new Set(['set', 'add', 'replace', 'merge', 'remove-item', 'test']);
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function escapeSegment(s: string): string {
  return s.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Reads the overlay. Returns the raw entries, or one line saying why the file is unusable. */
export function readErrataFile(file: string): { entries: unknown[] } | { error: string } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    return { error: `cannot read errata file ${file}: ${(err as NodeJS.ErrnoException).code ?? String(err)}` };
  }
  let parsed: unknown;
  try {
    parsed = parseYaml(text);
  } catch (err) {
    return { error: `errata file ${file} is not valid YAML: ${err instanceof Error ? (err.message.split('\n')[0] ?? '') : String(err)}` };
  }
  if (parsed === null || parsed === undefined) return { entries: [] };
  const list = Array.isArray(parsed) ? parsed : isObj(parsed) && Array.isArray(parsed.errata) ? parsed.errata : undefined;
  if (!list) return { error: `errata file ${file} must hold a list of patches or an \`errata:\` list` };
  return { entries: list as unknown[] };
}

/** Checks one raw entry; returns the entry or the reason it is malformed. */
export function parseEntry(raw: unknown): ErrataEntry | string {
  if (!isObj(raw)) return 'a patch must be a mapping with op, path and reason';
  const { op, path, reason, schema, operation } = raw;
  if (typeof op !== 'string' || !(ERRATA_OPS as readonly string[]).includes(op)) return `op must be one of ${ERRATA_OPS.join(', ')} (got ${JSON.stringify(op)})`;
  if (typeof path !== 'string' || (path !== '' && !path.startsWith('/'))) return `path must be a JSON pointer such as /definitions/ShopCustomer/required (got ${JSON.stringify(path)})`;
  if (typeof reason !== 'string' || !reason.trim()) return 'reason is required: it is what the report shows';
  if (schema !== undefined && typeof schema !== 'string') return 'schema must be the name of a named schema';
  if (operation !== undefined && typeof operation !== 'string') return 'operation must be an operationId';
  if (schema !== undefined && operation !== undefined) return 'give either schema or operation as the anchor, not both';
  if (NEEDS_VALUE.has(op as ErrataOp) && !('value' in raw)) return `op ${op} needs a value`;
  if (op !== 'merge' && op !== 'remove-item' && path === '' && schema === undefined && operation === undefined) return 'the document root cannot be replaced or removed';
  const entry: ErrataEntry = { op: op as ErrataOp, path, reason: reason.trim() };
  if ('value' in raw) entry.value = raw.value;
  if (schema !== undefined) entry.schema = schema;
  if (operation !== undefined) entry.operation = operation;
  return entry;
}

/** The absolute pointer an entry targets, or the reason its anchor cannot be found. */
function absolutePointer(doc: Json, e: ErrataEntry): string | { error: string } {
  if (e.schema !== undefined) {
    const swagger2 = typeof doc.swagger === 'string';
    const holder = swagger2 ? doc.definitions : isObj(doc.components) ? doc.components.schemas : undefined;
    if (!isObj(holder) || !(e.schema in holder)) return { error: `no named schema ${e.schema}` };
    return `${swagger2 ? '/definitions' : '/components/schemas'}/${escapeSegment(e.schema)}${e.path}`;
  }
  if (e.operation !== undefined) {
    const paths = isObj(doc.paths) ? doc.paths : {};
    for (const [p, item] of Object.entries(paths)) {
      if (!isObj(item)) continue;
      for (const m of METHODS) {
        const o = item[m];
        if (isObj(o) && o.operationId === e.operation) return `/paths/${escapeSegment(p)}/${m}${e.path}`;
      }
    }
    return { error: `no operation with operationId ${e.operation}` };
  }
  return e.path;
}

/** RFC 7396 merge patch. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObj(patch)) return structuredClone(patch);
  const out: Json = isObj(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = mergePatch(out[k], v);
  }
  return out;
}

function applyOne(doc: Json, pointer: string, e: ErrataEntry): void {
  const apply = (operation: PatchOperation) => fjp.applyOperation(doc, operation, true, true);
  const exists = (): boolean => {
    try {
      return fjp.getValueByPointer(doc, pointer) !== undefined;
    } catch {
      return false;
    }
  };
  switch (e.op) {
    case 'set':
      apply({ op: exists() ? 'replace' : 'add', path: pointer, value: structuredClone(e.value) });
      return;
    case 'add':
    case 'replace':
    case 'test':
      apply({ op: e.op, path: pointer, value: structuredClone(e.value) });
      return;
    case 'remove':
      apply({ op: 'remove', path: pointer });
      return;
    case 'merge': {
      const current: unknown = exists() ? fjp.getValueByPointer(doc, pointer) : undefined;
      if (!isObj(current)) throw new Error(`merge needs an object at ${pointer || '/'}`);
      if (!isObj(e.value)) throw new Error('merge needs a mapping as value');
      const merged = mergePatch(current, e.value);
      if (pointer === '') {
        for (const k of Object.keys(doc)) delete doc[k];
        Object.assign(doc, merged);
      } else apply({ op: 'replace', path: pointer, value: merged });
      return;
    }
    case 'remove-item': {
      const current: unknown = exists() ? fjp.getValueByPointer(doc, pointer) : undefined;
      if (!Array.isArray(current)) throw new Error(`remove-item needs an array at ${pointer || '/'}`);
      const keep = current.filter((item) => !fjp._areEquals(item, e.value));
      if (keep.length === current.length) throw new Error(`${JSON.stringify(e.value)} is not in the array at ${pointer}`);
      apply({ op: 'replace', path: pointer, value: keep });
      return;
    }
  }
}

function errorText(err: unknown): string {
  const name = err instanceof Error ? err.name : '';
  const message = err instanceof Error ? (err.message.split('\n')[0] ?? '') : String(err);
  // fast-json-patch names its errors (OPERATION_PATH_UNRESOLVABLE ...); its messages say enough.
  return /^[A-Z_]+$/.test(name) ? message.replace(/\.$/, '') : message;
}

/** Applies entries to a copy of `doc`. `source` names the file in lines and findings. */
export function applyErrataEntries(doc: Record<string, unknown>, entries: readonly unknown[], source: string): ErrataResult {
  const out = structuredClone(doc);
  const applied: string[] = [];
  const findings: SpecFinding[] = [];
  entries.forEach((raw, i) => {
    const label = `${source} #${i + 1}`;
    const entry = parseEntry(raw);
    if (typeof entry === 'string') {
      findings.push({ kind: 'errata-failed', pointer: isObj(raw) && typeof raw.path === 'string' ? raw.path : '', message: `${label}: ${entry}` });
      return;
    }
    const pointer = absolutePointer(out, entry);
    if (typeof pointer !== 'string') {
      findings.push({ kind: 'errata-failed', pointer: entry.path, message: `${label}: ${pointer.error} (${entry.reason})` });
      return;
    }
    try {
      applyOne(out, pointer, entry);
      const anchor = entry.schema !== undefined ? ` [schema ${entry.schema}]` : entry.operation !== undefined ? ` [operation ${entry.operation}]` : '';
      applied.push(`${label}: ${entry.op} ${pointer || '/'}${anchor}: ${entry.reason}`);
    } catch (err) {
      const finding: SpecFinding = { kind: 'errata-failed', pointer, message: `${label}: ${entry.op} ${pointer || '/'} cannot apply: ${errorText(err)} (${entry.reason})` };
      if (entry.operation !== undefined) finding.operationId = entry.operation;
      findings.push(finding);
    }
  });
  return { doc: out, applied, findings };
}

export function applyErrata(doc: Record<string, unknown>, file: string): ErrataResult {
  const read = readErrataFile(file);
  if ('error' in read) return { doc, applied: [], findings: [{ kind: 'errata-failed', pointer: '', message: read.error }] };
  const rel = nodePath.relative(process.cwd(), file);
  return applyErrataEntries(doc, read.entries, rel && !rel.startsWith('..') ? rel : file);
}
