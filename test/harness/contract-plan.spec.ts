// What the contract suite generates from a catalogue: one test per operation and applicable
// check, its tags and titles, group selection; and how a harness failure is represented.
import { expect, test } from '@playwright/test';
import { harnessErrorOutcome } from '../../fixtures/outcome.js';
import { verdictOf } from '../../fixtures/verdict.js';
import { GuardError } from '../../src/core/errors.js';
import { Redactor } from '../../src/client/redact.js';
import { CHECKS } from '../../src/checks/registry.js';
import { planContract, tagSafe } from '../../suites/contract/plan.js';
import { bundled } from './support/exchanges.js';

const spec = await bundled();
const all = { onlyGroups: [] as string[], skipGroups: [] as string[] };

test.describe('contract plan @harness @contract', () => {
  test('should plan every operation of the loaded spec with the checks that apply to it', () => {
    const plan = planContract(spec.catalogue, all);
    expect(plan.map((p) => p.op.id)).toEqual(spec.catalogue.operations.map((o) => o.id));
    const tests = plan.flatMap((p) => p.tests);
    for (const check of CHECKS) expect(tests.some((t) => t.check.name === check.name), check.name).toBe(true);
    expect(tests.filter((t) => t.check.name === 'transportSecurity').every((t) => t.op.method === 'get')).toBe(true);
    expect(tests.filter((t) => t.check.name === 'methodOverride').every((t) => ['put', 'patch', 'delete'].includes(t.op.method))).toBe(true);
    const getCustomer = plan.find((p) => p.op.id === 'getCustomer');
    expect(getCustomer?.title).toBe('getCustomer (GET /customers/{customer_id})');
    expect(getCustomer?.tests.map((t) => t.title)).toContain('should answer with a declared status');
  });

  test('should tag group, operation and check, and @readonly only where no write is sent', () => {
    const tests = planContract(spec.catalogue, all).flatMap((p) => p.tests);
    const read = tests.find((t) => t.op.id === 'getCustomer' && t.check.name === 'authRequired');
    expect(read?.tags).toEqual(['@customers', '@op:getCustomer', '@check:authRequired', '@readonly']);
    const search = tests.find((t) => t.op.id === 'searchCustomer' && t.check.name === 'statusCodeConformance');
    expect(search?.tags).toContain('@readonly');
    const write = tests.find((t) => t.op.id === 'updateCustomer' && t.check.name === 'statusCodeConformance');
    expect(write?.tags).toEqual(['@customers', '@op:updateCustomer', '@check:statusCodeConformance']);
    expect(tagSafe('GET /pets/{id}')).toBe('GET_pets_id_');
  });

  test('should leave groups out with ONLY_GROUPS and SKIP_GROUPS', () => {
    const only = planContract(spec.catalogue, { onlyGroups: ['customers', 'tax'], skipGroups: [] });
    expect(new Set(only.map((p) => p.op.group))).toEqual(new Set(['customers', 'tax']));
    const skip = planContract(spec.catalogue, { onlyGroups: [], skipGroups: ['orders'] });
    expect(skip.some((p) => p.op.group === 'orders')).toBe(false);
    expect(skip.length).toBe(spec.catalogue.operations.filter((o) => o.group !== 'orders').length);
  });

  test('should represent a harness failure as outcome Error, redacted', () => {
    const info = test.info();
    const redactor = Redactor.forCredentials('admin@example.test', 'plan-Secret-77x');
    const err = harnessErrorOutcome(info, new GuardError('Refused by the write guard: PUT /customers/1 with plan-Secret-77x'), redactor);
    expect(err.message).toBe('Harness error: GuardError: Refused by the write guard: PUT /customers/1 with [REDACTED]');
    // The test's verdict record says Error with the same (redacted) words once the test fails.
    const record = verdictOf(info).build({ tags: [], annotations: [], status: 'failed' }, undefined);
    expect(record.outcome).toBe('error');
    expect(record.reason).toBe(err.message);
  });
});
