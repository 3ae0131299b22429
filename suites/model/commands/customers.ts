// Commands on customers, one class per operation: create, read, update, delete, list (paged) and
// a registree with a taken e-mail. Each sends its request, checks the answer against the model,
// updates the model, and (for writes) reads the record back so that after every command shop and
// model agree. toString() names the model's records (c1, c2 ...) once the command has run.
import fc from 'fast-check';
import { answerOf } from '../../../fixtures/requests.js';
import { customerUpdateInput, newAddressInput } from '../../../fixtures/factories/customers.js';
import { recordOf } from '../../../fixtures/factories/index.js';
import { factsNow } from '../../../fixtures/factories/references.js';
import { dateValue } from '../../../src/spec/shop-facts.js';
import { identity } from '../../../src/checks/rules/records.js';
import { listItems } from '../../../src/core/answers.js';
import { matchesKeyword } from '../../../src/checks/rules/search.js';
import { RULE } from '../../../src/checks/rules/registry.js';
import type { Exchange } from '../../../src/core/exchange.js';
import { declaredErrors, live, recordOfRead, type CustomerM, type Model, type World, pickNewest } from '../world.js';

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

/** Reads a customer back and judges it against the model: gone when deleted, else as the model knows it. */
async function agreeOnCustomer(w: World, c: CustomerM): Promise<void> {
  const ex = await w.api.call('getCustomer', { path: { customer_id: c.id }, label: `read ${c.ref} back` });
  if (c.deleted) {
    w.expect(RULE.errorStatus, { ...answerOf(ex), declared: declaredErrors(w, ex), wrong: 'missing', mode: 'gone' }, { exchange: ex });
    return;
  }
  const rec = recordOfRead(ex);
  w.expect(RULE.readsRecord, { ...answerOf(ex), record: rec }, { exchange: ex });
  w.expect(RULE.readsBack, { sent: { email: w.pool[c.email], isGuest: c.guest, lastname: c.lastname }, got: rec }, { exchange: ex });
}

/** Registrees holding an e-mail of the pool, by the list's search. */
async function holdersOf(w: World, email: number): Promise<{ exchange: Exchange; ids: string[] }> {
  const address = w.pool[email] ?? '';
  const found = await w.api.call('getCustomers', { query: { search: address }, label: `customers with email#${email}` });
  const ids = listItems(found.response.json).filter((x) => x.email === address).map(identity).sort();
  return { exchange: found, ids };
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
      w.expect(RULE.emailTakenOnce, answerOf(ex), { exchange: ex });
      return;
    }
    const made = w.api.createdBy(ex).find((r) => r.collection === '/customers');
    // A guest refused because another customer has the e-mail: guests sharing one is only observed (GUESTS_SHARE).
    if (this.guest && ex.response.status === 409 && live(m.customers).some((c) => c.email === this.email)) {
      this.outcome = ' -> 409 (advisory)';
      w.expect(RULE.guestsShare, answerOf(ex), { exchange: ex });
      return;
    }
    w.expect(RULE.creates, { ...answerOf(ex), id: made?.id }, { exchange: ex });
    if (!made) return;
    // The address the create made on the side is the run's too (deleted with what the run made).
    const addressId = recordOf(ex.response.json)?.addressId;
    if (typeof addressId === 'number' && addressId > 0) w.kit.adopt('/addresses', addressId, 'createCustomers', made.path);
    const c: CustomerM = { ref: `c${m.customers.length + 1}`, id: made.id, email: this.email, guest: this.guest, lastname: this.lastname, deleted: false };
    m.customers.push(c);
    this.outcome = ` -> ${c.ref}`;
    await agreeOnCustomer(w, c);
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
    await agreeOnCustomer(w, c);
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
      w.expect(RULE.emailTakenOnce, answerOf(ex), { exchange: ex });
    } else if (c.guest && ex.response.status === 409 && alive.some((o) => o !== c && o.email === this.email)) {
      // A guest refused an e-mail another customer has: guests sharing one is only observed (GUESTS_SHARE).
      this.outcome = ' -> 409 (advisory)';
      w.expect(RULE.guestsShare, answerOf(ex), { exchange: ex });
    } else {
      w.expect(RULE.answers, { ...answerOf(ex), want: 'success' }, { exchange: ex });
      c.email = this.email;
      c.lastname = this.lastname;
    }
    await agreeOnCustomer(w, c);
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
    w.expect(RULE.answers, { ...answerOf(ex), want: 'success' }, { exchange: ex });
    c.deleted = true;
    // What happens to the customer's addresses is the shop's business (facts are silent).
    for (const a of m.addresses) if (a.customer === c.ref && !a.deleted) a.unknown = true;
    await agreeOnCustomer(w, c);
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
    const ask = (name: 'search' | 'q') => w.api.call('getCustomers', { query: { [name]: w.token, sort: ['+id'], page: this.page, per_page: this.perPage }, label: `${String(this)}, the run's customers by ${name}` });
    // The page is a slice of the model's customers only where the keyword scoped the list. A shop
    // may honour either name (the description says search, the v2 guide q; GX 3.2 ignores search on
    // customers and honours q), so the other name is asked when the first answers a record without
    // the token. Where neither scopes the list, the page says nothing about paging: the search rules
    // judge the keyword, and this command judges only that the list answers.
    const scoped = (e: Exchange): boolean => e.response.status === 200 && listItems(e.response.json).every((r) => matchesKeyword(r, w.token, true));
    let ex = await ask('search');
    if (ex.response.status === 200 && !scoped(ex)) {
      const alt = await ask('q');
      if (scoped(alt)) ex = alt;
    }
    const at = { exchange: ex, tag: 'paging' };
    w.expect(RULE.listAnswer, { status: ex.response.status, json: ex.response.json, asked: String(this), transportError: ex.response.transportError }, at);
    if (ex.response.status === 200 && !scoped(ex)) return;
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
    w.expect(RULE.emailTakenOnce, answerOf(ex), { exchange: ex });
    const found = await holdersOf(w, r.email);
    const want = live(m.customers).filter((c) => c.email === r.email).map((c) => c.id).sort();
    w.expect(RULE.emailTakenOnce, { held: [{ what: `email#${r.email}`, holders: found.ids, want }] }, { exchange: ex, related: [found.exchange] });
  }
  toString(): string {
    return `DuplicateEmail(${this.ref || `#${this.pick}`})`;
  }
  [fc.cloneMethod](): DuplicateEmail {
    return new DuplicateEmail(this.pick);
  }
}
