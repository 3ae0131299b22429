// Rules on one schema-like object (a schema, a Swagger 2.0 non-body parameter, header or items):
// invalid `type` values, formats that are not formats or do not fit the type (int64 on a string),
// and `required` names that are not properties.
import type { SpecFinding } from '../types.js';
import { resolvePointer } from '../validators.js';
import { suggest } from './suggest.js';
import { isObj } from '../../core/json.js';
import type { Json, LintDoc, Visit } from './walk.js';

const JSON_TYPES = ['object', 'array', 'string', 'integer', 'number', 'boolean'];
const TYPE_ALIASES: Readonly<Record<string, string>> = {
  int: 'integer', long: 'integer', short: 'integer', float: 'number', double: 'number', decimal: 'number',
  bool: 'boolean', str: 'string', text: 'string', date: 'string', datetime: 'string', list: 'array', dict: 'object', map: 'object', hash: 'object',
};

const FORMAT_TYPE: Readonly<Record<string, string>> = {
  int32: 'integer', int64: 'integer', float: 'number', double: 'number',
  ...Object.fromEntries(
    'byte binary date date-time time duration password email idn-email hostname idn-hostname ipv4 ipv6 uri uri-reference uri-template url iri iri-reference uuid regex json-pointer relative-json-pointer'
      .split(' ')
      .map((f) => [f, 'string']),
  ),
};

const SCHEMA_LIKE = new Set(['schema', 'parameter', 'header', 'items']);

function finding(v: Visit, kind: SpecFinding['kind'], suffix: string, message: string): SpecFinding {
  const f: SpecFinding = { kind, pointer: `${v.pointer}${suffix}`, message };
  if (v.operationId !== undefined) f.operationId = v.operationId;
  return f;
}

function lintType(d: LintDoc, v: Visit): SpecFinding[] {
  const t = v.node.type;
  if (t === undefined) return [];
  // In OpenAPI 3 the value schema of a parameter or header sits under `schema`, visited on its own.
  if (d.dialect === 'openapi3' && (v.kind === 'parameter' || v.kind === 'header')) return [];
  if (Array.isArray(t)) {
    if (d.oas31) {
      return t.filter((x) => typeof x !== 'string' || ![...JSON_TYPES, 'null'].includes(x)).map((x) => finding(v, 'invalid-type', '/type', `type ${JSON.stringify(x)} is not a JSON Schema type`));
    }
    return [finding(v, 'invalid-type', '/type', `type ${JSON.stringify(t)}: a list of types needs OpenAPI 3.1; use one type${t.includes('null') ? (d.dialect === 'swagger2' ? ' and x-nullable' : ' and nullable') : ''}`)];
  }
  if (typeof t !== 'string') return [finding(v, 'invalid-type', '/type', `type must be a string, not ${JSON.stringify(t)}`)];
  if (JSON_TYPES.includes(t)) return [];
  if (t === 'file') {
    if (d.dialect === 'swagger2') return [];
    return [finding(v, 'invalid-type', '/type', 'type "file" is Swagger 2.0 only; in OpenAPI 3 use type: string, format: binary')];
  }
  if (t === 'null') {
    if (d.oas31) return [];
    return [finding(v, 'invalid-type', '/type', `type "null" needs OpenAPI 3.1; use ${d.dialect === 'swagger2' ? 'x-nullable' : 'nullable'}: true`)];
  }
  const hint = TYPE_ALIASES[t.toLowerCase()] ?? suggest(t, JSON_TYPES);
  return [finding(v, 'invalid-type', '/type', `type "${t}" is not a valid type${hint ? ` (did you mean "${hint}"?)` : ''}`)];
}

function lintFormat(d: LintDoc, v: Visit): SpecFinding[] {
  const f = v.node.format;
  if (f === undefined) return [];
  if (d.dialect === 'openapi3' && (v.kind === 'parameter' || v.kind === 'header')) return [];
  if (typeof f !== 'string') return [finding(v, 'invalid-format', '/format', `format must be a string, not ${JSON.stringify(f)}`)];
  const wanted = FORMAT_TYPE[f];
  if (wanted === undefined) {
    const hint = suggest(f, Object.keys(FORMAT_TYPE));
    return [finding(v, 'invalid-format', '/format', `"${f.length > 60 ? `${f.slice(0, 60)}...` : f}" is not a known format and is not checked${hint ? ` (did you mean "${hint}"?)` : ''}`)];
  }
  const t = v.node.type;
  const types = typeof t === 'string' ? [t] : Array.isArray(t) ? t.filter((x): x is string => typeof x === 'string' && x !== 'null') : [];
  if (types.length === 0) return [];
  if (types.some((x) => x === wanted || (x === 'file' && f === 'binary'))) return [];
  return [finding(v, 'invalid-format', '/format', `format ${f} is a${wanted === 'integer' ? 'n' : ''} ${wanted} format, but type is ${types.join('/')}`)];
}

/** Field names a schema declares itself or through allOf/oneOf/anyOf members (following $refs). */
function declaredFields(d: LintDoc, schema: unknown, visiting: Set<unknown>): Set<string> {
  const s = isObj(schema) && typeof schema.$ref === 'string' ? resolvePointer(d.doc, schema.$ref) : schema;
  const names = new Set<string>();
  if (!isObj(s) || visiting.has(s)) return names;
  visiting.add(s);
  if (isObj(s.properties)) for (const k of Object.keys(s.properties)) names.add(k);
  for (const key of ['allOf', 'oneOf', 'anyOf']) {
    const members = s[key];
    if (Array.isArray(members)) for (const m of members) for (const n of declaredFields(d, m, visiting)) names.add(n);
  }
  return names;
}

function lintRequired(d: LintDoc, v: Visit): SpecFinding[] {
  if (v.kind !== 'schema' || !('required' in v.node)) return [];
  const req = v.node.required;
  if (!Array.isArray(req)) {
    return [finding(v, 'required-not-in-properties', '/required', `required must list property names, not ${JSON.stringify(req)} (a boolean required belongs on parameters)`)];
  }
  const node: Json = v.node;
  const type = node.type;
  const fields = declaredFields(d, node, new Set());
  const out: SpecFinding[] = [];
  req.forEach((name, i) => {
    if (typeof name !== 'string') {
      out.push(finding(v, 'required-not-in-properties', `/required/${i}`, `required holds ${JSON.stringify(name)}, not a property name`));
    } else if (typeof type === 'string' && type !== 'object') {
      out.push(finding(v, 'required-not-in-properties', `/required/${i}`, `required names "${name}" on a schema of type ${type}, which has no properties`));
    } else if (!fields.has(name)) {
      const hint = suggest(name, [...fields]);
      out.push(finding(v, 'required-not-in-properties', `/required/${i}`, `required names "${name}", which is not among the properties${hint ? ` (did you mean "${hint}"?)` : ''}`));
    }
  });
  return out;
}

export function lintSchemaRules(d: LintDoc, v: Visit): SpecFinding[] {
  if (!SCHEMA_LIKE.has(v.kind)) return [];
  return [...lintType(d, v), ...lintFormat(d, v), ...lintRequired(d, v)];
}
