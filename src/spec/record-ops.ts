// Which operations of a catalogue list, read, and create the records of a kind, and which fields
// their answers declare. The data layer asks here where to read an id, a reference value or the
// shop's formats, and where to make a record of its own; each question is answered once.
import { fillPath } from './catalogue.js';
import { declaredFields } from './fields.js';
import { collectionNoun, pathParams } from './nouns.js';
import { isSearchOperation, isSearchPath } from './operation-kinds.js';
import { PUT_CREATE_IDS } from './particulars.js';
import type { Operation, SpecSchema } from './types.js';

/** A path that ends in a parameter (`/countries/{country_id}`): it names one record. */
const endsInParam = (path: string): boolean => /\/\{[^}]+\}$/.test(path);

/** The name of the parameter a path ends in (`country_id`), or ''. */
export function lastParam(path: string): string {
  return /\{([^}]+)\}$/.exec(path)?.[1] ?? '';
}

/** The path of a single read for one id (`/countries/81`). */
export function singleReadPath(read: Operation, id: string): string {
  return fillPath(read.path, { [lastParam(read.path)]: id });
}

/** The GET of exactly this path template. */
export function getAt(ops: readonly Operation[], template: string): Operation | undefined {
  return ops.find((o) => o.method === 'get' && o.path === template);
}

/** The operation that creates records in a collection: its POST, or a PUT named like a create (`queueEmail`). */
export function creatorAt(ops: readonly Operation[], template: string): Operation | undefined {
  return ops.find((o) => o.method === 'post' && o.path === template && !isSearchOperation(o)) ?? ops.find((o) => o.method === 'put' && o.path === template && PUT_CREATE_IDS.test(o.id));
}

/** Collections whose last segment holds records of this kind (`/countries/{country_id}/zones` for zone), fewest parameters first. */
export function collectionsOf(ops: readonly Operation[], noun: string, method: 'get' | 'post'): Operation[] {
  return ops
    .filter((o) => o.method === method && !isSearchOperation(o) && !/\}$/.test(o.path) && collectionNoun(o.path) === noun)
    .sort((a, b) => pathParams(a.path) - pathParams(b.path));
}

/** Lists of records of the kind that take no parameter (`GET /tax_classes`). */
export function topListsOf(ops: readonly Operation[], noun: string): Operation[] {
  return topLists(ops).filter((o) => collectionNoun(o.path) === noun);
}

/** Every list that takes no parameter and is no search. */
export function topLists(ops: readonly Operation[]): Operation[] {
  return ops.filter((o) => o.method === 'get' && pathParams(o.path) === 0 && !isSearchPath(o.path));
}

/** The single read of a list's records: `GET /customers/{id}` for `GET /customers`. */
export function singleReadOf(ops: readonly Operation[], list: Operation): Operation | undefined {
  return ops.find((o) => o.method === 'get' && o.path.startsWith(`${list.path}/{`) && /^\/\{[^}/]+\}$/.test(o.path.slice(list.path.length)));
}

/** The single read of a record of the kind, one parameter deep (`GET /countries/{country_id}` for country). */
export function singleReadOfKind(ops: readonly Operation[], noun: string): Operation | undefined {
  return ops.find((o) => o.method === 'get' && pathParams(o.path) === 1 && endsInParam(o.path) && collectionNoun(o.path.replace(/\/\{[^}]+\}$/, '')) === noun);
}

/** Reads of records: lists that take no parameter and single reads one parameter below one. */
export function recordReads(ops: readonly Operation[]): Operation[] {
  return ops.filter((o) => o.method === 'get' && !isSearchPath(o.path) && (pathParams(o.path) === 0 || (pathParams(o.path) === 1 && endsInParam(o.path))));
}

/** The list a single read is one parameter below (`GET /countries` for `GET /countries/{id}`). */
export function listAbove(ops: readonly Operation[], read: Operation): Operation | undefined {
  return getAt(ops, read.path.replace(/\/\{[^}]+\}$/, ''));
}

/** Per catalogue (its operation list), whether a kind has a collection: asked for every reference of every body. */
const collectionsBySpec = new WeakMap<readonly Operation[], Map<string, boolean>>();

/** Whether a kind has a collection of its own in the spec (`tax_class`: yes; `status`, `option`: no). */
export function hasCollection(ops: readonly Operation[], noun: string): boolean {
  let known = collectionsBySpec.get(ops);
  if (!known) collectionsBySpec.set(ops, (known = new Map<string, boolean>()));
  let has = known.get(noun);
  if (has === undefined) {
    has = ops.some((o) => (o.method === 'get' || o.method === 'post') && collectionNoun(o.path) === noun && !/\}$/.test(o.path) && !isSearchPath(o.path));
    known.set(noun, has);
  }
  return has;
}

/** The schema of an operation's first success answer that declares one. */
export function successSchema(op: Operation): SpecSchema | undefined {
  return op.responses.find((r) => /^2\d\d$/.test(r.status) && r.schema !== undefined)?.schema;
}

/** Fields an operation's success answer declares, once per operation: every body lookup asks for each read. */
const fieldsByOp = new WeakMap<Operation, Set<string>>();

/** The fields an operation's success answer declares, at any depth. */
export function shownFields(op: Operation): Set<string> {
  let fields = fieldsByOp.get(op);
  if (!fields) {
    fields = declaredFields(successSchema(op));
    fieldsByOp.set(op, fields);
  }
  return fields;
}
