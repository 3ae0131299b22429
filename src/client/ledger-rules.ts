// Which records an answer says were created or deleted. Kept in one small file because these are
// guesses about an API's conventions: the created record's id in `id`, a bulk `created[]` list,
// a `Location` header, and the file name of an upload.
import { pathMatcher } from '../spec/catalogue.js';
import type { Catalogue, Operation } from '../spec/types.js';
import type { NewRecord } from './ledger.js';
import { isObj } from '../core/json.js';


function idOf(v: unknown): string | undefined {
  if (typeof v === 'number' || (typeof v === 'string' && v !== '')) return String(v);
  if (isObj(v)) return idOf(v.id);
  return undefined;
}

/** File-name fields of upload answers and of file-rename/delete bodies. */
export const FILE_FIELDS = /^(filename|fileName|file_name|newFilename|path|file|name)$/;

/** Ids named by an answer body: `id`, bulk `created[]`, or an array of records. */
export function idsInBody(body: unknown): string[] {
  if (Array.isArray(body)) return body.map(idOf).filter((x): x is string => x !== undefined);
  if (!isObj(body)) return [];
  if (Array.isArray(body.created)) return body.created.map(idOf).filter((x): x is string => x !== undefined);
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
function isCollection(catalogue: Catalogue, op: Operation): boolean {
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

function isSearch(op: Operation): boolean {
  return op.method === 'post' && /\/search$/.test(op.path);
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
  if (!['POST', 'PUT'].includes(a.method) || isSearch(a.op)) return [];
  const parent = ownerPath(a.op, a.path);
  const isUpload = (a.op.body?.contentTypes ?? []).some((t) => t.startsWith('multipart/'));
  if (isUpload) {
    const name = fileNameIn(a.body) ?? fileNameIn(a.sentFields);
    return name ? [{ kind: 'file', collection: a.path, id: name, path: a.path }] : [];
  }
  const out: NewRecord[] = [];
  const loc = locationPath(a.location, apiRoot);
  // An answer naming a record already in the request path is an action on it (`POST
  // /loans/7/return`, sending e-mail 7), not a create. A POST to a collection creates, though:
  // there a new id may equal a parent's (attribute 6 of item 6 of an order).
  const inPath = isCollection(catalogue, a.op) ? new Set<string>() : new Set(a.path.split('/').map((seg) => decodeURIComponent(seg)));
  const ids = idsInBody(a.body).filter((id) => !inPath.has(id));
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

/** A file name in an upload answer or a file body (`filename`, `path`, ...), without directories. */
export function fileNameIn(v: unknown): string | undefined {
  if (!isObj(v)) return undefined;
  for (const [k, x] of Object.entries(v)) {
    if (FILE_FIELDS.test(k) && typeof x === 'string' && x) return x.split('/').pop();
  }
  return undefined;
}
