// Other credentials refused (API2/API5): the contract suite's auth probe tries one read per resource
// with a non-admin user's credentials too (src/probes/auth.ts; judged by the security scan,
// src/security/credentials.ts). This test says whether the run had such a user, and why not: a
// Skip naming the reason, never a Pass, when it had none (readonly without SECOND_USER, a spec
// without a customer create, a registration the target refused); with one, it tries the customers
// list itself, so a scoped run tries at least that.
import { test } from '../../fixtures/index.js';
import { specOperations } from '../../fixtures/spec-ops.js';

const ops = await specOperations();

if (ops.inScope('customers')) test.describe("security: another user's credentials", () => {
  test.skip(!ops.has('getCustomers'), 'the loaded spec has no customers list');

  test("should refuse a non-admin user's credentials", { tag: ['@customers', '@security:credentials', '@op:getCustomers', '@readonly'] }, async ({ api, contract }) => {
    const user = await contract.probes.env.other?.();
    if (!user?.ok) {
      test.skip(true, `no non-admin user to try: ${user?.reason ?? 'the probes have no source of one'}`);
      return;
    }
    await api.call('getCustomers', { query: { per_page: 1 }, auth: 'other', credentials: user.credentials, intent: 'other-auth', label: `the first page of one customer, with another user's credentials (${user.source})` });
  });
});
