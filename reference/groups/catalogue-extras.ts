// The smaller catalogue resources: manufacturers, additional fields (and their per-product values),
// special offers and reviews.
import type { Handler, OpContext } from '../engine/context.js';
import { idParam } from '../engine/context.js';
import type { ResourceDef } from '../engine/resource.js';
import { fitRecords, resultBody } from '../engine/shape.js';
import type { Json } from '../engine/schema-tools.js';
import { successStatus } from '../engine/statuses.js';
import { badRequest, notFound } from '../http/errors.js';
import { mustExist, type GroupModule } from './module.js';
import { existingProduct } from './products.js';

const manufacturers: ResourceDef = {
  collection: 'manufacturers',
  path: '/manufacturers',
  label: 'Manufacturer',
  timestamps: { created: 'dateAdded', modified: 'lastModified', style: 'php-object' },
  prepare: (input) => ({ image: '', urls: { en: '', de: '' }, ...input }),
};

const additionalFields: ResourceDef = {
  collection: 'additionalFields',
  path: '/additional_fields',
  label: 'Additional field',
  onDelete: (rec, ctx) => {
    const values = ctx.state.col('productFieldValues');
    for (const v of values.where((x) => x.fieldId === rec.id)) values.remove(v.id as number, ctx.now());
  },
};

const specialOffers: ResourceDef = {
  collection: 'specialOffers',
  path: '/special_offers',
  label: 'Special offer',
  timestamps: { created: 'added', modified: 'modified' },
  prepare: (input, ctx) => {
    if (input.productId !== undefined) mustExist(ctx, 'products', input.productId, 'Product');
    return { ...input };
  },
};

const reviews: ResourceDef = {
  collection: 'reviews',
  path: '/reviews',
  label: 'Review',
  timestamps: { created: 'dateAdded', modified: 'lastModified' },
  prepare: (input, ctx, existing) => {
    mustExist(ctx, 'products', input.productId, 'Product');
    mustExist(ctx, 'languages', input.languageId, 'Language');
    return { readCount: existing?.readCount ?? 0, ...input };
  },
};

// ---- additional-field values of one product ---------------------------------------------------

function fieldValues(ctx: OpContext, productId: number): Json[] {
  return ctx.state
    .col('productFieldValues')
    .where((v) => v.productId === productId)
    .map((v) => ({ id: v.fieldId, values: v.values }));
}

function upsertValues(ctx: OpContext, productId: number, items: Json[]): Json[] {
  for (const item of items) mustExist(ctx, 'additionalFields', item.id, 'Additional field');
  const col = ctx.state.col('productFieldValues');
  const now = ctx.now();
  for (const item of items) {
    const found = col.where((v) => v.productId === productId && v.fieldId === item.id)[0];
    if (found) col.replace(found.id as number, { ...found, values: item.values }, now);
    else col.insert({ productId, fieldId: item.id, values: item.values }, now);
  }
  return items.map((item) => ({ id: item.id, values: item.values }));
}

const getAdditionalFieldsProduct: Handler = (ctx) => ({ body: fieldValues(ctx, existingProduct(ctx)) });

const createProductAdditionalField: Handler = (ctx) => {
  const productId = existingProduct(ctx);
  const items = ctx.body as Json[];
  if (!items.length) throw badRequest('The list of field values is empty.');
  return { body: upsertValues(ctx, productId, items) };
};

const updateProductAdditionalField: Handler = (ctx) => {
  const productId = existingProduct(ctx);
  const items = ctx.body as Json[];
  if (!items.length) throw badRequest('The list of field values is empty.');
  return { body: fitRecords(ctx.op, successStatus(ctx.op), upsertValues(ctx, productId, items)) };
};

const deleteAdditionalProductField: Handler = (ctx) => {
  const productId = existingProduct(ctx);
  const fieldId = idParam(ctx, 'field_id');
  const col = ctx.state.col('productFieldValues');
  const found = col.where((v) => v.productId === productId && v.fieldId === fieldId)[0];
  if (!found) throw notFound(`Product ${productId} has no value for additional field ${fieldId}.`);
  col.remove(found.id as number, ctx.now());
  const status = successStatus(ctx.op);
  return { status, body: resultBody(ctx.op, status, { action: 'delete', resource: 'AdditionalProductField', productId, additionalFieldId: fieldId }), raw: true };
};

export const catalogueExtras: GroupModule = {
  resources: [manufacturers, additionalFields, specialOffers, reviews],
  handlers: { getAdditionalFieldsProduct, createProductAdditionalField, updateProductAdditionalField, deleteAdditionalProductField },
};
