// Which records an exchange created or deleted, read from the request and its answer (pure; the
// record keeper, src/client/record-keeper.ts, applies it to the ledger). Kept in one small file
// because these are guesses about an API's conventions: the created record's id in `id`, a bulk
// `created[]` list, a `Location` header, the file name of an upload, a file rename, the records a
// DELETE names (the API's own habits are data in src/spec/particulars.ts).
import { pathMatcher } from '../spec/catalogue.js';
import { isSearchOperation } from '../spec/operation-kinds.js';
import { BULK_ANSWER, FILES, RECORD_VIEWS, SEARCH_SEGMENT } from '../spec/particulars.js';
import type { Catalogue, Operation } from '../spec/types.js';
import type { NewRecord } from './ledger.js';
import { isObj } from '../core/json.js';

function idOf(v: unknown): string | undefined {
  if (typeof v === 'number' || (typeof v === 'string' && v !== '')) return String(v);
  if (isObj(v)) return idOf(v.id);
  return undefined;
}

/** File-name fields of upload answers and of file-rename/delete bodies (src/spec/particulars.ts). */
export const FILE_FIELDS = FILES.nameFields;

/** Ids named by an answer body: `id`, bulk `created[]`, or an array of records. */
export function idsInBody(body: unknown): string[] {
  if (Array.isArray(body)) return body.map(idOf).filter((x): x is string => x !== undefined);
  if (!isObj(body)) return [];
  const created = body[BULK_ANSWER.created];
  if (Array.isArray(created)) return created.map(idOf).filter((x): x is string => x !== undefined);
  const id = idOf(body.id);
  return id === undefined ? [] : [id];
}

/** The path a `Location` header names, relative to the API root; undefined when it points elsewhere. */
export function locationPath(location: string | undefined, apiRoot: string): string | undefined {
  if (!location) return undefined;
  let u: URL;
  try {
    u = new URL(location, apiRoot + '/');
  } catch {
    return undefined;
  }
  const root = new URL(apiRoot);
  if (u.origin !== root.origin) return undefined;
  const base = root.pathname.replace(/\/+$/, '');
  if (!u.pathname.startsWith(base + '/')) return undefined;
  return u.pathname.slice(base.length);
}

function matchesSomeOperation(catalogue: Catalogue, p: string): boolean {
  return catalogue.operations.some((op) => pathMatcher(op.path)(p) !== undefined);
}

/**
 * The operation's path is a collection of the spec: some operation addresses a member right below
 * it (`/orders/{order_id}/items/{item_id}/attributes` has `.../attributes/{attribute_id}/Property`).
 */
export function isCollection(catalogue: Catalogue, op: Operation): boolean {
  const below = `${op.path.replace(/\/+$/, '')}/{`;
  return catalogue.operations.some((o) => o.path.startsWith(below));
}

/** The record path for an id created by a request to `requestPath`. */
export function recordPathFor(catalogue: Catalogue, requestPath: string, id: string): string {
  const candidate = `${requestPath.replace(/\/+$/, '')}/${encodeURIComponent(id)}`;
  if (matchesSomeOperation(catalogue, candidate)) return candidate;
  const last = requestPath.split('/').pop();
  if (last === encodeURIComponent(id)) return requestPath;
  return candidate;
}

/** Concrete path up to and including the last filled path parameter (`/orders/5` for `/orders/5/status`). */
export function ownerPath(op: Operation, concretePath: string): string | undefined {
  const tpl = op.path.split('/');
  const parts = concretePath.split('/');
  let last = -1;
  tpl.forEach((seg, i) => {
    if (/^\{[^}]+\}$/.test(seg)) last = i;
  });
  if (last < 0) return undefined;
  return parts.slice(0, last + 1).join('/');
}

export interface AnswerFacts {
  op: Operation;
  /** Method the server was asked to perform (the override, when one was sent). */
  method: string;
  /** Concrete request path relative to the API root, without query. */
  path: string;
  status: number;
  body: unknown;
  location: string | undefined;
  /** Multipart fields sent (for uploads). */
  sentFields?: Record<string, string>;
  sentBody?: unknown;
}

/** `/orders/1/items/2/attributes/8/Property` -> `/orders/1/items/2/attributes/8` for id 8: the record, not a view of it. */
export function trimAfterId(p: string, id: string): string {
  const segs = p.split('/');
  const i = segs.lastIndexOf(encodeURIComponent(id));
  return i > 0 ? segs.slice(0, i + 1).join('/') : p;
}

/**
 * Records an answer says were created. Updates echo their own id; the ledger ignores repeats. A
 * PATCH changes a record and never makes one, even when it answers another record's id
 * (PATCH /orders/{id}/status answers the order status it set).
 */
export function createdRecords(catalogue: Catalogue, apiRoot: string, a: AnswerFacts): NewRecord[] {
  if (a.status < 200 || a.status >= 300) return [];
  if (!['POST', 'PUT'].includes(a.method) || isSearchOperation(a.op)) return [];
  const parent = ownerPath(a.op, a.path);
  const isUpload = (a.op.body?.contentTypes ?? []).some((t) => t.startsWith('multipart/'));
  if (isUpload) {
    const name = fileNameIn(a.body) ?? fileNameIn(a.sentFields);
    const stored = storedPathIn(a.body);
    return name ? [{ kind: 'file', collection: a.path, id: name, path: a.path, ...(stored ? { stored } : {}) }] : [];
  }
  const out: NewRecord[] = [];
  const loc = locationPath(a.location, apiRoot);
  // An answer naming a record already in the request path is an action on it (`POST
  // /loans/7/return`, sending e-mail 7), not a create. A POST to a collection creates, though:
  // there a new id may equal a parent's (attribute 6 of item 6 of an order).
  const inPath = isCollection(catalogue, a.op) ? new Set<string>() : new Set(a.path.split('/').map((seg) => decodeURIComponent(seg)));
  const ids = idsInBody(a.body).filter((id) => !inPath.has(id) && !clampedEcho(id, a.path));
  if (!ids.length && loc) {
    const id = decodeURIComponent(loc.split('/').pop() ?? '');
    if (id && /^[\w.-]+$/.test(id)) out.push({ kind: 'record', collection: loc.slice(0, loc.lastIndexOf('/')) || '/', id, path: loc, ...(parent ? { parent } : {}) });
    return out;
  }
  // A PUT whose path names the id it answers is an update echoing its record, also under a view
  // suffix (`PUT /orders/1/items/2/attributes/8/Property` answers attribute 8: record .../attributes/8).
  const echoed = (id: string) => a.method === 'PUT' && a.path.split('/').includes(encodeURIComponent(id));
  for (const id of ids) {
    const p = ids.length === 1 && loc ? trimAfterId(loc, id) : echoed(id) ? trimAfterId(a.path, id) : recordPathFor(catalogue, a.path, id);
    out.push({ kind: 'record', collection: p.slice(0, p.lastIndexOf('/')) || '/', id, path: p, ...(parent && parent !== p ? { parent } : {}) });
  }
  return out;
}

/** 2^63: the double that int64's largest value (9223372036854775807) becomes in JSON.parse. */
const INT64_AS_DOUBLE = 2 ** 63;

/**
 * An id the shop clamped from an out-of-range one in the path: GX 4.8 answers a PUT or DELETE of
 * `/addresses/99999999999999999999` with id 9223372036854775807 (int64's largest), which is the
 * path's own record under another spelling, not a record it made (the database dump shows none).
 */
function clampedEcho(id: string, path: string): boolean {
  if (!/^\d+$/.test(id) || Number(id) !== INT64_AS_DOUBLE) return false;
  return path.split('/').some((seg) => /^\d+$/.test(seg) && Number(seg) >= INT64_AS_DOUBLE);
}

/** A file name in an upload answer or a file body (`filename`, `path`, ...), without directories. */
/** Where an upload's answer says the file went, when it gives a path (GX: the server's own path of the file). */
export function storedPathIn(v: unknown): string | undefined {
  if (!isObj(v)) return undefined;
  for (const [k, x] of Object.entries(v)) {
    if (FILE_FIELDS.test(k) && typeof x === 'string' && x.includes('/')) return x.slice(0, 500);
  }
  return undefined;
}

export function fileNameIn(v: unknown): string | undefined {
  if (!isObj(v)) return undefined;
  for (const [k, x] of Object.entries(v)) {
    if (FILE_FIELDS.test(k) && typeof x === 'string' && x) return x.split('/').pop();
  }
  return undefined;
}

/** What one exchange did to records, as far as its request and answer tell. */
export interface Effects {
  created: NewRecord[];
  deleted: NewRecord[];
}

export interface ExchangeFacts {
  op: Operation;
  /** Method on the wire. */
  method: string;
  /** X-HTTP-Method-Override, upper-cased, when sent. */
  override: string | undefined;
  /** Concrete request path relative to the API root, without query. */
  path: string;
  /** Path parameter values, decoded. */
  pathValues: Readonly<Record<string, string>>;
  sentBody: unknown;
  /** Multipart text fields sent (for uploads). */
  sentFields: Record<string, string>;
  status: number;
  answer: unknown;
  location: string | undefined;
}

const SEARCH_TAIL = new RegExp(`/${SEARCH_SEGMENT}/?$`);

/**
 * What an exchange did: nothing unless it answered 2xx; a DELETE deleted what it names; a search
 * that answered like a create made a record; a file rename deleted one name and made another;
 * anything else made what its answer names (createdRecords). `ownsFile` says whether a file is the
 * harness's (only an own file's rename is followed).
 */
export function effectsOf(catalogue: Catalogue, apiRoot: string, f: ExchangeFacts, ownsFile: (collection: string, name: string) => boolean): Effects {
  const effective = f.override ?? f.method;
  const ok = f.status >= 200 && f.status < 300;
  // A bulk create that answered an error may still have made some of its records: `created[]` names them.
  if (!ok) return { created: !f.override && (effective === 'POST' || effective === 'PUT') ? partialBulk(catalogue, f) : [], deleted: [] };
  if (f.override && f.method === 'POST' && endsInParam(f.op.path) && createsInParent(catalogue, f.op)) {
    // A server that ignores the override runs the POST, on a record's own path a create in its
    // collection (GX 4.8): an answer naming another record than the path's says so.
    const made = madeInstead(apiRoot, f);
    if (made.length) return { created: made, deleted: [] };
  }
  if (effective === 'DELETE') return { created: [], deleted: deletedBy(f.op, f.path, f.pathValues, f.sentBody) };
  if (f.method === 'POST' && isSearchOperation(f.op) && (!f.override || f.override === 'GET')) return { created: createdBySearch(catalogue, apiRoot, f), deleted: [] };
  const renamed = renamedFile(f.op, f.path, effective, f.sentBody, f.answer, ownsFile);
  if (renamed) return { created: [renamed.to], deleted: [renamed.from] };
  return {
    created: createdRecords(catalogue, apiRoot, { op: f.op, method: effective, path: f.path, status: f.status, body: f.answer, location: f.location, sentFields: f.sentFields, sentBody: f.sentBody }),
    deleted: [],
  };
}

const endsInParam = (template: string): boolean => /\/\{[^}]+\}$/.test(template);

/** The record's collection has a create (`POST /vpe` for `/vpe/{vpe_id}`): what a server that ignores an override would run. */
function createsInParent(catalogue: Catalogue, op: Operation): boolean {
  const parent = op.path.slice(0, op.path.lastIndexOf('/'));
  return catalogue.operations.some((o) => o.method === 'post' && o.path === parent);
}

/** Records an overridden request on a record's path made instead: ids its answer (or Location) names other than the path's own, in the path's collection. */
function madeInstead(apiRoot: string, f: ExchangeFacts): NewRecord[] {
  const at = f.path.lastIndexOf('/');
  const collection = f.path.slice(0, at);
  const own = decodeURIComponent(f.path.slice(at + 1));
  const ids = new Set(idsInBody(f.answer));
  const loc = locationPath(f.location, apiRoot);
  if (loc && loc.slice(0, loc.lastIndexOf('/')) === collection) ids.add(decodeURIComponent(loc.slice(loc.lastIndexOf('/') + 1)));
  return [...ids].filter((id) => id !== own && /^[\w.-]+$/.test(id)).map((id) => ({ kind: 'record' as const, collection, id, path: `${collection}/${encodeURIComponent(id)}` }));
}

/** The records an error answer of a bulk create still names as created (`created[]`). */
function partialBulk(catalogue: Catalogue, f: ExchangeFacts): NewRecord[] {
  if (!isObj(f.answer) || !Array.isArray(f.answer[BULK_ANSWER.created])) return [];
  return idsInBody(f.answer).map((id) => {
    const p = recordPathFor(catalogue, f.path, id);
    return { kind: 'record' as const, collection: p.slice(0, p.lastIndexOf('/')) || '/', id, path: p };
  });
}

/**
 * A search that answered like a create (201, or one record with an id where a list belongs):
 * some shops route `POST /products/search` to `POST /products`. What it made is ours to delete.
 */
function createdBySearch(catalogue: Catalogue, apiRoot: string, f: ExchangeFacts): NewRecord[] {
  const j = f.answer;
  if (f.status !== 201 && !(isObj(j) && 'id' in j)) return [];
  const collection = f.path.replace(SEARCH_TAIL, '');
  const creator = catalogue.operations.find((o) => o.method === 'post' && pathMatcher(o.path)(collection) !== undefined) ?? f.op;
  return createdRecords(catalogue, apiRoot, { op: creator, method: 'POST', path: collection, status: f.status, body: j, location: f.location });
}

/**
 * The records a successful DELETE names: the ids of its last path parameter (a comma list deletes
 * each), else ids or a file name in its body. A DELETE of a sub-resource (`/products/{id}/links`:
 * a literal segment after the last id that is not another view of the record, RECORD_VIEWS)
 * deletes a part of the record, never the record.
 */
export function deletedBy(op: Operation, path: string, pathValues: Readonly<Record<string, string>>, body: unknown): NewRecord[] {
  const tail = op.path.slice(op.path.lastIndexOf('}') + 1).split('/').filter(Boolean);
  if (op.path.includes('{') && tail.length && !(tail.length === 1 && RECORD_VIEWS.includes(tail[0] ?? ''))) return [];
  const owner = ownerPath(op, path);
  if (owner !== undefined) {
    const lastName = /\{([^}]+)\}(?!.*\{)/.exec(op.path)?.[1];
    const value = lastName ? pathValues[lastName] : undefined;
    const prefix = owner.slice(0, owner.lastIndexOf('/'));
    const ids = value !== undefined && value.includes(',') ? value.split(',') : [decodeURIComponent(owner.slice(owner.lastIndexOf('/') + 1))];
    return ids.map((id) => ({ kind: 'record' as const, collection: prefix, id, path: `${prefix}/${encodeURIComponent(id)}` }));
  }
  const name = fileNameIn(body);
  if (name) return [{ kind: 'file', collection: path, id: name, path }];
  const items = Array.isArray(body) ? body : [body];
  return items
    .map((b) => (isObj(b) && 'id' in b ? String(b.id) : undefined))
    .filter((id): id is string => id !== undefined)
    .map((id) => ({ kind: 'record' as const, collection: path, id, path: `${path}/${encodeURIComponent(id)}` }));
}

/** A PUT/PATCH on a file collection that renames an own file (FILES.rename): the old name goes, the new one comes. */
function renamedFile(op: Operation, path: string, method: string, body: unknown, answer: unknown, ownsFile: (collection: string, name: string) => boolean): { from: NewRecord; to: NewRecord } | undefined {
  if (method !== 'PUT' && method !== 'PATCH') return undefined;
  if (op.path.includes('{') || !isObj(body)) return undefined;
  const from = typeof body[FILES.rename.from] === 'string' ? (body[FILES.rename.from] as string) : undefined;
  const a = isObj(answer) ? answer : {};
  const to = [a[FILES.rename.to], body[FILES.rename.to]].find((x): x is string => typeof x === 'string');
  if (!from || !to || !ownsFile(path, from)) return undefined;
  return {
    from: { kind: 'file', collection: path, id: from, path },
    to: { kind: 'file', collection: path, id: to, path },
  };
}
