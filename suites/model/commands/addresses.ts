// Commands on addresses: create (for a live customer of the run), read, delete.
import fc from 'fast-check';
import { addressInput } from '../../../fixtures/factories/customers.js';
import { answerOf } from '../../../fixtures/requests.js';
import { RULE } from '../../../src/checks/rules/registry.js';
import { declaredErrors, live, recordOfRead, type AddressM, type Model, type World, pickNewest } from '../world.js';

type Cmd = fc.AsyncCommand<Model, World>;
const known = (m: Readonly<Model>): AddressM[] => m.addresses.filter((a) => !a.unknown);

/** Reads an address back and judges it against the model: gone when deleted, else its customer and city. */
async function agreeOnAddress(w: World, a: AddressM, customerId: string | undefined): Promise<void> {
  const ex = await w.api.call('getAddress', { path: { address_id: a.id }, label: `read ${a.ref} back` });
  if (a.deleted) {
    w.expect(RULE.errorStatus, { ...answerOf(ex), declared: declaredErrors(w, ex), wrong: 'missing', mode: 'gone' }, { exchange: ex });
    return;
  }
  const rec = recordOfRead(ex);
  w.expect(RULE.readsRecord, { ...answerOf(ex), record: rec }, { exchange: ex });
  w.expect(RULE.readsBack, { sent: { customerId: Number(customerId), city: a.city }, got: rec }, { exchange: ex });
}

const customerIdOf = (m: Readonly<Model>, a: AddressM) => m.customers.find((c) => c.ref === a.customer)?.id;

export class CreateAddress implements Cmd {
  private outcome = '';
  private owner = '';
  constructor(
    readonly pick: number,
    readonly city: string,
  ) {}
  check(m: Readonly<Model>): boolean {
    return live(m.customers).length > 0;
  }
  async run(m: Model, w: World): Promise<void> {
    const alive = live(m.customers);
    const c = pickNewest(alive, this.pick);
    this.owner = c.ref;
    const city = `${w.token}-${this.city}`;
    const ex = await w.api.call('createAddress', { body: addressInput(w.kit, Number(c.id), w.country, { city }) });
    const made = w.api.createdBy(ex).find((r) => r.collection === '/addresses');
    w.expect(RULE.creates, { ...answerOf(ex), id: made?.id }, { exchange: ex });
    if (!made) return;
    const a: AddressM = { ref: `a${m.addresses.length + 1}`, id: made.id, customer: c.ref, city, deleted: false, unknown: false };
    m.addresses.push(a);
    this.outcome = ` -> ${a.ref}`;
    await agreeOnAddress(w, a, c.id);
  }
  toString(): string {
    return `CreateAddress(${this.owner || `#${this.pick}`}, ${JSON.stringify(this.city)})${this.outcome}`;
  }
  [fc.cloneMethod](): CreateAddress {
    return new CreateAddress(this.pick, this.city);
  }
}

export class ReadAddress implements Cmd {
  private ref = '';
  constructor(readonly pick: number) {}
  check(m: Readonly<Model>): boolean {
    return known(m).length > 0;
  }
  async run(m: Model, w: World): Promise<void> {
    const all = known(m);
    const a = pickNewest(all, this.pick);
    this.ref = a.ref;
    await agreeOnAddress(w, a, customerIdOf(m, a));
  }
  toString(): string {
    return `ReadAddress(${this.ref || `#${this.pick}`})`;
  }
  [fc.cloneMethod](): ReadAddress {
    return new ReadAddress(this.pick);
  }
}

export class DeleteAddress implements Cmd {
  private ref = '';
  constructor(readonly pick: number) {}
  check(m: Readonly<Model>): boolean {
    return live(known(m)).length > 0;
  }
  async run(m: Model, w: World): Promise<void> {
    const alive = live(known(m));
    const a = pickNewest(alive, this.pick);
    this.ref = a.ref;
    const ex = await w.api.call('deleteAddress', { path: { address_id: a.id } });
    w.expect(RULE.answers, { ...answerOf(ex), want: 'success' }, { exchange: ex });
    a.deleted = true;
    await agreeOnAddress(w, a, customerIdOf(m, a));
  }
  toString(): string {
    return `DeleteAddress(${this.ref || `#${this.pick}`})`;
  }
  [fc.cloneMethod](): DeleteAddress {
    return new DeleteAddress(this.pick);
  }
}
