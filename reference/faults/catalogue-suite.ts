// Faults of the catalogue rules: the category tree, product links, prices, bulk forms,
// uploaded files, lifecycles and declared error statuses of the catalogue groups. Each one proves
// a test of suites/resources/<catalogue group>.spec.ts can fail.
// One file per fault, in catalogue/ (data and behaviour together); this file only lists them.
import categoryChildrenIncludeGrandchildren from './catalogue/category-children-include-grandchildren.js';
import categoryChildrenMissing200 from './catalogue/category-children-missing-200.js';
import categoryMissing200 from './catalogue/category-missing-200.js';
import categoryProductsAlwaysRecursive from './catalogue/category-products-always-recursive.js';
import categoryProductsIgnoreLinks from './catalogue/category-products-ignore-links.js';
import productUnlinkIgnored from './catalogue/product-unlink-ignored.js';
import productDeleteKeepsLinks from './catalogue/product-delete-keeps-links.js';
import graduatedPriceLowestBand from './catalogue/graduated-price-lowest-band.js';
import groupPriceNoFallback from './catalogue/group-price-no-fallback.js';
import quantityZeroAccepted from './catalogue/quantity-zero-accepted.js';
import bulkCreateFirstOnly from './catalogue/bulk-create-first-only.js';
import bulkUpdateMissingIdIgnored from './catalogue/bulk-update-missing-id-ignored.js';
import categoryUpdateLost from './catalogue/category-update-lost.js';
import productUpdateLost from './catalogue/product-update-lost.js';
import deletedProductReadable from './catalogue/deleted-product-readable.js';
import manufacturerDeleteBadId400 from './catalogue/manufacturer-delete-bad-id-400.js';
import fileRenameKeepsOldName from './catalogue/file-rename-keeps-old-name.js';
import uploadWithoutFilenameAccepted from './catalogue/upload-without-filename-accepted.js';
import emptyUploadAccepted from './catalogue/empty-upload-accepted.js';
import fileDeleteMissing404 from './catalogue/file-delete-missing-404.js';
import additionalValueUpdateLost from './catalogue/additional-value-update-lost.js';

export const catalogueSuiteFaults = [categoryChildrenIncludeGrandchildren, categoryChildrenMissing200, categoryMissing200, categoryProductsAlwaysRecursive, categoryProductsIgnoreLinks, productUnlinkIgnored, productDeleteKeepsLinks, graduatedPriceLowestBand, groupPriceNoFallback, quantityZeroAccepted, bulkCreateFirstOnly, bulkUpdateMissingIdIgnored, categoryUpdateLost, productUpdateLost, deletedProductReadable, manufacturerDeleteBadId400, fileRenameKeepsOldName, uploadWithoutFilenameAccepted, emptyUploadAccepted, fileDeleteMissing404, additionalValueUpdateLost] as const;
