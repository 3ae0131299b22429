// Injection-shaped input (src/security/injection.ts): in two lists that hold personal data, each
// of sort, fields and search gets a plain unknown value and then the fixed inert classes (quote,
// comment, keyword expression, path traversal, NUL, overlong), and so does the record's path id
// (all but the traversal, which would leave the API there: INJECTION_PLACES.pathId). Reads only,
// the same requests every run (1 + 6 per parameter, 1 + 5 for the id), in every profile; what the
// answers show goes to the test's verdict record as security findings, never a Fail.
import { test } from '../../fixtures/index.js';
import { verdictOf } from '../../fixtures/verdict.js';
import { specOperations } from '../../fixtures/spec-ops.js';
import type { ApiClient } from '../../src/client/api-client.js';
import type { Exchange } from '../../src/core/exchange.js';
import { classesFor, INJECTION_PLACES, judgeInjection, type InjectionPlace } from '../../src/security/injection.js';

const ops = await specOperations();

/**
 * Lists of the admin's personal data and the read of one of their records. Two, not every list: a
 * finding's cause is the parameter, which these show as well as twenty lists would, and a real
 * shop's run has a request budget (GX 4.8's standard run is near the phase's 4,600).
 */
const SUBJECTS = [
  { group: 'customers', list: 'getCustomers', read: 'getCustomer', id: 'customer_id' },
  { group: 'orders', list: 'getOrdersMultiple', read: 'getOrders', id: 'order_id' },
] as const;

type Send = (value: string, label: string) => Promise<Exchange>;

/** The plain unknown value, then every class, each judged beside the plain one. */
async function tryPlace(place: InjectionPlace, send: Send): Promise<void> {
  const plain = await send(place.plain, `${place.name}: a plain unknown value`);
  for (const cls of classesFor(place)) {
    const probe = await send(place.write(cls.value), `${place.name}: ${cls.name}`);
    verdictOf(test.info()).security(judgeInjection(place, cls, plain, probe));
  }
}

function listParam(api: ApiClient, list: string, param: string): Send {
  return (value, label) => api.call(list, { query: { [param]: value }, intent: 'negative', label, noAnswer: 'return' });
}

for (const s of SUBJECTS) {
  if (!ops.inScope(s.group)) continue;
  test.describe(`security: injection-shaped input in ${s.group}`, () => {
    test.skip(!ops.has(s.list, s.read), `the loaded spec has no ${s.list} and ${s.read}`);
    const declares = (param: string): boolean => ops.get(s.list)?.parameters.some((p) => p.in === 'query' && p.name === param) ?? false;

    test(`should refuse or ignore injection-shaped sort, fields and search values of ${s.list}`, { tag: [`@${s.group}`, '@security:injection', `@op:${s.list}`, '@readonly'] }, async ({ api }) => {
      for (const place of [INJECTION_PLACES.sort, INJECTION_PLACES.fields, INJECTION_PLACES.search]) {
        if (declares(place.name)) await tryPlace(place, listParam(api, s.list, place.name));
      }
    });

    test(`should refuse injection-shaped ids of ${s.read}`, { tag: [`@${s.group}`, '@security:injection', `@op:${s.read}`, '@readonly'] }, async ({ api }) => {
      await tryPlace(INJECTION_PLACES.pathId, (value, label) => api.call(s.read, { path: { [s.id]: value }, intent: 'negative', label, noAnswer: 'return' }));
    });
  });
}
