// Faults of the order rules: reduced order lists, parts that belong to their order,
// status changes and their history, totals read through both paths, the paths the spec gives for
// the same data (deprecated tracking codes, /orders_history, /payment_details) and the lifecycles
// of orders, their parts, parcel services and withdrawals. Each one proves a test of
// suites/resources/order*.spec.ts (and the other order-related suites) can fail.
// One file per fault, in orders/ (data and behaviour together); this file only lists them.
import orderListFullRecords from './orders/order-list-full-records.js';
import orderPartsAnyOrder from './orders/order-parts-any-order.js';
import orderPartUpdateLost from './orders/order-part-update-lost.js';
import orderUpdateKeepsParts from './orders/order-update-keeps-parts.js';
import orderStatusNoHistory from './orders/order-status-no-history.js';
import orderStatusNotStored from './orders/order-status-not-stored.js';
import orderStatusUnknownAccepted from './orders/order-status-unknown-accepted.js';
import ordersHistoryAliasEmpty from './orders/orders-history-alias-empty.js';
import orderTotalsListEmpty from './orders/order-totals-list-empty.js';
import trackingCodeDeprecatedDiverges from './orders/tracking-code-deprecated-diverges.js';
import trackingCodeOrderLost from './orders/tracking-code-order-lost.js';
import paymentDetailsAliasDiffers from './orders/payment-details-alias-differs.js';
import parcelServiceUpdateLost from './orders/parcel-service-update-lost.js';
import withdrawalUpdateLost from './orders/withdrawal-update-lost.js';

export const orderSuiteFaults = [orderListFullRecords, orderPartsAnyOrder, orderPartUpdateLost, orderUpdateKeepsParts, orderStatusNoHistory, orderStatusNotStored, orderStatusUnknownAccepted, ordersHistoryAliasEmpty, orderTotalsListEmpty, trackingCodeDeprecatedDiverges, trackingCodeOrderLost, paymentDetailsAliasDiffers, parcelServiceUpdateLost, withdrawalUpdateLost] as const;
