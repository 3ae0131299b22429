// Products: full records on single reads and searches, the reduced listing on lists; links to
// categories in both directions (a product's main category is linked too). Deleting a product
// removes its category links, prices and additional-field values.
import type { Handler, OpContext } from '../engine/context.js';
import { idParam } from '../engine/context.js';
import { notFoundMessage, type ResourceDef } from '../engine/resource.js';
import { resultBody } from '../engine/shape.js';
import type { Json } from '../engine/schema-tools.js';
import { successStatus } from '../engine/statuses.js';
import { datetime } from '../engine/time.js';
import { badRequest, notFound } from '../http/errors.js';
import { english, mayRefer, mustExist, type GroupModule } from './module.js';

function specialOfferOf(ctx: OpContext, productId: number): number {
  const offer = ctx.state.col('specialOffers').where((o) => o.productId === productId)[0];
  return typeof offer?.id === 'number' ? offer.id : 0;
}

export function productView(rec: Json, ctx: OpContext): Json {
  return { ...rec, specialOfferId: specialOfferOf(ctx, rec.id as number) };
}

export function productListView(rec: Json, ctx: OpContext): Json {
  const full = productView(rec, ctx);
  const images = Array.isArray(rec.images) ? (rec.images as Json[]) : [];
  const first = images[0];
  return {
    id: full.id,
    isActive: full.isActive,
    sortOrder: full.sortOrder,
    dateAdded: full.dateAdded,
    dateAvailable: full.dateAvailable,
    lastModified: full.lastModified,
    orderedCount: full.orderedCount,
    productModel: full.productModel,
    ean: full.ean,
    price: full.price,
    discountAllowed: full.discountAllowed,
    taxClassId: full.taxClassId,
    quantity: full.quantity,
    name: english(full.name),
    image: typeof first?.filename === 'string' ? first.filename : '',
    imageAltText: english(first?.imageAltText),
    urlKeywords: english(full.urlKeywords),
    weight: full.weight,
    shippingCosts: full.shippingCosts,
    shippingTimeId: full.shippingTimeId,
    productTypeId: full.productTypeId,
    manufacturerId: full.manufacturerId,
    quantityUnitId: full.quantityUnitId,
    isFsk18: full.isFsk18,
    isVpeActive: full.isVpeActive,
    vpeId: full.vpeId,
    vpeValue: full.vpeValue,
    specialOfferId: full.specialOfferId,
    mainCategoryId: full.mainCategoryId ?? 0,
  };
}

function link(ctx: OpContext, productId: number, categoryId: number): void {
  const links = ctx.state.col('productLinks');
  if (!links.where((l) => l.productId === productId && l.categoryId === categoryId).length) links.insert({ productId, categoryId }, ctx.now());
}

function unlink(ctx: OpContext, productId: number, categoryId: number): void {
  const links = ctx.state.col('productLinks');
  for (const l of links.where((x) => x.productId === productId && x.categoryId === categoryId)) links.remove(l.id as number, ctx.now());
}

const products: ResourceDef = {
  collection: 'products',
  path: '/products',
  label: 'Product',
  timestamps: { created: 'dateAdded', modified: 'lastModified' },
  view: productView,
  listView: productListView,
  prepare: (input, ctx) => {
    mayRefer(ctx, 'categories', input.mainCategoryId, 'Category');
    const { specialOfferId: _derived, ...rest } = input;
    return { orderedCount: 0, viewedCount: { en: 0, de: 0 }, images: [], ...rest };
  },
  afterStore: (stored, _input, ctx) => {
    if (typeof stored.mainCategoryId === 'number' && stored.mainCategoryId > 0) link(ctx, stored.id as number, stored.mainCategoryId);
    return stored;
  },
  onDelete: (rec, ctx) => {
    const at = ctx.now();
    for (const name of ['productLinks', 'productFieldValues'] as const) {
      const col = ctx.state.col(name);
      for (const r of col.where((x) => x.productId === rec.id)) col.remove(r.id as number, at);
    }
    ctx.state.col('productPrices').remove(rec.id as number, at);
  },
};

export function existingProduct(ctx: OpContext): number {
  const id = idParam(ctx, 'product_id');
  if (!ctx.state.col('products').has(id)) throw notFound(notFoundMessage(products, id));
  return id;
}

function touch(ctx: OpContext, productId: number): void {
  const col = ctx.state.col('products');
  const rec = col.get(productId);
  if (rec) col.replace(productId, { ...rec, lastModified: datetime(ctx.now()) }, ctx.now());
}

const getProductLinks: Handler = (ctx) => {
  const id = existingProduct(ctx);
  return { body: ctx.state.col('productLinks').where((l) => l.productId === id).map((l) => l.categoryId), raw: true };
};

const createProductLink: Handler = (ctx) => {
  const id = existingProduct(ctx);
  const body = ctx.body as Json;
  if (typeof body.categoryId !== 'number') throw badRequest('categoryId is required.');
  mustExist(ctx, 'categories', body.categoryId, 'Category');
  link(ctx, id, body.categoryId);
  touch(ctx, id);
  const status = successStatus(ctx.op);
  return { status, body: resultBody(ctx.op, status, { action: 'create', resource: 'ProductLink', productId: id, categoryId: body.categoryId }), raw: true };
};

const updateProductLink: Handler = (ctx) => {
  const id = existingProduct(ctx);
  const body = ctx.body as Json;
  const from = body.oldCategoryId as number;
  const to = body.newCategoryId as number;
  // A move ends with the product in the new category and not in the old one, whether or not it
  // was linked to the old one before.
  mustExist(ctx, 'categories', to, 'Category');
  unlink(ctx, id, from);
  link(ctx, id, to);
  touch(ctx, id);
  const status = successStatus(ctx.op);
  return { status, body: resultBody(ctx.op, status, { action: 'update', resource: 'ProductLink', productId: id, oldCategoryId: from, newCategoryId: to }), raw: true };
};

const deleteProductLink: Handler = (ctx) => {
  const id = existingProduct(ctx);
  const body = ctx.body as Json;
  if (typeof body.categoryId !== 'number') throw badRequest('categoryId is required.');
  unlink(ctx, id, body.categoryId);
  touch(ctx, id);
  const status = successStatus(ctx.op);
  return { status, body: resultBody(ctx.op, status, { action: 'delete', resource: 'ProductLink', productId: id }), raw: true };
};

export const productGroup: GroupModule = {
  resources: [products],
  handlers: { getProductLinks, createProductLink, updateProductLink, deleteProductLink },
};
