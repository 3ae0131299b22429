// One walk over a bundled ($ref-carrying) Swagger 2.0 or OpenAPI 3.x document that visits every
// object a lint rule may look at, with its JSON pointer, its kind, the operation it belongs to and
// the direction its values travel. `$ref` objects are not visited: their target is, where it lives.
import { isObj } from '../../core/json.js';
export type Json = Record<string, unknown>;
export type Dialect = 'swagger2' | 'openapi3';

export type ObjectKind =
  | 'root'
  | 'pathItem'
  | 'operation'
  /** Swagger 2.0 non-body parameter: its value schema sits on the parameter itself. */
  | 'parameter'
  | 'bodyParameter'
  | 'response'
  | 'requestBody'
  | 'mediaType'
  | 'header'
  | 'schema'
  /** Swagger 2.0 `items` of a non-body parameter or header (a restricted schema). */
  | 'items';

export type Direction = 'request' | 'response' | 'neutral';

export interface Visit {
  kind: ObjectKind;
  node: Json;
  pointer: string;
  operationId?: string;
  direction: Direction;
}

export interface LintDoc {
  doc: Json;
  dialect: Dialect;
  /** OpenAPI 3.1: schemas are full JSON Schema 2020-12. */
  oas31: boolean;
}

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export function ptr(...segments: string[]): string {
  return segments.map((s) => '/' + s.replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

function isRef(node: Json): boolean {
  return typeof node.$ref === 'string';
}

interface Ctx {
  operationId?: string;
  direction: Direction;
}

class Walker {
  private readonly seen = new Set<object>();

  constructor(
    private readonly d: LintDoc,
    private readonly cb: (v: Visit) => void,
  ) {}

  private emit(kind: ObjectKind, node: unknown, pointer: string, ctx: Ctx): node is Json {
    if (!isObj(node) || isRef(node) || this.seen.has(node)) return false;
    this.seen.add(node); // YAML anchors can share one object between places
    const v: Visit = { kind, node, pointer, direction: ctx.direction };
    if (ctx.operationId !== undefined) v.operationId = ctx.operationId;
    this.cb(v);
    return true;
  }

  /** Entries of a map; `x-` keys are extensions except where keys are names (properties ...). */
  private each(map: unknown, pointer: string, fn: (value: unknown, p: string) => void, names = false): void {
    if (!isObj(map)) return;
    for (const [k, v] of Object.entries(map)) if (names || !k.startsWith('x-')) fn(v, `${pointer}${ptr(k)}`);
  }

  private list(arr: unknown, pointer: string, fn: (value: unknown, p: string) => void): void {
    if (Array.isArray(arr)) arr.forEach((v, i) => fn(v, `${pointer}/${i}`));
  }

  schema(node: unknown, pointer: string, ctx: Ctx): void {
    if (!this.emit('schema', node, pointer, ctx)) return;
    const s = node;
    for (const key of ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']) {
      this.each(s[key], `${pointer}/${key}`, (v, p) => this.schema(v, p, ctx), true);
    }
    for (const key of ['allOf', 'anyOf', 'oneOf', 'prefixItems']) this.list(s[key], `${pointer}/${key}`, (v, p) => this.schema(v, p, ctx));
    if (Array.isArray(s.items)) this.list(s.items, `${pointer}/items`, (v, p) => this.schema(v, p, ctx));
    for (const key of ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems']) {
      if (isObj(s[key])) this.schema(s[key], `${pointer}/${key}`, ctx);
    }
  }

  private items(node: unknown, pointer: string, ctx: Ctx): void {
    if (!this.emit('items', node, pointer, ctx)) return;
    if (isObj((node).items)) this.items((node).items, `${pointer}/items`, ctx);
  }

  private mediaTypes(content: unknown, pointer: string, ctx: Ctx): void {
    this.each(content, pointer, (media, p) => {
      if (this.emit('mediaType', media, p, ctx)) this.schema((media).schema, `${p}/schema`, ctx);
    });
  }

  private header(node: unknown, pointer: string, ctx: Ctx): void {
    if (!this.emit('header', node, pointer, ctx)) return;
    const h = node;
    if (this.d.dialect === 'swagger2') {
      if (isObj(h.items)) this.items(h.items, `${pointer}/items`, ctx);
    } else {
      this.schema(h.schema, `${pointer}/schema`, ctx);
      this.mediaTypes(h.content, `${pointer}/content`, ctx);
    }
  }

  parameter(node: unknown, pointer: string, ctx: Ctx): void {
    if (!isObj(node) || isRef(node)) return;
    const request: Ctx = { ...ctx, direction: 'request' };
    if (this.d.dialect === 'swagger2') {
      if (node.in === 'body') {
        if (this.emit('bodyParameter', node, pointer, request)) this.schema(node.schema, `${pointer}/schema`, request);
      } else if (this.emit('parameter', node, pointer, request) && isObj(node.items)) {
        this.items(node.items, `${pointer}/items`, request);
      }
      return;
    }
    if (!this.emit('parameter', node, pointer, request)) return;
    this.schema(node.schema, `${pointer}/schema`, request);
    this.mediaTypes(node.content, `${pointer}/content`, request);
  }

  response(node: unknown, pointer: string, ctx: Ctx): void {
    const response: Ctx = { ...ctx, direction: 'response' };
    if (!this.emit('response', node, pointer, response)) return;
    const r = node;
    this.each(r.headers, `${pointer}/headers`, (h, p) => this.header(h, p, response));
    if (this.d.dialect === 'swagger2') this.schema(r.schema, `${pointer}/schema`, response);
    else this.mediaTypes(r.content, `${pointer}/content`, response);
  }

  requestBody(node: unknown, pointer: string, ctx: Ctx): void {
    const request: Ctx = { ...ctx, direction: 'request' };
    if (this.emit('requestBody', node, pointer, request)) this.mediaTypes((node).content, `${pointer}/content`, request);
  }

  operation(node: unknown, pointer: string): void {
    if (!isObj(node)) return;
    const ctx: Ctx = { direction: 'neutral' };
    if (typeof node.operationId === 'string') ctx.operationId = node.operationId;
    if (!this.emit('operation', node, pointer, ctx)) return;
    this.list(node.parameters, `${pointer}/parameters`, (p, pp) => this.parameter(p, pp, ctx));
    this.requestBody(node.requestBody, `${pointer}/requestBody`, ctx);
    this.each(node.responses, `${pointer}/responses`, (r, p) => this.response(r, p, ctx));
  }

  run(): void {
    const { doc, dialect } = this.d;
    const neutral: Ctx = { direction: 'neutral' };
    this.emit('root', doc, '', neutral);
    this.each(doc.paths, '/paths', (item, p) => {
      if (!this.emit('pathItem', item, p, neutral)) return;
      const pi = item;
      this.list(pi.parameters, `${p}/parameters`, (param, pp) => this.parameter(param, pp, neutral));
      for (const m of HTTP_METHODS) if (m in pi) this.operation(pi[m], `${p}/${m}`);
    });
    if (dialect === 'swagger2') {
      this.each(doc.definitions, '/definitions', (s, p) => this.schema(s, p, neutral), true);
      this.each(doc.parameters, '/parameters', (s, p) => this.parameter(s, p, neutral));
      this.each(doc.responses, '/responses', (s, p) => this.response(s, p, neutral));
      return;
    }
    const c = isObj(doc.components) ? doc.components : {};
    this.each(c.schemas, '/components/schemas', (s, p) => this.schema(s, p, neutral), true);
    this.each(c.parameters, '/components/parameters', (s, p) => this.parameter(s, p, neutral));
    this.each(c.responses, '/components/responses', (s, p) => this.response(s, p, neutral));
    this.each(c.requestBodies, '/components/requestBodies', (s, p) => this.requestBody(s, p, neutral));
    this.each(c.headers, '/components/headers', (s, p) => this.header(s, p, neutral));
  }
}

/** Visits every lintable object of the document once. */
export function walk(d: LintDoc, cb: (v: Visit) => void): void {
  new Walker(d, cb).run();
}
