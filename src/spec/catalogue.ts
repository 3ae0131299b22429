// Builds the operation catalogue from a dereferenced Swagger 2.0 or OpenAPI 3.x document.
// The raw document is consulted only to record where each schema lives, so validators can compile
// from the $ref-carrying form (shared definitions compile once).
import type { HttpMethod, Operation, ParameterInfo, RequestBodyInfo, ResponseInfo, SpecSchema } from './types.js';
import { isObj } from '../core/json.js';

type Json = Record<string, unknown>;

export const METHODS: readonly HttpMethod[] = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'];

/** Escapes one JSON-pointer segment. */
export function ptr(...segments: string[]): string {
  return segments.map((s) => '/' + s.replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

function extensions(o: Json): Record<string, unknown> {
  const ext: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (k.startsWith('x-')) ext[k] = v;
  return ext;
}

function paramSchema(p: Json, dialect: 'swagger2' | 'openapi3'): SpecSchema {
  if (dialect === 'openapi3') return isObj(p.schema) ? p.schema : {};
  // Swagger 2.0 keeps the value schema on the parameter itself.
  const s: Json = {};
  for (const [k, v] of Object.entries(p)) {
    if (['name', 'in', 'required', 'description', 'collectionFormat', 'allowEmptyValue'].includes(k) || k.startsWith('x-')) continue;
    s[k] = v;
  }
  return s;
}

function toParam(p: Json, dialect: 'swagger2' | 'openapi3'): ParameterInfo | undefined {
  const where = p.in;
  if (where !== 'path' && where !== 'query' && where !== 'header' && where !== 'formData' && where !== 'cookie') return undefined;
  const info: ParameterInfo = {
    name: String(p.name),
    in: where,
    required: where === 'path' ? true : p.required === true,
    schema: paramSchema(p, dialect),
  };
  if (dialect === 'swagger2' && typeof p.collectionFormat === 'string') {
    info.collectionFormat = p.collectionFormat as NonNullable<ParameterInfo['collectionFormat']>;
  } else if (dialect === 'openapi3' && info.schema.type === 'array') {
    // style=form + explode=true (the OAS3 default for query) is the `multi` form.
    const style = typeof p.style === 'string' ? p.style : 'form';
    const explode = typeof p.explode === 'boolean' ? p.explode : style === 'form';
    info.collectionFormat = explode ? 'multi' : style === 'spaceDelimited' ? 'ssv' : style === 'pipeDelimited' ? 'pipes' : 'csv';
  }
  if (p.allowEmptyValue === true) info.allowEmptyValue = true;
  return info;
}

/** Merges path-level and operation-level parameters; the operation wins on (name, in). */
function mergeParams(pathLevel: unknown, opLevel: unknown): Json[] {
  const out = new Map<string, Json>();
  for (const list of [pathLevel, opLevel]) {
    if (!Array.isArray(list)) continue;
    for (const p of list) if (isObj(p)) out.set(`${String(p.in)}:${String(p.name)}`, p);
  }
  return [...out.values()];
}

function groupOf(path: string, tags: string[]): string {
  if (tags[0]) return tags[0];
  const seg = path.split('/').find((s) => s && !s.startsWith('{'));
  return seg ?? 'root';
}

export interface BuildInput {
  deref: Json;
  dialect: 'swagger2' | 'openapi3';
}

export function buildOperations({ deref, dialect }: BuildInput): Operation[] {
  const ops: Operation[] = [];
  const paths = isObj(deref.paths) ? deref.paths : {};
  const globalSecurity = Array.isArray(deref.security) ? deref.security : [];
  const globalConsumes = Array.isArray(deref.consumes) ? (deref.consumes as string[]) : ['application/json'];
  const globalProduces = Array.isArray(deref.produces) ? (deref.produces as string[]) : ['application/json'];

  for (const [path, item] of Object.entries(paths)) {
    if (!isObj(item)) continue;
    for (const method of METHODS) {
      const o = item[method];
      if (!isObj(o)) continue;
      const tags = Array.isArray(o.tags) ? o.tags.map(String) : [];
      const raw = mergeParams(item.parameters, o.parameters);
      const parameters: ParameterInfo[] = [];
      const formFields: ParameterInfo[] = [];
      let body: RequestBodyInfo | undefined;
      const consumes = Array.isArray(o.consumes) ? (o.consumes as string[]) : globalConsumes;
      const opPointer = ptr('paths', path, method);

      for (const p of raw) {
        if (dialect === 'swagger2' && p.in === 'body') {
          // The body parameter may sit on the operation or (less often) on the path item.
          const opIndex = Array.isArray(o.parameters) ? o.parameters.findIndex((q) => isObj(q) && q.in === 'body') : -1;
          const pathIndex = Array.isArray(item.parameters) ? item.parameters.findIndex((q) => isObj(q) && q.in === 'body') : -1;
          body = {
            required: p.required === true,
            contentTypes: consumes,
            schema: isObj(p.schema) ? p.schema : {},
            pointer: opIndex >= 0 ? `${opPointer}/parameters/${opIndex}/schema` : pathIndex >= 0 ? `${ptr('paths', path)}/parameters/${pathIndex}/schema` : undefined,
          };
          continue;
        }
        const info = toParam(p, dialect);
        if (!info) continue;
        if (info.in === 'formData') formFields.push(info);
        else parameters.push(info);
      }
      if (dialect === 'swagger2' && formFields.length && !body) {
        body = { required: formFields.some((f) => f.required), contentTypes: consumes };
      }
      if (dialect === 'openapi3' && isObj(o.requestBody)) {
        const rb = o.requestBody;
        const content = isObj(rb.content) ? rb.content : {};
        const types = Object.keys(content);
        const jsonType = types.find((t) => t.includes('json'));
        const formType = types.find((t) => t.startsWith('multipart/') || t === 'application/x-www-form-urlencoded');
        body = { required: rb.required === true, contentTypes: types };
        if (jsonType) {
          const media = content[jsonType];
          if (isObj(media) && isObj(media.schema)) {
            body.schema = media.schema;
            body.pointer = `${opPointer}/requestBody/content/${ptr(jsonType).slice(1)}/schema`;
          }
        } else if (formType) {
          const media = content[formType];
          const schema = isObj(media) && isObj(media.schema) ? media.schema : {};
          const props = isObj(schema.properties) ? schema.properties : {};
          const req = Array.isArray(schema.required) ? schema.required : [];
          for (const [name, s] of Object.entries(props)) {
            if (!isObj(s)) continue;
            formFields.push({ name, in: 'formData', required: req.includes(name), schema: s.format === 'binary' ? { ...s, type: 'file' } : s });
          }
        }
      }

      const responses: ResponseInfo[] = [];
      const produces = Array.isArray(o.produces) ? (o.produces as string[]) : globalProduces;
      for (const [status, r] of Object.entries(isObj(o.responses) ? o.responses : {})) {
        if (!isObj(r)) continue;
        const info: ResponseInfo = { status, contentTypes: produces };
        if (typeof r.description === 'string') info.description = r.description;
        if (dialect === 'swagger2') {
          if (isObj(r.schema)) {
            info.schema = r.schema;
            info.pointer = `${opPointer}/responses/${status}/schema`;
          }
        } else if (isObj(r.content)) {
          const types = Object.keys(r.content);
          info.contentTypes = types;
          const jsonType = types.find((t) => t.includes('json'));
          const media = jsonType ? r.content[jsonType] : undefined;
          if (jsonType && isObj(media) && isObj(media.schema)) {
            info.schema = media.schema;
            info.pointer = `${opPointer}/responses/${status}/content/${ptr(jsonType).slice(1)}/schema`;
          }
        } else {
          info.contentTypes = [];
        }
        responses.push(info);
      }

      const security = Array.isArray(o.security) ? o.security : globalSecurity;
      const secured = security.some((req) => isObj(req) && Object.keys(req).length > 0);
      const op: Operation = {
        id: typeof o.operationId === 'string' && o.operationId ? o.operationId : `${method.toUpperCase()} ${path}`,
        method,
        path,
        group: groupOf(path, tags),
        tags,
        deprecated: o.deprecated === true,
        parameters,
        formFields,
        responses,
        secured,
        extensions: extensions(o),
      };
      if (typeof o.summary === 'string') op.summary = o.summary;
      if (body) op.body = body;
      ops.push(op);
    }
  }
  return ops;
}

/** Path template with parameter names erased: two templates that differ only by names match. */
export function pathShape(path: string): string {
  return path.replace(/\{[^}]+\}/g, '{}');
}

/** Compiles a path template into a matcher that returns the path parameters. */
export function pathMatcher(path: string): (candidate: string) => Record<string, string> | undefined {
  const names: string[] = [];
  const source = path
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const m = /^\{([^}]+)\}$/.exec(part);
      if (m) {
        names.push(m[1] ?? '');
        return '([^/]+)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  const re = new RegExp(`^${source}/?$`);
  return (candidate) => {
    const m = re.exec(candidate);
    if (!m) return undefined;
    const out: Record<string, string> = {};
    names.forEach((n, i) => {
      out[n] = decodeURIComponent(m[i + 1] ?? '');
    });
    return out;
  };
}

export type PathValue = string | number | boolean | readonly (string | number)[];

/** Fills `{name}` placeholders (the inverse of pathMatcher); arrays become comma lists (the API's bulk form, `/customers/3,4,5`). */
export function fillPath(template: string, values: Readonly<Record<string, PathValue>> = {}): string {
  return template.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`path parameter "${name}" of ${template} has no value`);
    const parts = Array.isArray(v) ? v.map(String) : [String(v)];
    return parts.map((p) => encodeURIComponent(p)).join(',');
  });
}
