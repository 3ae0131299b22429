// The parts of an order, each under /orders/{order_id}/...: items and their attributes, totals,
// the status history (and the status PATCH that adds to it), payment details and tracking codes
// (current and deprecated paths, same data). A part is found by its own id and its order id, so
// parts left behind by a broken cascade stay visible.
import type { Handler, OpContext } from '../engine/context.js';
import { idParam } from '../engine/context.js';
import type { ResourceDef } from '../engine/resource.js';
import { validateBody } from '../engine/body.js';
import { fitRecords, resultBody } from '../engine/shape.js';
import { isObj } from '../../src/core/json.js';
import type { Json } from '../engine/schema-tools.js';
import type { CollectionName } from '../engine/state.js';
import { successStatus } from '../engine/statuses.js';
import { datetime } from '../engine/time.js';
import { badRequest, notFound } from '../http/errors.js';
import { english, mustExist, type GroupModule } from './module.js';
import { addHistory, itemFields, itemView, storeAttributes, storeItem } from './orders.js';

function orderId(ctx: OpContext): number {
  const id = idParam(ctx, 'order_id');
  if (!ctx.state.col('orders').has(id)) throw notFound(`Order ${id} was not found.`);
  return id;
}

function part(ctx: OpContext, collection: CollectionName, param: string, label: string, extra: (r: Json) => boolean = () => true): Json {
  const oid = idParam(ctx, 'order_id');
  const id = idParam(ctx, param);
  const rec = ctx.state.col(collection).get(id);
  if (!rec || rec.orderId !== oid || !extra(rec)) throw notFound(`${label} ${id} of order ${oid} was not found.`);
  return rec;
}

function one(ctx: OpContext, rec: Json): { body: unknown } {
  return { body: fitRecords(ctx.op, successStatus(ctx.op), rec) };
}

function result(ctx: OpContext, values: Json & { action: string }): { status: number; body: unknown; raw: true } {
  const status = successStatus(ctx.op);
  return { status, body: resultBody(ctx.op, status, values), raw: true };
}

function replacePart(ctx: OpContext, collection: CollectionName, rec: Json, input: Json): Json {
  const { orderId: o, itemId: i } = rec;
  return ctx.state.col(collection).replace(rec.id as number, { ...input, orderId: o, ...(i !== undefined ? { itemId: i } : {}) }, ctx.now());
}

// ---- items ------------------------------------------------------------------------------------

const item = (ctx: OpContext) => part(ctx, 'orderItems', 'item_id', 'Item');

const handlers: Record<string, Handler> = {
  getOrderItems: (ctx) => {
    const oid = orderId(ctx);
    return { body: ctx.state.col('orderItems').where((i) => i.orderId === oid).map((i) => itemView(i, ctx)) };
  },
  createOrderItem: (ctx) => {
    const oid = orderId(ctx);
    const stored = storeItem(ctx, oid, ctx.body as Json);
    return { ...one(ctx, itemView(stored, ctx)), location: `/orders/${oid}/items/${String(stored.id)}` };
  },
  getOrderItem: (ctx) => one(ctx, itemView(item(ctx), ctx)),
  updateOrderItems: (ctx) => {
    const rec = item(ctx);
    const body = ctx.body as Json;
    const { attributes } = body;
    const stored = replacePart(ctx, 'orderItems', rec, itemFields(body));
    const attrs = ctx.state.col('orderItemAttributes');
    const first = attrs.where((a) => a.itemId === rec.id)[0];
    if (Array.isArray(attributes)) {
      // The list form (the vendor's example) carries all of them: it replaces the item's attributes.
      for (const a of attrs.where((x) => x.itemId === rec.id)) attrs.remove(a.id as number, ctx.now());
      storeAttributes(ctx, stored, attributes);
    } else if (isObj(attributes) && first) replacePart(ctx, 'orderItemAttributes', first, attributes);
    else if (isObj(attributes) && (attributes.name || attributes.optionId)) attrs.insert({ ...attributes, orderId: rec.orderId, itemId: rec.id }, ctx.now());
    return one(ctx, itemView(stored, ctx));
  },
  deleteOrderItems: (ctx) => {
    const rec = item(ctx);
    const at = ctx.now();
    const attrs = ctx.state.col('orderItemAttributes');
    for (const a of attrs.where((x) => x.itemId === rec.id)) attrs.remove(a.id as number, at);
    ctx.state.col('orderItems').remove(rec.id as number, at);
    return result(ctx, { action: 'delete', resource: 'OrderItem', orderId: rec.orderId, orderItemId: rec.id });
  },

  // ---- item attributes ----
  createOrderTimeAttribute: (ctx) => {
    const rec = item(ctx);
    const stored = ctx.state.col('orderItemAttributes').insert({ ...(ctx.body as Json), orderId: rec.orderId, itemId: rec.id }, ctx.now());
    return { ...one(ctx, stored), location: `/orders/${String(rec.orderId)}/items/${String(rec.id)}/attributes/${String(stored.id)}/Property` };
  },
  getOrdersItemsAttributesProperty: (ctx) => {
    const rec = item(ctx);
    return { body: ctx.state.col('orderItemAttributes').where((a) => a.itemId === rec.id) };
  },
  getOrdersItemsAttributeProperty: (ctx) => {
    const itemId = idParam(ctx, 'item_id');
    return one(ctx, part(ctx, 'orderItemAttributes', 'attribute_id', 'Attribute', (a) => a.itemId === itemId));
  },
  updateOrdersItemsAttributesProperty: (ctx) => {
    const itemId = idParam(ctx, 'item_id');
    const rec = part(ctx, 'orderItemAttributes', 'attribute_id', 'Attribute', (a) => a.itemId === itemId);
    return one(ctx, replacePart(ctx, 'orderItemAttributes', rec, ctx.body as Json));
  },
  removeOrdersItemsAttribute: (ctx) => {
    const itemId = idParam(ctx, 'item_id');
    const rec = part(ctx, 'orderItemAttributes', 'attribute_id', 'Attribute', (a) => a.itemId === itemId);
    ctx.state.col('orderItemAttributes').remove(rec.id as number, ctx.now());
    return result(ctx, { action: 'delete', resource: 'OrderItemAttribute', orderId: rec.orderId, orderItemId: itemId, orderItemAttributeId: rec.id });
  },

  // ---- totals ----
  getOrderTotals: (ctx) => {
    const oid = orderId(ctx);
    return { body: ctx.state.col('orderTotals').where((t) => t.orderId === oid) };
  },
  createOrderTotal: (ctx) => {
    const oid = orderId(ctx);
    const stored = ctx.state.col('orderTotals').insert({ ...(ctx.body as Json), orderId: oid }, ctx.now());
    return { ...one(ctx, stored), location: `/orders/${oid}/totals/${String(stored.id)}` };
  },
  getOrderTotal: (ctx) => one(ctx, part(ctx, 'orderTotals', 'total_id', 'Total')),
  updateOrderTotal: (ctx) => one(ctx, replacePart(ctx, 'orderTotals', part(ctx, 'orderTotals', 'total_id', 'Total'), ctx.body as Json)),
  deleteOrderTotals: (ctx) => {
    const rec = part(ctx, 'orderTotals', 'total_id', 'Total');
    ctx.state.col('orderTotals').remove(rec.id as number, ctx.now());
    return result(ctx, { action: 'delete', resource: 'OrderTotal', orderId: rec.orderId, orderTotalId: rec.id });
  },

  // ---- status and history ----
  updateOrderStatus: (ctx) => {
    const oid = orderId(ctx);
    const body = ctx.body as Json;
    // Not a merge: the history entry is new, so it must be complete.
    validateBody(ctx, ctx.op, body);
    mustExist(ctx, 'orderStatuses', body.statusId, 'Order status');
    const orders = ctx.state.col('orders');
    orders.replace(oid, { ...(orders.get(oid) as Json), statusId: body.statusId }, ctx.now());
    addHistory(ctx, oid, body);
    return one(ctx, ctx.state.col('orderStatuses').get(body.statusId as number) ?? { id: body.statusId, names: { en: '', de: '' }, color: '' });
  },
  getOrderHistories: (ctx) => {
    const oid = orderId(ctx);
    return { body: ctx.state.col('orderHistory').where((h) => h.orderId === oid) };
  },
  getOrdersHistory: (ctx) => {
    const oid = orderId(ctx);
    return { body: ctx.state.col('orderHistory').where((h) => h.orderId === oid) };
  },
  getOrderHistory: (ctx) => one(ctx, part(ctx, 'orderHistory', 'history_id', 'History entry')),

  // ---- payment details ----
  getOrderPaymentDetails: (ctx) => one(ctx, paymentDetails(ctx)),
  getPaymentDetails: (ctx) => one(ctx, paymentDetails(ctx)),

  // ---- tracking codes of an order ----
  getOrderTrackingCodes: (ctx) => trackingCodesOf(ctx),
  getOrderTrackingCodesDeprecated: (ctx) => trackingCodesOf(ctx),
  postTrackingCode: (ctx) => createTrackingCode(ctx),
  postTrackingCodeDeprecated: (ctx) => createTrackingCode(ctx),
};

function paymentDetails(ctx: OpContext): Json {
  const oid = orderId(ctx);
  const order = ctx.state.col('orders').get(oid) as Json;
  const stored = ctx.state.col('paymentDetails').get(oid);
  const module = isObj(order.paymentType) && typeof order.paymentType.module === 'string' ? order.paymentType.module : '';
  return { module, details: isObj(stored?.details) ? stored.details : {} };
}

function trackingCodesOf(ctx: OpContext): { body: unknown } {
  const oid = orderId(ctx);
  return { body: ctx.state.col('trackingCodes').where((t) => t.orderId === oid) };
}

function numericRef(v: unknown, what: string): number {
  if (typeof v === 'string' && /^\d+$/.test(v.trim())) return Number(v);
  throw badRequest(`${what} must be a numeric id.`);
}

function createTrackingCode(ctx: OpContext): { status: number; body: unknown; location: string } {
  const oid = orderId(ctx);
  const body = ctx.body as Json;
  const serviceId = numericRef(body.parcelServiceId, 'parcelServiceId');
  const languageId = numericRef(body.languageId, 'languageId');
  mustExist(ctx, 'parcelServices', serviceId, 'Parcel service');
  mustExist(ctx, 'languages', languageId, 'Language');
  const service = ctx.state.col('parcelServices').get(serviceId) as Json;
  const description = Array.isArray(service.descriptions) && isObj(service.descriptions[0]) ? service.descriptions[0] : {};
  const code = String(body.trackingCode);
  const stored = ctx.state.col('trackingCodes').insert(
    {
      orderId: oid,
      trackingCode: code,
      parcelServiceId: serviceId,
      parcelServiceName: service.name,
      languageId,
      url: english(description.url).replace('{TRACKING_NUMBER}', encodeURIComponent(code)),
      comment: english(description.comment),
      creationDate: datetime(ctx.now()),
    },
    ctx.now(),
  );
  return { status: successStatus(ctx.op), body: [stored], location: `/tracking_codes/${String(stored.id)}` };
}

// The global tracking-code lists (current and deprecated) are plain collection reads and deletes.
const trackingCodes: ResourceDef = { collection: 'trackingCodes', path: '/tracking_codes', label: 'Tracking code' };
const trackingCodesDeprecated: ResourceDef = { collection: 'trackingCodes', path: '/tracking_code', label: 'Tracking code' };

export const orderParts: GroupModule = { handlers, resources: [trackingCodes, trackingCodesDeprecated] };
