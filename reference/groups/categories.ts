// The category tree. A plain list shows the top level, `recursive` the whole tree; children and a
// category's products (with `recursive`: also those of its descendants) have their own reads.
// Deleting a category deletes its subtree and the product links into it.
import type { Handler, OpContext } from '../engine/context.js';
import { idParam } from '../engine/context.js';
import { notFoundMessage, type ResourceDef } from '../engine/resource.js';
import type { Json } from '../engine/schema-tools.js';
import { badRequest, notFound } from '../http/errors.js';
import { english, type GroupModule } from './module.js';
import { productListView } from './products.js';

export function childrenOf(ctx: OpContext, id: number): Json[] {
  return ctx.state.col('categories').where((c) => c.parentId === id);
}

export function descendantsOf(ctx: OpContext, id: number): number[] {
  const out: number[] = [];
  const queue = [id];
  while (queue.length) {
    const next = queue.shift() as number;
    for (const c of childrenOf(ctx, next)) {
      out.push(c.id as number);
      queue.push(c.id as number);
    }
  }
  return out;
}

function recursive(ctx: OpContext): boolean {
  return ctx.query.recursive === true;
}

/** A category as lists answer it (names in English). */
export function categoryListView(rec: Json): Json {
  return {
    id: rec.id,
    parentId: rec.parentId,
    isActive: rec.isActive,
    name: english(rec.name),
    headingTitle: english(rec.headingTitle),
    description: english(rec.description),
    urlKeywords: english(rec.urlKeywords),
    icon: rec.icon,
    image: rec.image,
    imageAltText: english(rec.imageAltText),
  };
}

const categories: ResourceDef = {
  collection: 'categories',
  path: '/categories',
  label: 'Category',
  timestamps: { created: 'dateAdded', modified: 'lastModified' },
  listView: categoryListView,
  listScope: (recs, ctx) => (recursive(ctx) ? recs : recs.filter((c) => c.parentId === 0)),
  prepare: (input, ctx, existing) => {
    const parentId = input.parentId;
    if (typeof parentId === 'number' && parentId !== 0) {
      if (!ctx.state.col('categories').has(parentId)) throw badRequest(`Parent category ${parentId} does not exist.`);
      if (existing && (parentId === existing.id || descendantsOf(ctx, existing.id as number).includes(parentId))) {
        throw badRequest('A category cannot be moved below itself.');
      }
    }
    return { icon: '', image: '', ...input };
  },
  onDelete: (rec, ctx) => {
    const at = ctx.now();
    const ids = [rec.id as number, ...descendantsOf(ctx, rec.id as number)];
    for (const id of ids.slice(1)) ctx.state.col('categories').remove(id, at);
    const links = ctx.state.col('productLinks');
    for (const l of links.where((x) => ids.includes(x.categoryId as number))) links.remove(l.id as number, at);
  },
};

function existing(ctx: OpContext): number {
  const id = idParam(ctx, 'category_id');
  if (!ctx.state.col('categories').has(id)) throw notFound(notFoundMessage(categories, id));
  return id;
}

const getCategoryChildren: Handler = (ctx) => ({ body: childrenOf(ctx, existing(ctx)).map(categoryListView) });

/** The categories whose products GET /categories/{id}/products lists: the category, with `recursive` also its descendants. */
export function categoryScope(ctx: OpContext): Set<number> {
  const id = existing(ctx);
  return new Set([id, ...(recursive(ctx) ? descendantsOf(ctx, id) : [])]);
}

const getCategoryProducts: Handler = (ctx) => {
  const ids = categoryScope(ctx);
  const productIds = new Set(ctx.state.col('productLinks').where((l) => ids.has(l.categoryId as number)).map((l) => l.productId as number));
  return { body: ctx.state.col('products').where((p) => productIds.has(p.id as number)).map((p) => productListView(p, ctx)) };
};

export const categoryGroup: GroupModule = { resources: [categories], handlers: { getCategoryChildren, getCategoryProducts } };
