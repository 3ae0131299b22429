// Faults of the catalogue rules (issue 6): the category tree, product links, prices, bulk forms,
// uploaded files, lifecycles and declared error statuses of the catalogue groups. Each one proves
// a test of suites/resources/<catalogue group>.spec.ts can fail.
import type { Fault } from './types.js';

export const catalogueSuiteFaults = [
  {
    name: 'category-children-include-grandchildren',
    description: 'GET /categories/{id}/children lists every descendant, not only the direct children.',
    catches: ['@rule:category-tree'],
    area: 'catalogue',
  },
  {
    name: 'category-children-missing-200',
    description: 'GET /categories/{id}/children of a missing category answers 200 with an empty list instead of 404.',
    catches: ['@rule:error-status'],
    area: 'catalogue',
  },
  {
    name: 'category-products-always-recursive',
    description: 'GET /categories/{id}/products includes the products of descendants also without recursive.',
    catches: ['@rule:recursive'],
    area: 'catalogue',
  },
  {
    name: 'category-products-ignore-links',
    description: 'GET /categories/{id}/products lists only products whose main category it is; links made through /products/{id}/links do not show.',
    catches: ['@rule:product-links'],
    area: 'catalogue',
  },
  {
    name: 'product-unlink-ignored',
    description: 'DELETE /products/{id}/links answers success but keeps the link.',
    catches: ['@rule:product-links'],
    area: 'catalogue',
  },
  {
    name: 'product-delete-keeps-links',
    description: 'Deleting a product leaves its category links behind: the category still lists it.',
    catches: ['@rule:product-links'],
    area: 'catalogue',
  },
  {
    name: 'graduated-price-lowest-band',
    description: 'A quantity price takes the lowest graduated band reached instead of the highest threshold not above the quantity.',
    catches: ['@rule:graduated-prices'],
    area: 'catalogue',
  },
  {
    name: 'group-price-no-fallback',
    description: 'A customer group without a group price answers a quantity price of 0 instead of falling back to the base price.',
    catches: ['@rule:graduated-prices'],
    area: 'catalogue',
  },
  {
    name: 'quantity-zero-accepted',
    description: 'A quantity price for a quantity of 0 or below is answered instead of refused with 400.',
    catches: ['@rule:graduated-prices'],
    area: 'catalogue',
  },
  {
    name: 'bulk-create-first-only',
    description: 'POST /categories and /products with an array store and answer only the first record.',
    catches: ['@rule:bulk'],
    area: 'catalogue',
  },
  {
    name: 'bulk-update-missing-id-ignored',
    description: 'A bulk update of categories (PUT /categories) silently skips a record without id instead of refusing it with 400.',
    catches: ['@rule:bulk'],
    area: 'catalogue',
  },
  {
    name: 'category-update-lost',
    description: 'PUT /categories/{id} answers the new record but does not store it.',
    catches: ['@rule:lifecycle'],
    area: 'catalogue',
  },
  {
    name: 'product-update-lost',
    description: 'PUT /products/{id} answers the new record but does not store it.',
    catches: ['@rule:lifecycle'],
    area: 'catalogue',
  },
  {
    name: 'deleted-product-readable',
    description: 'GET /products/{id} of a deleted product answers 200 with the old record instead of 404.',
    catches: ['@rule:lifecycle'],
    area: 'catalogue',
  },
  {
    name: 'manufacturer-delete-bad-id-400',
    description: 'DELETE /manufacturers/{id} with an invalid id answers 400, which it does not declare, instead of the declared 500.',
    catches: ['@rule:error-status'],
    area: 'catalogue',
  },
  {
    name: 'file-rename-keeps-old-name',
    description: 'Renaming a category icon/image or product image answers success but the file keeps its old name.',
    catches: ['@rule:files'],
    area: 'catalogue',
  },
  {
    name: 'upload-without-filename-accepted',
    description: 'An upload without the filename field is stored under the uploaded file\'s own name instead of refused with 400.',
    catches: ['@rule:files'],
    area: 'catalogue',
  },
  {
    name: 'empty-upload-accepted',
    description: 'An upload of an empty (0-byte) file is stored instead of refused with a 4xx.',
    catches: ['@rule:files'],
    area: 'catalogue',
  },
  {
    name: 'file-delete-missing-404',
    description: 'Deleting a file that does not exist (category icons/images, product images) answers 404 instead of success.',
    catches: ['@rule:idempotent-delete'],
    area: 'catalogue',
  },
] as const satisfies readonly Fault[];
