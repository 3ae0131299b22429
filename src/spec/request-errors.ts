// Which errors of a request body count: the request validator's, less the "required" errors for
// fields the spec marks readOnly and the readOnly fields a client sends all the same. The resolver
// checks the bodies it builds by it, and the negative probes the bodies they break.
import { isObj } from '../core/json.js';
import { clientSends } from './particulars.js';
import type { Operation } from './types.js';
import type { ValidatorSet } from './validators.js';

type Json = Record<string, unknown>;

/** The schema at a JSON pointer of an instance (`/0/address`), following items and properties. */
function schemaAt(schema: unknown, pointer: string): Json | undefined {
  let cur: unknown = schema;
  for (const seg of pointer.split('/').slice(1)) {
    if (!isObj(cur)) return undefined;
    if (/^\d+$/.test(seg) && cur.items !== undefined) cur = cur.items;
    else cur = isObj(cur.properties) ? cur.properties[seg] : undefined;
  }
  return isObj(cur) ? cur : undefined;
}

/**
 * Request-body errors, without "required" errors for fields the spec marks readOnly: a readOnly
 * written next to a $ref/allOf (ShopProduct.viewedCount) is not seen by the request validator,
 * which then demands a field no client may send.
 */
export function requestErrors(validators: ValidatorSet, op: Operation, body: unknown): { path: string; message: string }[] {
  const result = validators.validateRequest(op, body);
  return result.errors.filter((e) => {
    // A readOnly field a client sends all the same (src/spec/particulars.ts CLIENT_SENDS: the vendor's examples name it).
    if (/false schema$/.test(e.schemaPath) && clientSends(op.id, e.path)) return false;
    const m = /required property '([^']+)'/.exec(e.message);
    if (!m?.[1] || !e.schemaPath.endsWith('/required')) return true;
    const at = schemaAt(op.body?.schema, e.path === '/' ? '' : e.path);
    const prop = at && isObj(at.properties) ? at.properties[m[1]] : undefined;
    return !(isObj(prop) && prop.readOnly === true);
  });
}
