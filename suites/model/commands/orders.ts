// Commands on orders: create, read, status change (PATCH /orders/{id}/status), delete.
import fc from 'fast-check';
import { orderInput } from '../../../fixtures/factories/orders.js';
import { show } from '../../../fixtures/evidence.js';
import { is2xx, isGone, live, recordOfRead, statusOf, type Model, type OrderM, type World, pickNewest } from '../world.js';

type Cmd = fc.AsyncCommand<Model, World>;

/** Reads an order back: its status and the number of its history entries. */
async function readOrder(w: World, o: OrderM, label: string) {
  const ex = await w.api.call('getOrders', { path: { order_id: o.id }, label });
  const rec = recordOfRead(ex);
  const history = rec && Array.isArray(rec.statusHistory) ? rec.statusHistory.length : undefined;
  return { ex, statusId: rec?.statusId, history };
}

async function agreeOnOrder(w: World, command: string, o: OrderM): Promise<void> {
  const got = await readOrder(w, o, `read ${o.ref} back`);
  if (o.deleted) {
    if (!isGone(got.ex)) throw w.disagree(command, 'lifecycle', got.ex, `${o.ref} (id ${o.id}) is deleted`, `GET answered ${statusOf(got.ex)}`);
    return;
  }
  const want = { statusId: o.statusId, history: o.history };
  if (got.ex.response.status !== 200 || got.statusId !== o.statusId || got.history !== o.history) {
    throw w.disagree(command, got.history !== o.history ? 'order-status-history' : 'lifecycle', got.ex, `${o.ref} (id ${o.id}) has ${show(want)}`, `GET answered ${statusOf(got.ex)} ${show({ statusId: got.statusId, history: got.history })}`);
  }
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
    if (!is2xx(ex) || !made) throw w.disagree(String(this), 'lifecycle', ex, 'the order is created', `${statusOf(ex)} ${show(ex.response.json)}`);
    const o: OrderM = { ref: `o${m.orders.length + 1}`, id: made.id, statusId, history: 0, deleted: false };
    // The entries a create writes are the shop's business; the model counts from what it reads now.
    // The same read shows the status the order was created with (what agreeOnOrder compares).
    const first = await readOrder(w, o, `read ${o.ref} back`);
    if (first.ex.response.status !== 200 || first.history === undefined) throw w.disagree(String(this), 'lifecycle', first.ex, `${o.ref} can be read`, `${statusOf(first.ex)} ${show(first.ex.response.json)}`);
    o.history = first.history;
    m.orders.push(o);
    this.outcome = ` -> ${o.ref}`;
    if (first.statusId !== o.statusId) throw w.disagree(String(this), 'lifecycle', first.ex, `${o.ref} (id ${o.id}) has ${show({ statusId: o.statusId, history: o.history })}`, `GET answered ${statusOf(first.ex)} ${show({ statusId: first.statusId, history: first.history })}`);
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
    await agreeOnOrder(w, String(this), o);
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
    if (!is2xx(ex)) throw w.disagree(String(this), 'order-status-history', ex, 'the status change is accepted', `${statusOf(ex)} ${show(ex.response.json)}`);
    o.statusId = statusId;
    o.history += 1;
    await agreeOnOrder(w, String(this), o);
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
    if (!is2xx(ex)) throw w.disagree(String(this), 'lifecycle', ex, 'the delete succeeds', statusOf(ex));
    o.deleted = true;
    await agreeOnOrder(w, String(this), o);
  }
  toString(): string {
    return `DeleteOrder(${this.ref || `#${this.pick}`})`;
  }
  [fc.cloneMethod](): DeleteOrder {
    return new DeleteOrder(this.pick);
  }
}
