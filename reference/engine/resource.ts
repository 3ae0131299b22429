// The generic collection engine. A resource is declared once (collection, path, record schema,
// optional rules) and its operations are bound by the shape of their path and method in the spec:
//   GET /x list · POST /x create (array body: bulk) · PUT /x bulk update · POST /x/search search
//   GET /x/{id} read · PUT /x/{id} replace · PATCH /x/{id} merge · DELETE /x/{id} delete (csv: bulk)
// The answer's shape (array or not, result fields, created/updated/deleted lists) comes from the
// response schema the spec declares for the operation.
import type { Operation, SpecSchema } from '../../src/spec/types.js';
import { badRequest, notFound, ShopError } from '../http/errors.js';
import { validateBody } from './body.js';
import type { Answer, Handler, OpContext } from './context.js';
import { idsParam } from './context.js';
import { matchesAll, parseConditions } from './search-condition.js';
import { fitRecords, recordSchema, responseSchema, resultBody } from './shape.js';
import { isObj } from '../../src/core/json.js';
import { complete, mergePatch, stripReadOnly, type Json } from './schema-tools.js';
import type { CollectionName } from './state.js';
import { successStatus } from './statuses.js';
import { stamp, type TimestampStyle } from './time.js';

export interface ResourceDef {
  collection: CollectionName;
  /** Collection path of the spec, e.g. /customers. */
  path: string;
  /** Human name used in messages and in the `resource` field of results, e.g. Customer. */
  label: string;
  /** Server-set timestamps (readOnly in the spec). */
  timestamps?: { created?: string; modified?: string; style?: TimestampStyle };
  /** The record as a single read answers it (default: as stored). */
  view?: (rec: Json, ctx: OpContext) => Json;
  /** The record as a list answers it (default: view). */
  listView?: (rec: Json, ctx: OpContext) => Json;
  /** Which records a plain list shows (default: all). */
  listScope?: (recs: Json[], ctx: OpContext) => Json[];
  /** Query filters beyond the generic list parameters (customers' type, e-mails' state). */
  filters?: Record<string, (rec: Json, value: unknown, ctx: OpContext) => boolean>;
  /**
   * Turns a validated input into the record to store, enforcing the group's rules (references,
   * required combinations). `others` are records of the same request not stored yet (bulk creates).
   */
  prepare?: (input: Json, ctx: OpContext, existing: Json | undefined, others: Json[]) => Json;
  /** Uniqueness rules, checked after prepare: throws a conflict (409). Same arguments as prepare. */
  unique?: (input: Json, ctx: OpContext, existing: Json | undefined, others: Json[]) => void;
  /** Runs after a record was stored (e.g. the customer's new address). Returns the stored record. */
  afterStore?: (stored: Json, input: Json, ctx: OpContext, created: boolean) => Json;
  /** Cascades of a delete. */
  onDelete?: (rec: Json, ctx: OpContext) => void;
  /** Deletes succeed for missing records (default: the operation's x-idempotent-delete). */
  idempotentDelete?: boolean;
}

export function notFoundMessage(def: ResourceDef, id: number | string): string {
  return `${def.label} ${id} was not found.`;
}

/** The record as a single read answers it. */
export function view(def: ResourceDef, rec: Json, ctx: OpContext): Json {
  return def.view ? def.view(rec, ctx) : rec;
}

/** The record as a list answers it. */
export function listView(def: ResourceDef, rec: Json, ctx: OpContext): Json {
  return def.listView ? def.listView(rec, ctx) : view(def, rec, ctx);
}

/** The record to store for an input: the resource's prepare (default: the input as is). */
export function prepared(def: ResourceDef, input: Json, ctx: OpContext, existing: Json | undefined, others: Json[]): Json {
  const draft = def.prepare ? def.prepare(input, ctx, existing, others) : { ...input };
  def.unique?.(input, ctx, existing, others);
  return draft;
}

function find(def: ResourceDef, ctx: OpContext, id: number): Json {
  const rec = ctx.state.col(def.collection).get(id);
  if (!rec) throw notFound(notFoundMessage(def, id));
  return rec;
}

function withTimestamps(def: ResourceDef, rec: Json, at: Date, created: boolean): Json {
  const t = def.timestamps;
  if (!t) return rec;
  const out = { ...rec };
  const value = stamp(at, t.style);
  if (created && t.created) out[t.created] = value;
  if (t.modified) out[t.modified] = value;
  return out;
}

/** Keeps the server-managed (readOnly) fields of the stored record across a replace. */
function serverFields(op: Operation, existing: Json): Json {
  const body = op.body?.schema;
  const schema = body?.type === 'array' && isObj(body.items) ? body.items : body;
  const props = schema && isObj(schema.properties) ? schema.properties : {};
  const out: Json = {};
  for (const [k, v] of Object.entries(existing)) {
    const p = props[k];
    if (!(k in props) || (isObj(p) && p.readOnly === true)) out[k] = v;
  }
  return out;
}

const recordSchemas = new WeakMap<object, Map<ResourceDef, SpecSchema | undefined>>();

/** The schema of one record of the resource: what its single read (else its list) answers. */
function recordSchemaOf(def: ResourceDef, ctx: OpContext): SpecSchema | undefined {
  let bySpec = recordSchemas.get(ctx.spec);
  if (!bySpec) recordSchemas.set(ctx.spec, (bySpec = new Map<ResourceDef, SpecSchema | undefined>()));
  if (bySpec.has(def)) return bySpec.get(def);
  const ops = ctx.spec.catalogue.operations.filter((o) => o.method === 'get');
  const read = ops.find((o) => o.path.startsWith(`${def.path}/{`) && /^\/\{[^}]+\}$/.test(o.path.slice(def.path.length)));
  const listOp = ops.find((o) => o.path === def.path);
  const op = read ?? listOp;
  const schema = op ? recordSchema(op, successStatus(op)) : undefined;
  bySpec.set(def, schema);
  return schema;
}

function completed(def: ResourceDef, ctx: OpContext, rec: Json): Json {
  return complete(recordSchemaOf(def, ctx), rec) as Json;
}

function dayOf(iso: string | undefined): string | undefined {
  return iso?.slice(0, 10);
}

// ---- list -------------------------------------------------------------------------------------

function list(def: ResourceDef): Handler {
  return (ctx) => {
    const col = ctx.state.col(def.collection);
    const q = ctx.query;
    let recs: Json[];
    if (typeof q.deleted === 'string') {
      recs = col.deleted().filter((t) => dayOf(t.deleted) === q.deleted).map((t) => t.record);
    } else {
      recs = def.listScope ? def.listScope(col.all(), ctx) : col.all();
    }
    if (typeof q.changed === 'string') {
      recs = recs.filter((r) => {
        const m = col.metaOf(r.id as number);
        return dayOf(m?.created) === q.changed || dayOf(m?.modified) === q.changed;
      });
    }
    if (typeof q.modified === 'string') recs = recs.filter((r) => dayOf(col.metaOf(r.id as number)?.modified) === q.modified);
    for (const [name, filter] of Object.entries(def.filters ?? {})) {
      if (q[name] !== undefined) recs = recs.filter((r) => filter(r, q[name], ctx));
    }
    return { body: recs.map((r) => listView(def, r, ctx)) };
  };
}

// ---- read -------------------------------------------------------------------------------------

function read(def: ResourceDef, idName: string): Handler {
  return (ctx) => {
    const rec = find(def, ctx, idsParam(ctx, idName)[0] as number);
    return { body: fitRecords(ctx.op, successStatus(ctx.op), view(def, rec, ctx)) };
  };
}

// ---- create -----------------------------------------------------------------------------------

function createAnswer(def: ResourceDef, ctx: OpContext, stored: Json[]): Answer {
  const status = successStatus(ctx.op);
  const schema = responseSchema(ctx.op, status);
  const views = stored.map((r) => view(def, r, ctx));
  const props = schema && isObj(schema.properties) ? schema.properties : {};
  const body = 'created' in props ? { created: views, errors: [] } : fitRecords(ctx.op, status, Array.isArray(ctx.body) ? views : (views[0] ?? {}));
  const first = stored[0];
  return { body, ...(first ? { location: `${def.path}/${String(first.id)}` } : {}) };
}

function storeNew(def: ResourceDef, ctx: OpContext, draft: Json, input: Json): Json {
  const at = ctx.now();
  const { id: _ignored, ...rest } = draft;
  const stored = ctx.state.col(def.collection).insert(completed(def, ctx, withTimestamps(def, rest, at, true)), at);
  return def.afterStore ? def.afterStore(stored, input, ctx, true) : stored;
}

function create(def: ResourceDef): Handler {
  return (ctx) => {
    const inputs = (Array.isArray(ctx.body) ? ctx.body : [ctx.body]) as Json[];
    if (!inputs.length) throw badRequest('The list of records is empty.');
    const drafts: Json[] = [];
    const stored: Json[] = [];
    // All records are checked before any is stored: a bulk create stores all or nothing.
    for (const input of inputs) drafts.push(prepared(def, input, ctx, undefined, drafts));
    drafts.forEach((d, i) => stored.push(storeNew(def, ctx, d, inputs[i] as Json)));
    return createAnswer(def, ctx, stored);
  };
}

// ---- update -----------------------------------------------------------------------------------

function storeReplace(def: ResourceDef, ctx: OpContext, existing: Json, draft: Json, input: Json): Json {
  const at = ctx.now();
  const next = withTimestamps(def, { ...draft, ...serverFields(ctx.op, existing) }, at, false);
  const stored = ctx.state.col(def.collection).replace(existing.id as number, completed(def, ctx, next), at);
  return def.afterStore ? def.afterStore(stored, input, ctx, false) : stored;
}

function replace(def: ResourceDef, idName: string): Handler {
  return (ctx) => {
    const existing = find(def, ctx, idsParam(ctx, idName)[0] as number);
    const input = ctx.body as Json;
    const draft = prepared(def, input, ctx, existing, []);
    const stored = storeReplace(def, ctx, existing, draft, input);
    return { body: fitRecords(ctx.op, successStatus(ctx.op), view(def, stored, ctx)) };
  };
}

function patch(def: ResourceDef, idName: string): Handler {
  return (ctx) => {
    const existing = find(def, ctx, idsParam(ctx, idName)[0] as number);
    const merged = stripReadOnly(ctx.op.body?.schema, mergePatch(existing, ctx.body)) as Json;
    validateBody(ctx, ctx.op, merged);
    const draft = prepared(def, merged, ctx, existing, []);
    const stored = storeReplace(def, ctx, existing, draft, ctx.body as Json);
    return { body: fitRecords(ctx.op, successStatus(ctx.op), view(def, stored, ctx)) };
  };
}

function bulkUpdate(def: ResourceDef): Handler {
  return (ctx) => {
    const status = successStatus(ctx.op);
    const schema = responseSchema(ctx.op, status);
    const key = schema && isObj(schema.properties) && 'affected' in schema.properties ? 'affected' : 'updated';
    const done: Json[] = [];
    const errors: Json[] = [];
    for (const [i, input] of (ctx.body as Json[]).entries()) {
      const id = input.id;
      try {
        if (typeof id !== 'number') throw badRequest(`record ${i}: "id" is required to pick the record to update.`);
        const existing = find(def, ctx, id);
        const { id: _id, ...rest } = input;
        const draft = prepared(def, rest, ctx, existing, done);
        done.push(view(def, storeReplace(def, ctx, existing, draft, rest), ctx));
      } catch (err) {
        if (!(err instanceof ShopError)) throw err;
        const code = err.kind === 'notFound' ? 404 : err.status;
        errors.push({ code, status: 'error', message: err.message });
      }
    }
    return { status, body: { [key]: done, errors } };
  };
}

// ---- delete -----------------------------------------------------------------------------------

/** Whether a delete of the resource succeeds for a missing record. */
export function isIdempotentDelete(def: ResourceDef, op: Operation): boolean {
  return def.idempotentDelete ?? op.extensions['x-idempotent-delete'] === true;
}

function remove(def: ResourceDef, idName: string): Handler {
  return (ctx) => {
    const ids = idsParam(ctx, idName);
    const col = ctx.state.col(def.collection);
    if (!isIdempotentDelete(def, ctx.op)) for (const id of ids) find(def, ctx, id);
    const at = ctx.now();
    for (const id of ids) {
      const rec = col.get(id);
      if (!rec) continue;
      def.onDelete?.(rec, ctx);
      col.remove(id, at);
    }
    const status = successStatus(ctx.op);
    const schema = responseSchema(ctx.op, status);
    if (schema && isObj(schema.properties) && 'deleted' in schema.properties) return { status, body: { deleted: ids, errors: [] } };
    return { status, body: resultBody(ctx.op, status, { action: 'delete', resource: def.label }, ids[0]), raw: true };
  };
}

// ---- search -----------------------------------------------------------------------------------

/**
 * Every record as a search endpoint answers it: the list view where its answer is list-shaped
 * (order searches answer ShopOrderListItem), else the full view.
 */
export function searchViews(def: ResourceDef, ctx: OpContext): Json[] {
  const items = responseSchema(ctx.op, successStatus(ctx.op))?.items;
  const listShaped = isObj(items) && isObj(items.properties) && 'statusName' in items.properties;
  return ctx.state.col(def.collection).all().map((r) => (listShaped ? listView(def, r, ctx) : view(def, r, ctx)));
}

function searchHandler(def: ResourceDef): Handler {
  return (ctx) => {
    const conditions = parseConditions(ctx.body);
    return { body: searchViews(def, ctx).filter((v) => matchesAll(v, conditions)) };
  };
}

// ---- binding ----------------------------------------------------------------------------------

export type GenericKind = 'list' | 'create' | 'bulkUpdate' | 'search' | 'read' | 'replace' | 'patch' | 'remove';

/** An operation bound to the generic engine: which resource, which kind of handler, its id parameter. */
export interface Binding {
  kind: GenericKind;
  def: ResourceDef;
  /** The path parameter naming the record(s), for read/replace/patch/remove. */
  idName?: string;
}

/** How an operation of this resource is handled by the engine, chosen by path shape and method. */
export function bindingOf(def: ResourceDef, op: Operation): Binding | undefined {
  const rest = op.path.startsWith(def.path) ? op.path.slice(def.path.length) : undefined;
  if (rest === undefined) return undefined;
  const bodyIsArray = op.body?.schema?.type === 'array';
  if (rest === '') {
    if (op.method === 'get') return { kind: 'list', def };
    if (op.method === 'post') return { kind: 'create', def };
    if (op.method === 'put' && bodyIsArray) return { kind: 'bulkUpdate', def };
    return undefined;
  }
  if (rest === '/search' && op.method === 'post') return { kind: 'search', def };
  const m = /^\/\{([^}]+)\}$/.exec(rest);
  if (!m?.[1]) return undefined;
  const kind = ({ get: 'read', put: 'replace', patch: 'patch', delete: 'remove' } as const)[op.method as 'get' | 'put' | 'patch' | 'delete'] as GenericKind | undefined;
  return kind ? { kind, def, idName: m[1] } : undefined;
}

/** The generic handler of a binding. */
export function genericHandler(b: Binding): Handler {
  const idName = b.idName ?? '';
  switch (b.kind) {
    case 'list':
      return list(b.def);
    case 'create':
      return create(b.def);
    case 'bulkUpdate':
      return bulkUpdate(b.def);
    case 'search':
      return searchHandler(b.def);
    case 'read':
      return read(b.def, idName);
    case 'replace':
      return replace(b.def, idName);
    case 'patch':
      return patch(b.def, idName);
    case 'remove':
      return remove(b.def, idName);
  }
}
