// What a group module contributes: resources for the generic engine, and handlers (by operationId)
// for the operations that are not plain collection CRUD.
import type { Handler, OpContext } from '../engine/context.js';
import type { ResourceDef } from '../engine/resource.js';
import type { CollectionName } from '../engine/state.js';

export interface GroupModule {
  resources?: ResourceDef[];
  handlers?: Record<string, Handler>;
}

/** A reference from a request body to another record: missing -> 400 (the request is wrong). */
export function mustExist(ctx: OpContext, collection: CollectionName, id: unknown, what: string): void {
  ctx.points.checks.reference(ctx, collection, id, what);
}

/** Like mustExist, but 0 (no reference) is allowed. */
export function mayRefer(ctx: OpContext, collection: CollectionName, id: unknown, what: string): void {
  if (id === undefined || id === 0) return;
  mustExist(ctx, collection, id, what);
}

export function english(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'object' && v !== null && 'en' in v) {
    const en: unknown = v.en;
    return typeof en === 'string' ? en : '';
  }
  return '';
}
