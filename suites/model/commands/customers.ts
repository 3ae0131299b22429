// Commands on customers, one class per operation: create, read, update, delete, list (paged) and
// a registree with a taken e-mail. Each sends its request, checks the answer against the model,
// updates the model, and (for writes) reads the record back so that after every command shop and
// model agree. toString() names the model's records (c1, c2 ...) once the command has run.
import fc from 'fast-check';
import { GUESTS_SHARE } from '../../../fixtures/customer-bases.js';
import { customerUpdateInput, newAddressInput } from '../../../fixtures/factories/customers.js';
import { recordOf } from '../../../fixtures/factories/index.js';
import { factsNow } from '../../../fixtures/factories/references.js';
import { dateValue } from '../../../src/spec/shop-facts.js';
import { identity } from '../../../src/checks/rules/records.js';
import { listItems } from '../../../src/core/answers.js';
import { RULE } from '../../../src/checks/rules/registry.js';
import { is2xx, isGone, live, recordOfRead, show, statusOf, type CustomerM, type Model, type World, pickNewest } from '../world.js';

type Cmd = fc.AsyncCommand<Model, World>;

/**
 * A customer as a client creates one: the personal fields the vendor's customer requires and the
 * customer's own new address (a create takes a new address or an addressId; GX 4.8 answers 400 to
 * neither), in the run's country.
 */
function customerBody(w: World, email: number, guest: boolean, lastname: string): Record<string, unknown> {
  const person = { gender: 'f', firstname: w.token, lastname };
  return {
    ...person,
    dateOfBirth: dateValue('dateOfBirth', 'date', factsNow(w.kit)),
    email: w.pool[email],
    isGuest: guest,
    telephone: '+49 30 100000',
    fax: '',
    vatNumber: '',
    ...(guest ? {} : { password: `Qa-${w.kit.runId}-pw1!` }),
    address: newAddressInput(w.kit, w.country, person),
  };
}

/** Reads a customer back and compares it with the model. */
async function agreeOnCustomer(w: World, command: string, c: CustomerM): Promise<void> {
  const ex = await w.api.call('getCustomer', { path: { customer_id: c.id }, label: `read ${c.ref} back` });
  if (c.deleted) {
    if (!isGone(ex)) throw w.disagree(command, 'lifecycle', ex, `${c.ref} (id ${c.id}) is deleted`, `GET answered ${statusOf(ex)}`);
    return;
  }
  const rec = recordOfRead(ex);
  const want = { email: w.pool[c.email], isGuest: c.guest, lastname: c.lastname };
  const got = rec ? { email: rec.email, isGuest: rec.isGuest, lastname: rec.lastname } : undefined;
  if (ex.response.status !== 200 || JSON.stringify(got) !== JSON.stringify(want)) {
    throw w.disagree(command, 'lifecycle', ex, `${c.ref} (id ${c.id}) is ${show(want)}`, `GET answered ${statusOf(ex)} ${show(got ?? ex.response.json)}`);
  }
}

export class CreateCustomer implements Cmd {
  private outcome = '';
  constructor(
    readonly email: number,
    readonly guest: boolean,
    readonly lastname: string,
  ) {}
  check(): boolean {
    return true;
  }
  async run(m: Model, w: World): Promise<void> {
    const taken = !this.guest && live(m.customers).some((c) => !c.guest && c.email === this.email);
    const ex = await w.api.call('createCustomers', { body: [customerBody(w, this.email, this.guest, this.lastname)] });
    if (taken) {
      this.outcome = ' -> 409';
      if (ex.response.status !== 409) throw w.disagree(String(this), 'unique-email', ex, `email#${this.email} belongs to a registree: 409`, statusOf(ex));
      return;
    }
    const made = w.api.createdBy(ex).find((r) => r.collection === '/customers');
    // A guest refused because another customer has the e-mail: guests sharing one is only observed (GUESTS_SHARE).
    if (this.guest && ex.response.status === 409 && live(m.customers).some((c) => c.email === this.email)) {
      this.outcome = ' -> 409 (advisory)';
      w.advise(String(this), 'unique-email', ex, `email#${this.email} is shared by a guest: created`, `${statusOf(ex)} ${show(ex.response.json)}`, GUESTS_SHARE);
      return;
    }
    if (!is2xx(ex) || !made) throw w.disagree(String(this), 'lifecycle', ex, 'the customer is created', `${statusOf(ex)} ${show(ex.response.json)}`);
    // The address the create made on the side is the run's too (deleted with what the run made).
    const addressId = recordOf(ex.response.json)?.addressId;
    if (typeof addressId === 'number' && addressId > 0) w.kit.adopt('/addresses', addressId, 'createCustomers', made.path);
    const c: CustomerM = { ref: `c${m.customers.length + 1}`, id: made.id, email: this.email, guest: this.guest, lastname: this.lastname, deleted: false };
    m.customers.push(c);
    this.outcome = ` -> ${c.ref}`;
    await agreeOnCustomer(w, String(this), c);
  }
  toString(): string {
    return `CreateCustomer(email#${this.email}, ${this.guest ? 'guest' : 'registree'}, ${JSON.stringify(this.lastname)})${this.outcome}`;
  }
  [fc.cloneMethod](): CreateCustomer {
    return new CreateCustomer(this.email, this.guest, this.lastname);
  }
}

export class ReadCustomer implements Cmd {
  private ref = '';
  constructor(readonly pick: number) {}
  check(m: Readonly<Model>): boolean {
    return m.customers.length > 0;
  }
  async run(m: Model, w: World): Promise<void> {
    const c = pickNewest(m.customers, this.pick);
    this.ref = c.ref;
    await agreeOnCustomer(w, String(this), c);
  }
  toString(): string {
    return `ReadCustomer(${this.ref || `#${this.pick}`})`;
  }
  [fc.cloneMethod](): ReadCustomer {
    return new ReadCustomer(this.pick);
  }
}

export class UpdateCustomer implements Cmd {
  private ref = '';
  private outcome = '';
  constructor(
    readonly pick: number,
    readonly email: number,
    readonly lastname: string,
  ) {}
  check(m: Readonly<Model>): boolean {
    return live(m.customers).length > 0;
  }
  async run(m: Model, w: World): Promise<void> {
    const alive = live(m.customers);
    const c = pickNewest(alive, this.pick);
    this.ref = c.ref;
    const taken = !c.guest && alive.some((o) => o !== c && !o.guest && o.email === this.email);
    const body = customerUpdateInput(w.kit, { isGuest: c.guest }, { gender: 'f', firstname: w.token, lastname: this.lastname, email: w.pool[this.email], isGuest: c.guest });
    const ex = await w.api.call('updateCustomer', { path: { customer_id: c.id }, body });
    if (taken) {
      this.outcome = ' -> 409';
      if (ex.response.status !== 409) throw w.disagree(String(this), 'unique-email', ex, `email#${this.email} belongs to another registree: 409`, statusOf(ex));
    } else if (c.guest && ex.response.status === 409 && alive.some((o) => o !== c && o.email === this.email)) {
      // A guest refused an e-mail another customer has: guests sharing one is only observed (GUESTS_SHARE).
      this.outcome = ' -> 409 (advisory)';
      w.advise(String(this), 'unique-email', ex, `email#${this.email} is shared by a guest: updated`, `${statusOf(ex)} ${show(ex.response.json)}`, GUESTS_SHARE);
    } else {
      if (!is2xx(ex)) throw w.disagree(String(this), 'lifecycle', ex, 'the update is accepted', `${statusOf(ex)} ${show(ex.response.json)}`);
      c.email = this.email;
      c.lastname = this.lastname;
    }
    await agreeOnCustomer(w, String(this), c);
  }
  toString(): string {
    return `UpdateCustomer(${this.ref || `#${this.pick}`}, email#${this.email}, ${JSON.stringify(this.lastname)})${this.outcome}`;
  }
  [fc.cloneMethod](): UpdateCustomer {
    return new UpdateCustomer(this.pick, this.email, this.lastname);
  }
}

export class DeleteCustomer implements Cmd {
  private ref = '';
  constructor(readonly pick: number) {}
  check(m: Readonly<Model>): boolean {
    return live(m.customers).length > 0;
  }
  async run(m: Model, w: World): Promise<void> {
    const alive = live(m.customers);
    const c = pickNewest(alive, this.pick);
    this.ref = c.ref;
    const ex = await w.api.call('deleteCustomers', { path: { customer_id: c.id } });
    if (!is2xx(ex)) throw w.disagree(String(this), 'lifecycle', ex, 'the delete succeeds', statusOf(ex));
    c.deleted = true;
    // What happens to the customer's addresses is the shop's business (facts are silent).
    for (const a of m.addresses) if (a.customer === c.ref && !a.deleted) a.unknown = true;
    await agreeOnCustomer(w, String(this), c);
  }
  toString(): string {
    return `DeleteCustomer(${this.ref || `#${this.pick}`})`;
  }
  [fc.cloneMethod](): DeleteCustomer {
    return new DeleteCustomer(this.pick);
  }
}

export class ListCustomers implements Cmd {
  constructor(
    readonly perPage: number,
    readonly page: number,
  ) {}
  check(): boolean {
    return true;
  }
  async run(m: Model, w: World): Promise<void> {
    const ex = await w.api.call('getCustomers', { query: { search: w.token, sort: ['+id'], page: this.page, per_page: this.perPage } });
    const at = { exchange: ex, tag: 'paging' };
    w.expect(RULE.listAnswer, { status: ex.response.status, json: ex.response.json, asked: String(this), transportError: ex.response.transportError }, at);
    // The model's customers by id are the list this page is a slice of.
    const all = live(m.customers).sort((a, b) => Number(a.id) - Number(b.id));
    const items = listItems(ex.response.json);
    w.expect(RULE.pages, { all: all.map((c) => c.id), pages: [{ page: this.page, per: this.perPage, ids: items.map(identity) }], inOrder: true, with: 'sort=+id (the model\'s customers)' }, at);
    // The records it lists read as the model knows them.
    const byId = new Map(all.map((c) => [c.id, c]));
    for (const r of items) {
      const c = byId.get(identity(r));
      if (c) w.expect(RULE.readsBack, { sent: { email: w.pool[c.email], lastname: c.lastname }, got: r }, at);
    }
  }
  toString(): string {
    return `ListCustomers(page ${this.page}, per_page ${this.perPage})`;
  }
}

export class DuplicateEmail implements Cmd {
  private ref = '';
  constructor(readonly pick: number) {}
  check(m: Readonly<Model>): boolean {
    return live(m.customers).some((c) => !c.guest);
  }
  async run(m: Model, w: World): Promise<void> {
    const registrees = live(m.customers).filter((c) => !c.guest);
    const r = pickNewest(registrees, this.pick);
    this.ref = r.ref;
    const ex = await w.api.call('createCustomers', { body: [customerBody(w, r.email, false, 'Dup')] });
    if (ex.response.status !== 409) throw w.disagree(String(this), 'unique-email', ex, `${r.ref} holds email#${r.email}: 409`, statusOf(ex));
    const email = w.pool[r.email] ?? '';
    const found = await w.api.call('getCustomers', { query: { search: email }, label: `customers with email#${r.email}` });
    const holders = (Array.isArray(found.response.json) ? (found.response.json as Record<string, unknown>[]) : []).filter((x) => x.email === email).map(identity).sort();
    const want = live(m.customers).filter((c) => c.email === r.email).map((c) => c.id).sort();
    if (JSON.stringify(holders) !== JSON.stringify(want)) throw w.disagree(String(this), 'unique-email', found, `customers with email#${r.email}: [${want.join(', ')}]`, `[${holders.join(', ')}]`, [ex]);
  }
  toString(): string {
    return `DuplicateEmail(${this.ref || `#${this.pick}`})`;
  }
  [fc.cloneMethod](): DuplicateEmail {
    return new DuplicateEmail(this.pick);
  }
}
