// The security pack's passive scan (src/security/scan.ts) reads every answer the run receives, in
// whatever test receives it. These tests make sure every run, however scoped, shows it the answers
// every API gives: a list, a wrong-typed id, a record that does not exist, a request without
// credentials, a request from a site the API does not know (CORS), and over https a read (HSTS):
// reads only, in every profile. What they show goes to the test's verdict record as security
// findings, never a Fail: the tests pass whatever they show (the report's Security section and
// SECURITY_GATE judge them).
import { test } from '../../fixtures/index.js';
import { specOperations } from '../../fixtures/spec-ops.js';

const ops = await specOperations();
/** An id no shop hands out, within a 32-bit column. */
const NO_SUCH_ID = 2147480000;
/** A site the API cannot know: a reserved name (RFC 2606). */
const UNKNOWN_ORIGIN = 'https://unknown-site.example.test';

if (ops.inScope('customers')) test.describe('security: what answers disclose', () => {
  test.skip(!ops.has('getCustomers', 'getCustomer'), 'the loaded spec has no customers list and read');

  test('should show the scan a list, a wrong-typed id, a missing record, no credentials and an unknown origin', { tag: ['@customers', '@security:answers', '@op:getCustomers', '@op:getCustomer', '@readonly'] }, async ({ api }) => {
    await api.call('getCustomers', { query: { per_page: 1 }, label: 'the first page of one customer' });
    await api.call('getCustomer', { path: { customer_id: 'abc' }, intent: 'negative', label: 'wrong-typed path id customer_id=abc' });
    await api.call('getCustomer', { path: { customer_id: NO_SUCH_ID }, intent: 'negative', label: `a customer that does not exist (${NO_SUCH_ID})` });
    await api.call('getCustomers', { query: { per_page: 1 }, auth: 'none', intent: 'no-auth', label: 'no credentials' });
    await api.call('getCustomers', { query: { per_page: 1 }, headers: { Origin: UNKNOWN_ORIGIN }, label: `a request from an unknown site (Origin: ${UNKNOWN_ORIGIN})` });
  });

  test('should show the scan an answer over https', { tag: ['@customers', '@security:tls', '@op:getCustomers', '@readonly'] }, async ({ api, target }) => {
    test.skip(!target.https, 'the target is http: HSTS applies to https targets');
    await api.call('getCustomers', { query: { per_page: 1 }, label: 'the first page of one customer, over https' });
  });
});
