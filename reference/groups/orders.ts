// Orders. The stored order holds its own fields; items (with their attributes), totals and the
// status history live in their own collections and are assembled into the full order on reads.
// Lists and order searches answer the reduced ShopOrderListItem. Deleting an order deletes its
// items, item attributes, totals, history, payment details and tracking codes.
import type { OpContext } from '../engine/context.js';
import type { ResourceDef } from '../engine/resource.js';
import { isObj } from '../../src/core/json.js';
import type { Json } from '../engine/schema-tools.js';
import { datetime } from '../engine/time.js';
import { english, mustExist, type GroupModule } from './module.js';

function isBlankAttribute(a: unknown): boolean {
  return !isObj(a) || ((a.name === undefined || a.name === '') && (a.optionId === undefined || a.optionId === 0));
}

/** What an item without attributes answers in its `attributes` field. */
const NO_ATTRIBUTE: Json = { name: '', value: '', price: 0, priceType: '', optionId: 0, optionValueId: 0, combisId: 0 };

/**
 * An item as answered: its attributes as the declared object (the first, or the blank one), or, for
 * an item whose attributes came as a list (the vendor example's form, EXAMPLE_FORMS), as that list.
 */
export function itemView(item: Json, ctx: OpContext): Json {
  const { [LISTED]: listed, ...rest } = item;
  const attrs = ctx.state.col('orderItemAttributes').where((a) => a.itemId === item.id);
  return { ...rest, attributes: listed === true ? attrs : (attrs[0] ?? NO_ATTRIBUTE) };
}

/** Marks an item whose attributes were sent as a list (never answered). */
const LISTED = 'attributesListed';

/** The attributes an item's input carries: one object (when it says something), or each entry of a list. */
function attributesOf(attributes: unknown): Json[] {
  const all = Array.isArray(attributes) ? (attributes as unknown[]) : [attributes];
  return all.filter((a): a is Json => isObj(a) && !isBlankAttribute(a));
}

/** Stores an item's attributes, as sent, under it. */
export function storeAttributes(ctx: OpContext, item: Json, attributes: unknown): void {
  for (const a of attributesOf(attributes)) ctx.state.col('orderItemAttributes').insert({ ...a, orderId: item.orderId, itemId: item.id }, ctx.now());
}

/** An item's fields to store: its own, and whether its attributes came as a list. */
export function itemFields(input: Json): Json {
  const { attributes, ...rest } = input;
  return { ...rest, [LISTED]: Array.isArray(attributes) };
}

/** Stores one item (and its attributes) of an order. */
export function storeItem(ctx: OpContext, orderId: number, input: Json): Json {
  const item = ctx.state.col('orderItems').insert({ ...itemFields(input), orderId }, ctx.now());
  storeAttributes(ctx, item, input.attributes);
  return item;
}

export function addHistory(ctx: OpContext, orderId: number, entry: Json): Json {
  return ctx.state.col('orderHistory').insert({ statusId: entry.statusId, comment: entry.comment ?? '', customerNotified: entry.customerNotified ?? false, dateAdded: datetime(ctx.now()), orderId }, ctx.now());
}

type OrderPart = 'orderItems' | 'orderItemAttributes' | 'orderTotals' | 'orderHistory' | 'trackingCodes';

/** The parts that belong to an order and go with it: items, their attributes, totals. */
export const ORDER_CHILDREN = ['orderItems', 'orderItemAttributes', 'orderTotals'] as const;

function removeParts(ctx: OpContext, orderId: number, parts: readonly OrderPart[]): void {
  const at = ctx.now();
  for (const name of parts) {
    const col = ctx.state.col(name);
    for (const r of col.where((x) => x.orderId === orderId)) col.remove(r.id as number, at);
  }
}

/** What a delete removes with the order. */
function deleteCascade(ctx: OpContext, orderId: number): void {
  removeParts(ctx, orderId, [...ORDER_CHILDREN, 'orderHistory', 'trackingCodes']);
  ctx.state.col('paymentDetails').remove(orderId, ctx.now());
}

function storeChildren(ctx: OpContext, orderId: number, input: Json): void {
  const now = ctx.now();
  for (const item of (input.items as Json[] | undefined) ?? []) storeItem(ctx, orderId, item);
  for (const total of (input.totals as Json[] | undefined) ?? []) ctx.state.col('orderTotals').insert({ ...total, orderId }, now);
  for (const h of (input.statusHistory as Json[] | undefined) ?? []) addHistory(ctx, orderId, h);
}

export function orderView(rec: Json, ctx: OpContext): Json {
  const id = rec.id as number;
  return {
    ...rec,
    items: ctx.state.col('orderItems').where((i) => i.orderId === id).map((i) => itemView(i, ctx)),
    totals: ctx.state.col('orderTotals').where((t) => t.orderId === id),
    statusHistory: ctx.state.col('orderHistory').where((h) => h.orderId === id),
  };
}

function listAddress(ctx: OpContext, a: unknown): Json {
  const addr = isObj(a) ? a : {};
  const country = typeof addr.countryId === 'number' ? ctx.state.col('countries').get(addr.countryId) : undefined;
  const zone = typeof addr.zoneId === 'number' ? ctx.state.col('zones').get(addr.zoneId) : undefined;
  return {
    gender: addr.gender ?? '',
    firstname: addr.firstname ?? '',
    lastname: addr.lastname ?? '',
    company: addr.company ?? '',
    street: addr.street ?? '',
    houseNumber: addr.houseNumber ?? '',
    additionalAddressInfo: addr.additionalAddressInfo ?? '',
    postcode: addr.postcode ?? '',
    city: addr.city ?? '',
    state: typeof zone?.name === 'string' ? zone.name : '',
    country: typeof country?.name === 'string' ? country.name : '',
    countryIsoCode: typeof country?.iso2 === 'string' ? country.iso2 : '',
  };
}

export function orderListView(rec: Json, ctx: OpContext): Json {
  const id = rec.id as number;
  const status = ctx.state.col('orderStatuses').get(rec.statusId as number);
  const totals = ctx.state.col('orderTotals').where((t) => t.orderId === id);
  const total = totals.find((t) => t.class === 'ot_total');
  const customer = isObj(rec.customer) ? rec.customer : {};
  const custStatus = isObj(customer.status) ? customer.status : {};
  const addresses = isObj(rec.addresses) ? rec.addresses : {};
  const billing = isObj(addresses.billing) ? addresses.billing : isObj(addresses.customer) ? addresses.customer : {};
  return {
    id,
    statusId: rec.statusId,
    statusName: english(status?.names),
    totalSum: typeof total?.valueText === 'string' ? total.valueText : '',
    purchaseDate: rec.purchaseDate,
    comment: rec.comment,
    withdrawalIds: ctx.state.col('withdrawals').where((w) => isObj(w.order) && w.order.orderId === id).map((w) => w.id),
    mailStatus: false,
    customerId: typeof customer.id === 'number' ? customer.id : 0,
    customerName: [billing.firstname, billing.lastname].filter((s) => typeof s === 'string' && s).join(' '),
    customerEmail: customer.email ?? '',
    customerStatusId: typeof custStatus.id === 'number' ? custStatus.id : 0,
    customerStatusName: custStatus.name ?? '',
    customerMemos: [],
    deliveryAddress: listAddress(ctx, addresses.delivery),
    billingAddress: listAddress(ctx, addresses.billing),
    paymentType: rec.paymentType,
    shippingType: rec.shippingType,
    trackingLinks: ctx.state.col('trackingCodes').where((t) => t.orderId === id).map((t) => t.url),
  };
}

function prepare(input: Json, ctx: OpContext): Json {
  mustExist(ctx, 'orderStatuses', input.statusId, 'Order status');
  const { items: _items, totals: _totals, statusHistory: _history, ...rest } = input;
  // The order's customer id is readOnly: the shop finds the customer by e-mail.
  const customer = isObj(input.customer) ? input.customer : {};
  const known = ctx.state.col('customers').where((c) => typeof c.email === 'string' && c.email === customer.email && c.isGuest !== true)[0];
  return { ...rest, customer: { ...customer, id: known?.id ?? 0 } };
}

const orders: ResourceDef = {
  collection: 'orders',
  path: '/orders',
  label: 'Order',
  view: orderView,
  listView: orderListView,
  prepare,
  afterStore: (stored, input, ctx, created) => {
    // A PUT carries the whole order: its items, totals and history replace the stored ones.
    if (!created) removeParts(ctx, stored.id as number, ['orderItems', 'orderItemAttributes', 'orderTotals', 'orderHistory']);
    storeChildren(ctx, stored.id as number, input);
    return stored;
  },
  onDelete: (rec, ctx) => deleteCascade(ctx, rec.id as number),
};

// Withdrawals carry a copy of the order's customer data; the order id in it is set by the shop.
const withdrawals: ResourceDef = {
  collection: 'withdrawals',
  path: '/withdrawals',
  label: 'Withdrawal',
  timestamps: { created: 'dateCreated' },
  prepare: (input, _ctx, existing) => {
    const order = isObj(input.order) ? input.order : {};
    const previous = existing && isObj(existing.order) ? existing.order.orderId : 0;
    return { ...input, order: { ...order, orderId: previous ?? 0 } };
  },
};

export const orderGroup: GroupModule = { resources: [orders, withdrawals] };
