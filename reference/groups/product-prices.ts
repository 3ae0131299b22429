// Base, group and graduated prices of a product. Group prices are answered for every customer group
// (ordered by id); since their customerGroupId is readOnly, a PUT assigns its groupPrices to the
// customer groups by position. A quantity price is the graduated price of the highest threshold
// not above the quantity, else the group price, else the base price.
import type { Handler, OpContext } from '../engine/context.js';
import { idParam } from '../engine/context.js';
import { fitRecords, resultBody } from '../engine/shape.js';
import type { Json } from '../engine/schema-tools.js';
import { successStatus } from '../engine/statuses.js';
import { datetime } from '../engine/time.js';
import { badRequest, invalidId, notFound } from '../http/errors.js';
import type { GroupModule } from './module.js';
import { existingProduct } from './products.js';

export interface Graduated {
  graduatedPrice: number;
  threshold: number;
}
export interface GroupPrice {
  customerGroupId: number;
  groupPrice: number;
  graduatedPrices: Graduated[];
}

function groupIds(ctx: OpContext): number[] {
  return ctx.state.col('customerGroups').all().map((g) => g.id as number);
}

function storedGroupPrices(ctx: OpContext, productId: number): GroupPrice[] {
  const rec = ctx.state.col('productPrices').get(productId);
  const stored: unknown = rec?.groupPrices;
  return Array.isArray(stored) ? (stored as GroupPrice[]) : [];
}

export function pricesView(ctx: OpContext, productId: number): Json {
  const product = ctx.state.col('products').get(productId) ?? {};
  const stored = storedGroupPrices(ctx, productId);
  return {
    productId,
    price: typeof product.price === 'number' ? product.price : 0,
    taxClassId: typeof product.taxClassId === 'number' ? product.taxClassId : 0,
    groupPrices: groupIds(ctx).map(
      (gid) => stored.find((g) => g.customerGroupId === gid) ?? { customerGroupId: gid, groupPrice: 0, graduatedPrices: [] },
    ),
  };
}

const getPrices: Handler = (ctx) => ({ body: fitRecords(ctx.op, successStatus(ctx.op), pricesView(ctx, existingProduct(ctx))) });

const putPrices: Handler = (ctx) => {
  const productId = existingProduct(ctx);
  const body = ctx.body as Json;
  const ids = groupIds(ctx);
  const given = Array.isArray(body.groupPrices) ? (body.groupPrices as Json[]) : [];
  if (given.length > ids.length) throw badRequest(`There are ${ids.length} customer groups but ${given.length} group prices.`);
  const groupPrices: GroupPrice[] = given.map((g, i) => ({
    customerGroupId: ids[i] as number,
    groupPrice: typeof g.groupPrice === 'number' ? g.groupPrice : 0,
    graduatedPrices: Array.isArray(g.graduatedPrices) ? (g.graduatedPrices as unknown as Graduated[]).map((x) => ({ graduatedPrice: x.graduatedPrice, threshold: x.threshold })) : [],
  }));
  const now = ctx.now();
  const prices = ctx.state.col('productPrices');
  if (prices.has(productId)) prices.replace(productId, { groupPrices: groupPrices }, now);
  else prices.insert({ id: productId, groupPrices: groupPrices }, now);
  const products = ctx.state.col('products');
  const product = products.get(productId) as Json;
  products.replace(productId, { ...product, price: body.price, lastModified: datetime(now) }, now);
  return { body: fitRecords(ctx.op, successStatus(ctx.op), pricesView(ctx, productId)) };
};

const deletePrices: Handler = (ctx) => {
  const productId = existingProduct(ctx);
  ctx.state.col('productPrices').remove(productId, ctx.now());
  const status = successStatus(ctx.op);
  return { status, body: resultBody(ctx.op, status, { action: 'delete', resource: 'ProductPrices', productId }), raw: true };
};

/** How a customer group's quantity price is found, from its group price, the base price and the quantity. */
export type PriceRule = (group: GroupPrice, base: number, quantity: number) => number;

/** The graduated price of the highest threshold not above the quantity, else the group price when above 0, else the base price. */
export const graduatedPrice: PriceRule = (group, base, quantity) => {
  const band = group.graduatedPrices.filter((g) => g.threshold <= quantity).sort((a, b) => b.threshold - a.threshold)[0];
  return band ? band.graduatedPrice : group.groupPrice > 0 ? group.groupPrice : base;
};

export function quantityPrice(ctx: OpContext, productId: number, groupId: number, quantity: number, rule: PriceRule = graduatedPrice): Json {
  const view = pricesView(ctx, productId);
  const group = (view.groupPrices as GroupPrice[]).find((g) => g.customerGroupId === groupId) as GroupPrice;
  return { graduatedPrice: rule(group, view.price as number, quantity), taxClassId: view.taxClassId };
}

/** The product and customer group a quantity-price read names (404 when either is missing). */
export function quantityTarget(ctx: OpContext): { productId: number; groupId: number } {
  const productId = existingProduct(ctx);
  const groupId = idParam(ctx, 'customer_group_id');
  if (!ctx.state.col('customerGroups').has(groupId)) throw notFound(`Customer group ${groupId} was not found.`);
  return { productId, groupId };
}

const getQuantityPrice: Handler = (ctx) => {
  const { productId, groupId } = quantityTarget(ctx);
  const quantity = ctx.params.quantity as number;
  if (!(quantity > 0)) throw invalidId('The quantity must be greater than 0.');
  return { body: fitRecords(ctx.op, successStatus(ctx.op), quantityPrice(ctx, productId, groupId, quantity)) };
};

export const productPriceGroup: GroupModule = {
  handlers: {
    getProductPrices: getPrices,
    getProductProductPrices: getPrices,
    putProductPrices: putPrices,
    putProductProductPrices: putPrices,
    deleteProductPrices: deletePrices,
    getProductQuantityPrices: getQuantityPrice,
    getProductProductQuantityPrice: getQuantityPrice,
  },
};
