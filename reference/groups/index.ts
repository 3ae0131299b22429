// All group modules, and the handler table built from them: an operation gets its group's explicit
// handler, else the generic collection handler its path and method call for. Resources and
// handlers go through the resource and operation points (engine/points.ts) on the way.
import type { Operation } from '../../src/spec/types.js';
import type { Handler } from '../engine/context.js';
import type { ShopPoints } from '../engine/points.js';
import { bindingOf, genericHandler, type Binding, type ResourceDef } from '../engine/resource.js';
import { catalogueExtras } from './catalogue-extras.js';
import { categoryGroup } from './categories.js';
import { customerGroup } from './customers.js';
import { emailGroup } from './emails.js';
import { fileGroup } from './files.js';
import { maintenance } from './maintenance.js';
import type { GroupModule } from './module.js';
import { orderParts } from './order-parts.js';
import { orderGroup } from './orders.js';
import { productPriceGroup } from './product-prices.js';
import { productGroup } from './products.js';
import { referenceData } from './reference-data.js';
import { settings } from './settings.js';

export const GROUPS: readonly GroupModule[] = [
  referenceData,
  settings,
  customerGroup,
  categoryGroup,
  productGroup,
  productPriceGroup,
  catalogueExtras,
  orderGroup,
  orderParts,
  emailGroup,
  fileGroup,
  maintenance,
];

export function buildHandlers(operations: readonly Operation[], points: Pick<ShopPoints, 'resource' | 'operation'>): Map<string, Handler> {
  const explicit = new Map<string, Handler>();
  const resources: ResourceDef[] = [];
  for (const g of GROUPS) {
    for (const [id, h] of Object.entries(g.handlers ?? {})) explicit.set(id, h);
    resources.push(...(g.resources ?? []).map(points.resource));
  }
  // Longest path first, so /orders/{order_id}/items binds to its own resource, not to /orders.
  resources.sort((a, b) => b.path.length - a.path.length);
  const out = new Map<string, Handler>();
  for (const op of operations) {
    let h = explicit.get(op.id);
    let binding: Binding | undefined;
    if (!h) {
      for (const r of resources) {
        binding = bindingOf(r, op);
        if (binding) break;
      }
      if (binding) h = genericHandler(binding);
    }
    if (h) out.set(op.id, points.operation(h, op, binding));
  }
  return out;
}
