// Every command of the model run, as fast-check arbitraries. Small domains on purpose: two
// e-mails, a few names, picks that wrap around the model's records, so sequences collide,
// re-use e-mails and touch the same records again, where the interesting bugs are.
import fc from 'fast-check';
import type { Model, World } from '../world.js';
import { CreateAddress, DeleteAddress, ReadAddress } from './addresses.js';
import { CreateCustomer, DeleteCustomer, DuplicateEmail, ListCustomers, ReadCustomer, UpdateCustomer } from './customers.js';
import { ChangeOrderStatus, CreateOrder, DeleteOrder, ReadOrder } from './orders.js';

export const POOL_SIZE = 2;
const NAMES = ['Ada', 'Bea', 'Cyd', 'Zoë'];

const email = fc.integer({ min: 0, max: POOL_SIZE - 1 });
const name = fc.constantFrom(...NAMES);
const pick = fc.nat({ max: 7 });
const status = fc.nat({ max: 3 });

type Arb = fc.Arbitrary<fc.AsyncCommand<Model, World>>;

/** Customers and their addresses. Writes weigh more than reads: bugs live in write sequences. */
export function customerCommands(): Arb[] {
  const create = fc.tuple(email, fc.boolean(), name).map(([e, g, n]) => new CreateCustomer(e, g, n));
  const update = fc.tuple(pick, email, name).map(([p, e, n]) => new UpdateCustomer(p, e, n));
  const remove = pick.map((p) => new DeleteCustomer(p));
  return [
    create,
    create,
    create,
    create,
    update,
    update,
    update,
    remove,
    remove,
    remove,
    pick.map((p) => new ReadCustomer(p)),
    fc.tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 3 })).map(([per, page]) => new ListCustomers(per, page)),
    pick.map((p) => new DuplicateEmail(p)),
    fc.tuple(pick, name).map(([p, n]) => new CreateAddress(p, n)),
    pick.map((p) => new ReadAddress(p)),
    pick.map((p) => new DeleteAddress(p)),
  ];
}

/** Orders and their status. */
export function orderCommands(): Arb[] {
  const create = fc.tuple(status, email).map(([s, e]) => new CreateOrder(s, e));
  return [
    create,
    create,
    pick.map((p) => new ReadOrder(p)),
    fc.tuple(pick, status, fc.boolean()).map(([p, s, n]) => new ChangeOrderStatus(p, s, n)),
    fc.tuple(pick, status, fc.boolean()).map(([p, s, n]) => new ChangeOrderStatus(p, s, n)),
    pick.map((p) => new DeleteOrder(p)),
  ];
}
