// Commands on orders: create, read, status change (PATCH /orders/{id}/status), delete.
import fc from 'fast-check';
import { orderInput } from '../../../fixtures/factories/orders.js';
import { answerOf } from '../../../fixtures/requests.js';
import { RULE } from '../../../src/checks/rules/registry.js';
import { declaredErrors, live, recordOfRead, type Model, type OrderM, type World, pickNewest } from '../world.js';

type Cmd = fc.AsyncCommand<Model, World>;

/** Reads an order back: its status and the number of its history entries. */
async function readOrder(w: World, o: OrderM, label: string) {
  const ex = await w.api.call('getOrders', { path: { order_id: o.id }, label });
  const rec = recordOfRead(ex);
  const history = rec && Array.isArray(rec.statusHistory) ? rec.statusHistory.length : undefined;
  return { ex, statusId: rec?.statusId, history };
}

/** Reads an order back and judges what the shop holds against the model: gone when deleted, else its history and status. */
async function agreeOnOrder(w: World, o: OrderM, changed?: { before: number }): Promise<void> {
  const got = await readOrder(w, o, `read ${o.ref} back`);
  if (o.deleted) {
    w.expect(RULE.errorStatus, { ...answerOf(got.ex), declared: declaredErrors(w, got.ex), wrong: 'missing', mode: 'gone' }, { exchange: got.ex });
    return;
  }
  w.expect(RULE.readsRecord, { ...answerOf(got.ex), record: recordOfRead(got.ex) }, { exchange: got.ex });
  // A status change adds one entry to the history, a read none; the model counts from what it read after the create.
  const before = changed?.before ?? o.history;
  const after = got.history ?? 0;
  w.expect(RULE.statusHistory, { before, after, added: after - before, changes: changed ? 1 : 0 }, { exchange: got.ex });
  w.expect(RULE.statusStored, { want: o.statusId, got: got.statusId }, { exchange: got.ex, tag: 'lifecycle' });
}

export class CreateOrder implements Cmd {
  private outcome = '';
  constructor(
    readonly status: number,
    readonly email: number,
  ) {}
  check(): boolean {
    return true;
  }
  async run(m: Model, w: World): Promise<void> {
    const statusId = w.statuses[this.status % w.statuses.length] as number;
    const context = await w.orderContext();
    const body = orderInput(w.kit, { customer: { email: w.pool[this.email] }, ...context, statusId, countryId: w.country }, { comment: `${w.token} order` });
    const ex = await w.api.call('createOrder', { body });
    const made = w.api.createdBy(ex).find((r) => r.collection === '/orders');
    w.expect(RULE.creates, { ...answerOf(ex), id: made?.id }, { exchange: ex });
    const o: OrderM = { ref: `o${m.orders.length + 1}`, id: made?.id ?? '', statusId, history: 0, deleted: false };
    // The entries a create writes are the shop's business; the model counts from what it reads now.
    // The same read shows the status the order was created with.
    const first = await readOrder(w, o, `read ${o.ref} back`);
    w.expect(RULE.readsRecord, { ...answerOf(first.ex), record: first.history === undefined ? undefined : recordOfRead(first.ex) }, { exchange: first.ex });
    o.history = first.history ?? 0;
    m.orders.push(o);
    this.outcome = ` -> ${o.ref}`;
    w.expect(RULE.statusStored, { want: o.statusId, got: first.statusId }, { exchange: first.ex, tag: 'lifecycle' });
  }
  toString(): string {
    return `CreateOrder(status#${this.status}, email#${this.email})${this.outcome}`;
  }
  [fc.cloneMethod](): CreateOrder {
    return new CreateOrder(this.status, this.email);
  }
}

export class ReadOrder implements Cmd {
  private ref = '';
  constructor(readonly pick: number) {}
  check(m: Readonly<Model>): boolean {
    return m.orders.length > 0;
  }
  async run(m: Model, w: World): Promise<void> {
    const o = pickNewest(m.orders, this.pick);
    this.ref = o.ref;
    await agreeOnOrder(w, o);
  }
  toString(): string {
    return `ReadOrder(${this.ref || `#${this.pick}`})`;
  }
  [fc.cloneMethod](): ReadOrder {
    return new ReadOrder(this.pick);
  }
}

export class ChangeOrderStatus implements Cmd {
  private ref = '';
  constructor(
    readonly pick: number,
    readonly status: number,
    readonly notify: boolean,
  ) {}
  check(m: Readonly<Model>): boolean {
    return live(m.orders).length > 0;
  }
  async run(m: Model, w: World): Promise<void> {
    const alive = live(m.orders);
    const o = pickNewest(alive, this.pick);
    this.ref = o.ref;
    const statusId = w.statuses[this.status % w.statuses.length] as number;
    const ex = await w.api.call('updateOrderStatus', { path: { order_id: o.id }, body: { statusId, comment: `${w.token} status`, customerNotified: this.notify } });
    w.expect(RULE.answers, { ...answerOf(ex), want: 'success' }, { exchange: ex, tag: 'order-status-history' });
    const before = o.history;
    o.statusId = statusId;
    o.history += 1;
    await agreeOnOrder(w, o, { before });
  }
  toString(): string {
    return `ChangeOrderStatus(${this.ref || `#${this.pick}`}, status#${this.status}${this.notify ? ', notify' : ''})`;
  }
  [fc.cloneMethod](): ChangeOrderStatus {
    return new ChangeOrderStatus(this.pick, this.status, this.notify);
  }
}

export class DeleteOrder implements Cmd {
  private ref = '';
  constructor(readonly pick: number) {}
  check(m: Readonly<Model>): boolean {
    return live(m.orders).length > 0;
  }
  async run(m: Model, w: World): Promise<void> {
    const alive = live(m.orders);
    const o = pickNewest(alive, this.pick);
    this.ref = o.ref;
    const ex = await w.api.call('deleteOrders', { path: { order_id: o.id } });
    w.expect(RULE.answers, { ...answerOf(ex), want: 'success' }, { exchange: ex });
    o.deleted = true;
    await agreeOnOrder(w, o);
  }
  toString(): string {
    return `DeleteOrder(${this.ref || `#${this.pick}`})`;
  }
  [fc.cloneMethod](): DeleteOrder {
    return new DeleteOrder(this.pick);
  }
}
