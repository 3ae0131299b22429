// Small helpers the fault files share: picking the operations or the resource a fault acts on,
// keeping records as they were around a handler, and reaching the records of an answer.
import type { Operation } from '../../src/spec/types.js';
import type { Answer, Handler, OpContext } from '../engine/context.js';
import type { Binding, ResourceDef } from '../engine/resource.js';
import { isObj } from '../../src/core/json.js';
import type { Json } from '../engine/schema-tools.js';
import { fitRecords } from '../engine/shape.js';
import type { CollectionName } from '../engine/state.js';
import { successStatus } from '../engine/statuses.js';
import { quantityPrice, quantityTarget, type PriceRule } from '../groups/product-prices.js';
import type { FaultBehaviour } from './types.js';

type OperationWrap = NonNullable<FaultBehaviour['operation']>;

/** An operation wrap for the named operations only. */
export function onOperations(ids: readonly string[], wrap: (handler: Handler, op: Operation) => Handler): OperationWrap {
  const names = new Set(ids);
  return (handler, op) => (names.has(op.id) ? wrap(handler, op) : handler);
}

/** An operation wrap for the operations the generic engine handles with one kind of handler. */
export function onGeneric(kind: Binding['kind'], wrap: (handler: Handler, binding: Binding, op: Operation) => Handler): OperationWrap {
  return (handler, op, binding) => (binding?.kind === kind ? wrap(handler, binding, op) : handler);
}

/** A resource wrap for one collection: the rules returned replace the resource's own. */
export function onResource(collection: CollectionName, rules: (def: ResourceDef) => Partial<ResourceDef>): (def: ResourceDef) => ResourceDef {
  return (def) => (def.collection === collection ? { ...def, ...rules(def) } : def);
}

/** The resource's prepare, or the engine's default (the input as is). */
export function prepareOf(def: ResourceDef): NonNullable<ResourceDef['prepare']> {
  return def.prepare ?? ((input) => ({ ...input }));
}

/** The resource's single-record view, or the engine's default (the record as stored). */
export function viewOf(def: ResourceDef): NonNullable<ResourceDef['view']> {
  return def.view ?? ((rec) => rec);
}

/**
 * Runs the handler, then puts back the records of `collection` with these ids as they were before:
 * the write is answered as usual but not kept.
 */
export async function keeping(ctx: OpContext, collection: CollectionName, ids: readonly number[], run: () => Answer | Promise<Answer>): Promise<Answer> {
  const col = ctx.state.col(collection);
  const before = ids.flatMap((id) => {
    const rec = col.get(id);
    return rec ? [rec] : [];
  });
  const answer = await run();
  for (const rec of before) {
    if (col.has(rec.id as number)) col.replace(rec.id as number, rec, ctx.now());
    else col.insert(rec, ctx.now());
  }
  return answer;
}

/** Records of `collection` that match, to put back with `putBack` after a handler removed them. */
export function recordsOf(ctx: OpContext, collection: CollectionName, match: (r: Json) => boolean): Json[] {
  return ctx.state.col(collection).where(match);
}

/** Stores the records again under their own ids (those a handler removed). */
export function putBack(ctx: OpContext, collection: CollectionName, records: readonly Json[]): void {
  const col = ctx.state.col(collection);
  for (const rec of records) if (!col.has(rec.id as number)) col.insert(rec, ctx.now());
}

/** An answer body with `fn` applied to its record, or to each record of a list. */
export function mapRecords(body: unknown, fn: (rec: Json) => Json): unknown {
  if (Array.isArray(body)) return (body as unknown[]).map((r) => (isObj(r) ? fn(r) : r));
  return isObj(body) ? fn(body) : body;
}

/** An HTTP Basic Authorization header value. */
export function basicAuthorization(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
}

/**
 * The user name of a Basic Authorization header, read as the shop's auth plugin reads it
 * (@fastify/basic-auth with utf8: false: strict form, ASCII, no control characters), or undefined.
 */
export function basicUser(header: string | undefined): string | undefined {
  const m = header === undefined ? null : /^basic ([\w.~+/-]+=*)$/iu.exec(header);
  if (!m?.[1]) return undefined;
  const decoded = Buffer.from(m[1], 'base64').toString('ascii');
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x1F\x7F]/u.test(decoded)) return undefined;
  return /^([^:]*):(.*)$/u.exec(decoded)?.[1];
}

/** The quantity-price reads (current and deprecated path). */
const QUANTITY_PRICE_OPS = ['getProductQuantityPrices', 'getProductProductQuantityPrice'];

/** Quantity-price reads that answer by another pricing rule, after the shop's own checks. */
export function quantityPricesBy(rule: PriceRule): OperationWrap {
  return onOperations(QUANTITY_PRICE_OPS, (handler) => async (ctx) => {
    const answer = await handler(ctx);
    const { productId, groupId } = quantityTarget(ctx);
    return { ...answer, body: fitRecords(ctx.op, successStatus(ctx.op), quantityPrice(ctx, productId, groupId, ctx.params.quantity as number, rule)) };
  });
}

/** Runs the handler and then undoes every write it made to `collection` (records, timestamps, ids): as if it never wrote there. */
export async function unchanged(ctx: OpContext, collection: CollectionName, run: () => Answer | Promise<Answer>): Promise<Answer> {
  const col = ctx.state.col(collection);
  const before = col.dump();
  const answer = await run();
  col.load(before);
  return answer;
}
