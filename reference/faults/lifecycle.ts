// Faults of record lifecycles: lost writes, idempotent deletes, cascades, history entries.
import type { Fault } from './types.js';

export const lifecycleFaults = [
  {
    name: 'customer-update-lost',
    description: 'PUT /customers/{id} answers the new record but does not store it.',
    catches: ['@rule:lifecycle'],
    area: 'lifecycle',
  },
  {
    name: 'manufacturer-patch-drops-image',
    description: 'PATCH /manufacturers/{id} stores everything except `image`.',
    catches: ['@rule:lifecycle'],
    area: 'lifecycle',
  },
  {
    name: 'idempotent-delete-404',
    description: 'Deletes the spec marks x-idempotent-delete answer 404 for a record that is already gone.',
    catches: ['@rule:idempotent-delete'],
    area: 'lifecycle',
  },
  {
    name: 'order-delete-keeps-children',
    description: 'Deleting an order leaves its items, item attributes and totals behind.',
    catches: ['@rule:order-cascade-delete'],
    area: 'lifecycle',
  },
  {
    name: 'bulk-delete-first-only',
    description: 'A bulk delete (DELETE /customers/3,4,5) deletes only the first id but reports all as deleted.',
    catches: ['@rule:bulk'],
    area: 'lifecycle',
  },
  {
    name: 'graduated-prices-ignored',
    description: 'Quantity prices ignore the graduated bands and answer the group (or base) price.',
    catches: ['@rule:graduated-prices'],
    area: 'lifecycle',
  },
  {
    name: 'order-status-double-history',
    description: 'PATCH /orders/{id}/status adds two history entries instead of one.',
    catches: ['@rule:order-status-history'],
    area: 'lifecycle',
  },
] as const satisfies readonly Fault[];
