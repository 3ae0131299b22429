// Model-based tests (fc.commands + fc.asyncModelRun): any sequence of calls keeps the shop in
// agreement with a model much simpler than the shop (world.ts) — one run over customers and their
// addresses, one over orders and their status. A failure shrinks to the shortest sequence that
// still disagrees and prints it one command per line, with the replay command (FC_PATH carries
// the commands' replay path). Every run deletes what it created through the ledger.
import fc from 'fast-check';
import { loadConfig } from '../../src/config/config.js';
import { groupInScope } from '../../src/config/scope.js';
import { countryId } from '../../fixtures/factories/customers.js';
import { orderStatusIds, tryOrderContext } from '../../fixtures/factories/orders.js';
import { requireWrites } from '../../fixtures/factories/index.js';
import { test, type PropertyKit, RUNS } from '../properties/support/fixtures.js';
import { cleanupSince, mark } from '../properties/support/writable.js';
import type { FactoryKit } from '../../fixtures/factories/index.js';
import type { ApiClient } from '../../src/client/api-client.js';
import { customerCommands, orderCommands, POOL_SIZE } from './commands/index.js';
import { emptyModel, World, type Model } from './world.js';

const config = loadConfig();
const tags = (ops: string[], rules: string[], groups: readonly string[]) => ['@model', ...groups.map((g) => `@${g}`), ...ops.map((o) => `@op:${o}`), ...rules.map((r) => `@rule:${r}`)];
// The groups a run touches: its tags and its scope (ONLY_GROUPS / SKIP_GROUPS, src/config/scope.ts).
const CUSTOMER_GROUPS = ['customers', 'addresses'];
const ORDER_GROUPS = ['orders'];

async function modelRun(prop: PropertyKit, kit: FactoryKit, api: ApiClient, claim: string, arbs: fc.Arbitrary<fc.AsyncCommand<Model, World>>[], maxCommands: number, orders = false): Promise<void> {
  // Order statuses only for the orders' run: the customers' run needs none (GX 3.2 lists none, and
  // skipped the customers' model for it).
  const [statuses, country] = await Promise.all([orders ? orderStatusIds(kit) : Promise.resolve([]), countryId(kit)]);
  // What orders name besides their customer (a product for item lines ...) is made once for all
  // runs, before any run's mark: the runs only refer to it, and it is not among what a run cleans
  // up (fixtures/factories/shared.ts deletes it).
  const context = orders ? tryOrderContext(kit) : undefined;
  if (context) await context;
  // Long sequences (size max): the bugs worth a model need a create, a delete and another write in
  // one run, and commands whose model has nothing to act on yet are skipped. 40 commands give a
  // create-delete-create-update chain in about half the customer runs (measured on the generator).
  const commands = fc.commands(arbs, { maxCommands, size: 'max', ...(prop.replayPath ? { replayPath: prop.replayPath } : {}) });
  await prop.check(
    claim,
    fc.asyncProperty(commands, async (cmds) => {
      const before = mark(api);
      const world = new World(kit, api, Array.from({ length: POOL_SIZE }, () => kit.email()), kit.token(), statuses, country, context);
      try {
        await fc.asyncModelRun(() => ({ model: emptyModel(), real: world }), cmds);
      } finally {
        await cleanupSince(api, before);
      }
    }),
    orders ? RUNS.orderModel : RUNS.model,
  );
}

test.describe('model-based @model', () => {
  if (groupInScope(config, ...CUSTOMER_GROUPS)) test(
    'should agree with a simple model of customers and addresses after every call of any sequence',
    { tag: tags(['createCustomers', 'getCustomer', 'updateCustomer', 'deleteCustomers', 'getCustomers', 'createAddress', 'getAddress', 'deleteAddress'], ['lifecycle', 'unique-email', 'paging'], CUSTOMER_GROUPS) },
    async ({ prop, kit, api }) => {
      requireWrites(kit);
      await modelRun(prop, kit, api, 'shop and model of customers and addresses agree after every command', customerCommands(), 40);
    },
  );

  if (groupInScope(config, ...ORDER_GROUPS)) test(
    'should agree with a simple model of orders and their status after every call of any sequence',
    { tag: tags(['createOrder', 'getOrders', 'updateOrderStatus', 'deleteOrders'], ['lifecycle', 'order-status-history'], ORDER_GROUPS) },
    async ({ prop, kit, api }) => {
      requireWrites(kit);
      await modelRun(prop, kit, api, 'shop and model of orders agree after every command', orderCommands(), 25, true);
    },
  );
});
