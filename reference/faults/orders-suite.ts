// Faults of the order rules (issue 7): reduced order lists, parts that belong to their order,
// status changes and their history, totals read through both paths, the paths the spec gives for
// the same data (deprecated tracking codes, /orders_history, /payment_details) and the lifecycles
// of orders, their parts, parcel services and withdrawals. Each one proves a test of
// suites/resources/order*.spec.ts (and the other order-related suites) can fail.
import type { Fault } from './types.js';

export const orderSuiteFaults = [
  {
    name: 'order-list-full-records',
    description: 'GET /orders and POST /orders/search answer full orders (items, totals, history) instead of reduced list items.',
    catches: ['@rule:order-list-reduced'],
    area: 'orders',
  },
  {
    name: 'order-parts-any-order',
    description: 'An order part (item, item attribute, total, history entry) is found by its own id under any order and item id.',
    catches: ['@rule:order-part-ownership'],
    area: 'orders',
  },
  {
    name: 'order-part-update-lost',
    description: 'PUT on an order item, item attribute or total answers the new record but stores nothing.',
    catches: ['@rule:lifecycle'],
    area: 'orders',
  },
  {
    name: 'order-update-keeps-parts',
    description: 'PUT /orders/{id} keeps the old items and totals instead of replacing them with the ones sent.',
    catches: ['@rule:lifecycle'],
    area: 'orders',
  },
  {
    name: 'order-status-no-history',
    description: 'PATCH /orders/{id}/status changes the status but adds no history entry.',
    catches: ['@rule:order-status-history'],
    area: 'orders',
  },
  {
    name: 'order-status-not-stored',
    description: "PATCH /orders/{id}/status adds the history entry but leaves the order's statusId as it was.",
    catches: ['@rule:order-status-history'],
    area: 'orders',
  },
  {
    name: 'order-status-unknown-accepted',
    description: 'PATCH /orders/{id}/status accepts a status id that no order status has (200 instead of 400).',
    catches: ['@rule:error-status'],
    area: 'orders',
  },
  {
    name: 'orders-history-alias-empty',
    description: "GET /orders_history/{order_id} answers an empty list instead of the order's status history.",
    catches: ['@rule:path-aliases'],
    area: 'orders',
  },
  {
    name: 'order-totals-list-empty',
    description: 'GET /orders/{id}/totals answers an empty list while the order itself holds totals.',
    catches: ['@rule:order-totals-consistent'],
    area: 'orders',
  },
  {
    name: 'tracking-code-deprecated-diverges',
    description: 'The deprecated GET /orders/{id}/tracking_code answers an empty list while /orders/{id}/tracking_codes lists the codes.',
    catches: ['@rule:path-aliases'],
    area: 'orders',
  },
  {
    name: 'tracking-code-order-lost',
    description: 'A tracking code created under an order is stored with orderId 0: the order does not list it.',
    catches: ['@rule:lifecycle'],
    area: 'orders',
  },
  {
    name: 'payment-details-alias-differs',
    description: 'GET /payment_details/{order_id} answers an empty module, unlike GET /orders/{id}/payment_details.',
    catches: ['@rule:path-aliases'],
    area: 'orders',
  },
  {
    name: 'parcel-service-update-lost',
    description: 'PUT /parcel_services/{id} changes nothing: it answers and keeps the record as it was.',
    catches: ['@rule:lifecycle'],
    area: 'orders',
  },
  {
    name: 'withdrawal-update-lost',
    description: 'PUT /withdrawals/{id} changes nothing: it answers and keeps the record as it was.',
    catches: ['@rule:lifecycle'],
    area: 'orders',
  },
] as const satisfies readonly Fault[];
