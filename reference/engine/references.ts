// A body's reference to another record (an address's country, an order's status, ...): it must
// exist, or the request is wrong (400). Groups call it through groups/module.ts (mustExist,
// mayRefer), which goes through the reference check of points.ts.
import { badRequest } from '../http/errors.js';
import type { OpContext } from './context.js';
import type { CollectionName } from './state.js';

export type ReferenceCheck = (ctx: OpContext, collection: CollectionName, id: unknown, what: string) => void;

export const checkReference: ReferenceCheck = (ctx, collection, id, what) => {
  if (typeof id !== 'number' || !ctx.state.col(collection).has(id)) throw badRequest(`${what} ${String(id)} does not exist.`);
};
