// Which tests of the catalogue suites each fault must make fail (the proof of
// test/harness/resources-catalogue.spec.ts). Every fault of reference/faults/catalogue-suite.ts is
// here, plus the older faults of the catalogue rules (recursive, graduated prices, manufacturer
// PATCH, idempotent deletes, bulk deletes). The list-parameter, search-condition and changed-date
// faults are proven by the fault matrix (test/faults/) through the tags these suites carry.
import { catalogueSuiteFaults } from '../../../reference/faults/catalogue-suite.js';

/** The catalogue suites, relative to suites/. */
export const CATALOGUE_SUITES = [
  'resources/categories.spec.ts',
  'resources/products.spec.ts',
  'resources/product_prices.spec.ts',
  'resources/manufacturers.spec.ts',
  'resources/special_offers.spec.ts',
  'resources/reviews.spec.ts',
  'resources/quantity_units.spec.ts',
  'resources/vpe.spec.ts',
  'resources/additional_fields.spec.ts',
  'resources/category_icons.spec.ts',
  'resources/category_images.spec.ts',
  'resources/product_images.spec.ts',
  'resources/cache.spec.ts',
  'resources/cronjobs.spec.ts',
];

export interface CatalogueFaultCase {
  fault: string;
  /** Own titles (without describe titles) of tests that must all fail with the fault on. */
  fails: string[];
  /**
   * Own titles of tests that must pass with an advisory with the fault on (a fault with
   * `shows: 'advisory'`: it breaks only a demand the vendor does not describe), and none clean.
   */
  advises?: string[];
}

const LIFECYCLE = {
  category: 'should create a category, read it back, replace it, read it back, delete it and then answer 404',
  product: 'should create a product, read it back, replace it, read it back, delete it and then answer 404',
  manufacturer: 'should create a manufacturer, read it back, change it with PATCH, read it back, delete it and then answer 404',
};
const BAND = 'should answer the graduated price of the quantity band the quantity falls in';
const LINKS = 'should show a link in both directions, move it, and remove it on unlink';

export const CATALOGUE_FAULT_CASES: CatalogueFaultCase[] = [
  { fault: 'category-children-include-grandchildren', fails: ['should list exactly the direct children of a category', 'should list as children exactly the categories whose parent is the category'] },
  { fault: 'category-children-missing-200', fails: ['should answer 404 for a category that does not exist: read, children, products'] },
  { fault: 'category-missing-200', fails: ['should answer 404 for a category that does not exist: read, children, products', LIFECYCLE.category] },
  { fault: 'category-products-always-recursive', fails: ["should list a category's own products, and with recursive those of its descendants too"] },
  { fault: 'category-products-ignore-links', fails: [LINKS, 'should remove the links of a deleted product'] },
  { fault: 'product-unlink-ignored', fails: [LINKS] },
  { fault: 'product-delete-keeps-links', fails: ['should remove the links of a deleted product'] },
  { fault: 'graduated-price-lowest-band', fails: [BAND] },
  { fault: 'group-price-no-fallback', fails: [], advises: ['should fall back to the base price for a customer group without a group price'] },
  { fault: 'quantity-zero-accepted', fails: [], advises: ['should refuse a quantity of 0 or below with 400'] },
  { fault: 'bulk-create-first-only', fails: ['should create every category of an array', 'should create every product of an array'] },
  { fault: 'bulk-update-missing-id-ignored', fails: ['should update categories by id with an array and refuse a record without an id'] },
  { fault: 'category-update-lost', fails: [LIFECYCLE.category] },
  { fault: 'product-update-lost', fails: [LIFECYCLE.product] },
  { fault: 'deleted-product-readable', fails: [LIFECYCLE.product, 'should delete every product of a comma-separated id list', 'should answer 404 for a product that does not exist and 400 for invalid ids and missing bodies'] },
  { fault: 'manufacturer-delete-bad-id-400', fails: ['should answer the declared errors for invalid and missing ids: 500 on DELETE, a declared 4xx/500 on PATCH, 400/404 on reads'] },
  { fault: 'file-rename-keeps-old-name', fails: ['should upload a file, list it by the returned name, rename it and delete it'] },
  { fault: 'upload-without-filename-accepted', fails: ['should refuse uploads without a file or without a name, and a rename without parameters, with 400'] },
  { fault: 'empty-upload-accepted', fails: ['should refuse an empty and an oversized upload with a clear 4xx and store nothing'] },
  { fault: 'file-delete-missing-404', fails: ['should succeed when deleting the same own file twice, echoing its name'] },
  { fault: 'additional-value-update-lost', fails: ['should set, read, change and delete the value of an additional field on a product'] },
  // Older faults whose rules the catalogue suites check as well.
  { fault: 'recursive-ignored', fails: ['should list the top level without recursive and the whole tree with it', "should list a category's own products, and with recursive those of its descendants too", 'should include the children of listed categories with recursive'] },
  { fault: 'graduated-prices-ignored', fails: [BAND] },
  { fault: 'manufacturer-patch-drops-image', fails: [LIFECYCLE.manufacturer] },
  { fault: 'idempotent-delete-404', fails: ['should succeed when deleting the same own manufacturer twice, echoing its id'] },
  { fault: 'bulk-delete-first-only', fails: ['should delete every category of a comma-separated id list', 'should delete every product of a comma-separated id list'] },
];

/** Every fault of the catalogue area has a case (a new fault without one fails the self-test). */
export const CATALOGUE_AREA_FAULTS: string[] = catalogueSuiteFaults.map((f) => f.name);
