// The tests the parts of an order share (items, item attributes, totals): each part has its own
// paths under its order, and the same lifecycle through them, judged by the same rules in the
// lifecycle column; and the two orders an ownership test asks one's part under the other.
import { requireWrites, type Created, type FactoryKit, type Json } from '../../../fixtures/factories/index.js';
import { createOrder, orderRefs, type CreatedOrder } from '../../../fixtures/factories/orders.js';
import { expectRule } from '../../../fixtures/evidence.js';
import { single } from '../../../fixtures/order-rules.js';
import { checkContext, expectConforms, gone, listedIn, listStep, step, wrongRequest } from '../../../fixtures/requests.js';
import { RULE } from '../../../src/checks/rules/registry.js';

export interface OrderPart {
  /** The path of the order (and item) the part is under. */
  parent: Record<string, number>;
  /** The part's own path parameter: `item_id`, `attribute_id`, `total_id`. */
  idParam: string;
  ops: {
    read: string;
    update: string;
    remove: string;
    /** The part's list under its parent, where the part is judged as listed too. */
    list?: string;
  };
  /** Adds the part, the test's subject (intent positive: its create answers in this column). */
  create: () => Promise<Created & { input: Json }>;
  /** What the update writes (made when the update is sent: the factories number their values in order). */
  change: () => Json;
  /** After the delete the list is read again: the part is no longer listed. */
  unlistedAfterDelete?: boolean;
}

/**
 * On an order of its own, adds a part (`partOf` says which, under that order), reads it back (and
 * as listed), changes it and reads it back, deletes it: then it reads as gone, and a second delete
 * finds nothing. Every answer of the part's own operations conforms to its declared shape.
 */
export async function orderPartLifecycle(kit: FactoryKit, spec: Parameters<typeof checkContext>[0], partOf: (orderId: number) => OrderPart | Promise<OrderPart>): Promise<void> {
  requireWrites(kit);
  const ctx = checkContext(spec);
  const part = await partOf((await createOrder(kit)).id);
  const o = part.ops;
  const made = await part.create();
  expectConforms(kit, ctx, made.exchange);
  const path = { ...part.parent, [part.idParam]: made.id };
  const read = await step(kit, o.read, { path }, { want: [200], conform: ctx });
  expectRule(kit.api, RULE.readsBack, { sent: made.input, got: single(read) }, { exchange: read });
  if (o.list) {
    const listed = await kit.api.call(o.list, { path: part.parent });
    expectConforms(kit, ctx, listed);
    const records = listedIn(kit, listed);
    expectRule(kit.api, RULE.readsBack, { sent: made.input, got: records.find((r) => String(r.id) === String(made.id)) }, { exchange: listed });
  }

  const change = part.change();
  await step(kit, o.update, { path, body: change }, { want: [200], conform: ctx });
  const again = await kit.api.call(o.read, { path });
  expectRule(kit.api, RULE.readsBack, { sent: change, got: single(again) }, { exchange: again });

  const del = await step(kit, o.remove, { path }, { want: [200], conform: ctx });
  await wrongRequest(kit, o.read, { path, intent: 'positive' }, gone('lifecycle', [del]));
  if (o.list && part.unlistedAfterDelete) {
    const after = await listStep(kit, o.list, { path: part.parent });
    expectRule(kit.api, RULE.unlistedAfterDelete, { deleted: [String(made.id)], listed: after.items.map((r) => String(r.id)) }, { exchange: del });
  }
  await wrongRequest(kit, o.remove, { path }, gone('lifecycle', [del]));
}

/** Two orders of the same references: an ownership test asks the first one's part under the second. */
export async function twoOrders(kit: FactoryKit): Promise<[CreatedOrder, CreatedOrder]> {
  const refs = await orderRefs(kit);
  return [await createOrder(kit, {}, { refs }), await createOrder(kit, {}, { refs })];
}
