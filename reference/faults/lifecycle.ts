// Faults of record lifecycles: lost writes, idempotent deletes, cascades, history entries.
// One file per fault, in lifecycle/ (data and behaviour together); this file only lists them.
import customerUpdateLost from './lifecycle/customer-update-lost.js';
import manufacturerPatchDropsImage from './lifecycle/manufacturer-patch-drops-image.js';
import idempotentDelete404 from './lifecycle/idempotent-delete-404.js';
import orderDeleteKeepsChildren from './lifecycle/order-delete-keeps-children.js';
import bulkDeleteFirstOnly from './lifecycle/bulk-delete-first-only.js';
import graduatedPricesIgnored from './lifecycle/graduated-prices-ignored.js';
import orderStatusDoubleHistory from './lifecycle/order-status-double-history.js';

export const lifecycleFaults = [customerUpdateLost, manufacturerPatchDropsImage, idempotentDelete404, orderDeleteKeepsChildren, bulkDeleteFirstOnly, graduatedPricesIgnored, orderStatusDoubleHistory] as const;
