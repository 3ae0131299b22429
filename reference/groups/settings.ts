// Shop settings kept as plain collections: order statuses, customer groups, quantity units,
// packing units (VPE) and parcel services. Only one VPE and one parcel service can be the default.
import type { OpContext } from '../engine/context.js';
import type { ResourceDef } from '../engine/resource.js';
import type { Json } from '../engine/schema-tools.js';
import type { CollectionName } from '../engine/state.js';
import type { GroupModule } from './module.js';

/** When the stored record is the default, no other record of the collection is. */
function singleDefault(collection: CollectionName, field: string) {
  return (stored: Json, _input: Json, ctx: OpContext): Json => {
    if (stored[field] !== true) return stored;
    const col = ctx.state.col(collection);
    for (const other of col.all()) {
      if (other.id !== stored.id && other[field] === true) col.replace(other.id as number, { ...other, [field]: false }, ctx.now());
    }
    return stored;
  };
}

const resources: ResourceDef[] = [
  { collection: 'orderStatuses', path: '/order_statuses', label: 'Order status' },
  { collection: 'customerGroups', path: '/customer_groups', label: 'Customer group' },
  { collection: 'quantityUnits', path: '/quantity_units', label: 'Quantity unit' },
  { collection: 'vpe', path: '/vpe', label: 'VPE', afterStore: singleDefault('vpe', 'default') },
  {
    collection: 'parcelServices',
    path: '/parcel_services',
    label: 'Parcel service',
    afterStore: singleDefault('parcelServices', 'isDefault'),
  },
];

export const settings: GroupModule = { resources };
