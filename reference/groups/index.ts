// All group modules, and the handler table built from them: an operation gets its group's explicit
// handler, else the generic collection handler its path and method call for (optionally wrapped).
import type { Operation } from '../../src/spec/types.js';
import type { Handler } from '../engine/context.js';
import { bindGeneric, type ResourceDef } from '../engine/resource.js';
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

export function buildHandlers(operations: readonly Operation[]): Map<string, Handler> {
  const explicit = new Map<string, Handler>();
  const wraps = new Map<string, (h: Handler) => Handler>();
  const resources: ResourceDef[] = [];
  for (const g of GROUPS) {
    for (const [id, h] of Object.entries(g.handlers ?? {})) explicit.set(id, h);
    for (const [id, w] of Object.entries(g.wrap ?? {})) wraps.set(id, w);
    resources.push(...(g.resources ?? []));
  }
  // Longest path first, so /orders/{order_id}/items binds to its own resource, not to /orders.
  resources.sort((a, b) => b.path.length - a.path.length);
  const out = new Map<string, Handler>();
  for (const op of operations) {
    let h = explicit.get(op.id);
    if (!h) {
      for (const r of resources) {
        h = bindGeneric(r, op);
        if (h) break;
      }
    }
    if (!h) continue;
    const w = wraps.get(op.id);
    out.set(op.id, w ? w(h) : h);
  }
  return out;
}
