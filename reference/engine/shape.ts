// Shapes answers from the spec: the schema of each declared response decides whether a record is
// wrapped in an array, which fields a result body has, and which fields a record keeps.
import type { Operation, SpecSchema } from '../../src/spec/types.js';
import { isObj } from '../../src/core/json.js';
import { conform, type Json } from './schema-tools.js';

export function responseSchema(op: Operation, status: number): SpecSchema | undefined {
  return op.responses.find((r) => r.status === String(status))?.schema;
}

/** The schema of one record in an answer (the items schema when the answer is an array). */
export function recordSchema(op: Operation, status: number): SpecSchema | undefined {
  const s = responseSchema(op, status);
  if (s?.type === 'array' && isObj(s.items)) return s.items;
  return s;
}

export function answersArray(op: Operation, status: number): boolean {
  return responseSchema(op, status)?.type === 'array';
}

/** Fits one record or a list of records to the declared answer (wraps a single record when the spec says array). */
export function fitRecords(op: Operation, status: number, records: Json | Json[]): Json | Json[] {
  if (answersArray(op, status)) return Array.isArray(records) ? records : [records];
  return Array.isArray(records) ? (records[0] ?? {}) : records;
}

export interface ResultValues {
  action: string;
  resource?: string;
  [field: string]: unknown;
}

/**
 * A result body ({code, status, action, ...ids}) with exactly the fields its schema declares. A
 * single id value fills the one `...Id` field the schema has when the handler did not name it.
 */
export function resultBody(op: Operation, status: number, values: ResultValues, id?: number): unknown {
  const schema = responseSchema(op, status);
  const item = schema?.type === 'array' && isObj(schema.items) ? schema.items : schema;
  const props = item && isObj(item.properties) ? Object.keys(item.properties) : [];
  const out: Json = {};
  for (const p of props) {
    if (p === 'code') out.code = status;
    else if (p === 'status') out.status = 'success';
    else if (p in values) out[p] = values[p];
  }
  if (id !== undefined) {
    const idFields = props.filter((p) => /Id$/.test(p) && !(p in values));
    if (idFields.length === 1) out[idFields[0] as string] = id;
  }
  const shaped = conform(item, out);
  return schema?.type === 'array' ? [shaped] : shaped;
}

/** Referring fields that earn a `_links` entry, and the collection path each points to. */
const LINKED: Record<string, string> = {
  customerId: 'customers',
  addressId: 'addresses',
  countryId: 'countries',
  zoneId: 'zones',
  ordersId: 'orders',
};

/** Adds `_links` to every object (at any depth) that refers to a customer, address, country, zone or order. */
export function addLinks(value: unknown, root: string, depth = 0): unknown {
  if (depth > 10) return value;
  if (Array.isArray(value)) return value.map((v) => addLinks(v, root, depth + 1));
  if (!isObj(value)) return value;
  const out: Json = {};
  let links: Record<string, string> | undefined;
  for (const [k, v] of Object.entries(value)) {
    out[k] = isObj(v) || Array.isArray(v) ? addLinks(v, root, depth + 1) : v;
    const target = LINKED[k];
    const id = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : 0;
    if (target && id > 0) (links ??= {})[k.slice(0, -2)] = `${root}/${target}/${id}`;
  }
  if (links) out._links = links;
  return out;
}

/** Removes `_links` everywhere (disable_links). */
export function dropLinks(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropLinks);
  if (!isObj(value)) return value;
  const out: Json = {};
  for (const [k, v] of Object.entries(value)) if (k !== '_links') out[k] = dropLinks(v);
  return out;
}
