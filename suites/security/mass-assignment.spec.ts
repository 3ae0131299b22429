// Mass assignment (API3, src/security/mass-assignment.ts): one product created with the readOnly
// fields of its schema set (a counter to 4242, dates to a second of 2001), then read back; a field
// that reads back as sent was stored, a security finding, never a Fail. Products, because the
// schema marks several of their fields readOnly and both real shops create them; one create, one
// read and the cleanup's delete per run. The create goes through the factory (ledger, cleanup).
import { requireWrites, test } from '../../fixtures/factories/index.js';
import { createProduct } from '../../fixtures/factories/products.js';
import { verdictOf } from '../../fixtures/verdict.js';
import { specOperations } from '../../fixtures/spec-ops.js';
import { judgeAssignment, readOnlyAssignments } from '../../src/security/mass-assignment.js';

const ops = await specOperations();

if (ops.inScope('products')) test.describe('security: mass assignment', () => {
  test.skip(!ops.has('createProducts', 'getProduct'), 'the loaded spec has no createProducts and getProduct');

  test('should not store the readOnly fields a create sends', { tag: ['@products', '@security:assignment', '@op:createProducts', '@op:getProduct'] }, async ({ kit }) => {
    requireWrites(kit);
    const sent = readOnlyAssignments(ops.get('createProducts')?.body?.schema);
    test.skip(Object.keys(sent).length === 0, 'the product create declares no readOnly counter or date to send');
    const made = await createProduct(kit, sent, { intent: 'positive' });
    const readBack = await kit.api.call('getProduct', { path: { product_id: made.id }, intent: 'positive', label: 'the product made with readOnly fields set, read back', noAnswer: 'return' });
    verdictOf(test.info()).security(judgeAssignment(readBack, sent));
  });
});
