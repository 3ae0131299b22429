// Uniqueness of registree e-mails: for any registree e-mail already taken (any local part, any
// other fields), a second registree with it is refused with 409 and nothing is stored, whether it
// comes alone, inside a bulk create (which then stores none of its records) or as an update of
// another registree (which keeps its own e-mail); a guest with the same e-mail is accepted.
// Described (409 is declared for create and update): one registree per e-mail, and the 409 of a
// single create or an update. Not described, so advisories: the 409 of a bulk create and that it
// stores none of its records (BATCH_ALL_OR_NOTHING), and a guest sharing the e-mail (GUESTS_SHARE).
import fc from 'fast-check';
import { loadConfig } from '../../src/config/config.js';
import { groupInScope } from '../../src/config/scope.js';
import { liveShrinks } from '../../src/properties/runner.js';
import { catalogueFor } from '../../src/spec/cache.js';
import { expectRule } from '../../fixtures/evidence.js';
import { answerOf } from '../../fixtures/requests.js';
import { RULE } from '../../src/checks/rules/registry.js';
import { customerUpdateInput } from '../../fixtures/factories/customers.js';
import { isObj } from '../../src/core/json.js';
import { recordOf, type FactoryKit, type Json, requireWrites } from '../../fixtures/factories/index.js';
import type { Exchange } from '../../src/core/exchange.js';
import { test, RUNS } from './support/fixtures.js';
import { skipBecause } from '../../fixtures/outcome.js';
import { readList } from './support/lists.js';
import { cleanupSince, createOwn, mark, sentRecord, setupFailed, validCreateBody, writable } from './support/writable.js';

const config = loadConfig();
const catalogue = await catalogueFor(config.spec, config.errata);
const customers = writable(catalogue, '/customers');
const update = catalogue.operations.find((o) => o.method === 'put' && o.path === '/customers/{customer_id}');

const localPart = fc.string({ unit: fc.constantFrom(...'abcxyzABCXYZ0189._-'), minLength: 1, maxLength: 10 }).filter((s) => !/^[.]|[.]$|\.\./.test(s));

function takenEmail(kit: FactoryKit, local: string): string {
  return `qa+${kit.runId}-${kit.n()}.${local}@example.test`;
}

// Scoped by the group its tags name; ONLY_GROUPS / SKIP_GROUPS leaving it out declare no test.
if (groupInScope(config, 'customers')) test.describe('uniqueness @properties', () => {
  test.skip(!customers, 'the loaded spec has no customers collection with create, read and delete');
  const tags = ['@properties', '@customers', '@op:createCustomers', '@op:updateCustomer', '@op:getCustomers', '@rule:unique-email', '@rule:bulk'];
  test('should refuse any taken registree e-mail with 409 and store nothing, alone, in a bulk create or by update, and accept guests with it', { tag: tags }, async ({ prop, kit, api }) => {
    requireWrites(kit);
    const w = customers;
    if (!w?.list) skipBecause('no customers collection');
    const list = w.list;
    // The people are incidental to the rule: short strings, shrinking spent on `how` and the e-mail.
    const bodies = fc.noShrink(await validCreateBody(kit, w, catalogue, { longStrings: false, tagOnly: true }));
    const person = bodies.map((b) => sentRecord(w, b));
    const arb = fc.record({ how: fc.constantFrom('create', 'bulk', 'update'), local: localPart, first: person, second: person, other: person, guest: person });
    await prop.check(
      'a registree e-mail is taken once: 409 and nothing stored for the second registree, guests accepted',
      fc.asyncProperty(liveShrinks(arb), async ({ how, local, first, second, other, guest }) => {
        const email = takenEmail(kit, local);
        const registree = (p: Json, e: string): Json => ({ ...p, email: e, isGuest: false });
        const seen: Exchange[] = [];
        const create = async (records: Json[]) => {
          const made = await createOwn(kit, w, records);
          seen.push(made.exchange);
          return made;
        };
        const withEmail = async (e: string) => {
          const found = await readList(api, list, { search: e }, 'unique-email', `customers with ${e}`);
          seen.push(found.exchange);
          return { exchange: found.exchange, records: found.items.filter((r) => isObj(r) && r.email === e) as Json[] };
        };
        const before = mark(api);
        try {
          const a = await create([registree(first, email)]);
          if (a.id === undefined) setupFailed(api, w, a, 'creating the first registree');

          let refused: Exchange;
          let otherEmail: string | undefined;
          let updated: string | undefined;
          if (how === 'update') {
            otherEmail = takenEmail(kit, 'c');
            const c = await create([registree(other, otherEmail)]);
            const rec = recordOf(c.exchange.response.json);
            if (c.id === undefined || !rec || !update) setupFailed(api, w, c, 'creating the registree to update');
            updated = c.id;
            refused = await api.call(update, { path: { customer_id: c.id }, body: customerUpdateInput(kit, rec, { email }), label: `update registree ${c.id} to the taken e-mail` });
          } else if (how === 'bulk') {
            otherEmail = takenEmail(kit, 'b');
            refused = (await create([registree(other, otherEmail), registree(second, email)])).exchange;
          } else {
            refused = (await create([registree(second, email)])).exchange;
          }
          seen.push(refused);
          // A batch is answered per record ({created, errors}): its status is our reading (an advisory).
          expectRule(api, RULE.emailTakenOnce, { ...answerOf(refused), ...(how === 'bulk' ? { batch: true } : {}) }, { exchange: refused, related: seen });
          const held = [{ what: email, holders: (await withEmail(email)).records.map((r) => String(r.id)), want: [a.id] }];
          // The registree whose update was refused keeps its e-mail.
          if (updated !== undefined && otherEmail) held.push({ what: otherEmail, holders: (await withEmail(otherEmail)).records.map((r) => String(r.id)), want: [updated] });
          expectRule(api, RULE.emailTakenOnce, { held }, { exchange: refused, related: seen });
          if (how === 'bulk' && otherEmail) {
            // The refused batch stores none of its records: storing one its answer does not name is
            // described (a bulk answer names what it created), storing any is our reading.
            const others = await withEmail(otherEmail);
            const body = refused.response.json;
            const named = isObj(body) && Array.isArray(body.created) ? body.created.filter(isObj).map((r) => String(r.id)) : [];
            expectRule(api, RULE.storesWhatItNames, { stored: others.records, named, status: refused.response.status }, { exchange: others.exchange, related: seen, tag: 'bulk' });
            expectRule(api, RULE.refusedBatchStoresNone, { stored: others.records }, { exchange: others.exchange, related: seen });
          }
          const { password: _p, ...guestFields } = guest;
          const g = await create([{ ...guestFields, email, isGuest: true }]);
          expectRule(api, RULE.guestsShare, { ...answerOf(g.exchange), ...(g.id === undefined && g.exchange.response.status < 300 ? { status: 0, transportError: 'no id the harness could read' } : {}) }, { exchange: g.exchange, related: seen });
        } finally {
          await cleanupSince(api, before);
        }
      }),
      RUNS.scenario,
    );
  });
});
