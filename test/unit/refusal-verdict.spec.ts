// What a refused call makes of a test (fixtures/outcome.ts refusalVerdict): Unsupported when the
// test is about an operation the target lacks, the refused one or another the support gate knows
// (the whole resource is unknown: a test of PATCH /vpe/{id} refused its setup create POST /vpe),
// else a Skip naming what blocked it.
import { expect, test } from '@playwright/test';
import { refusalVerdict } from '../../fixtures/outcome.js';
import { BlockedError, UnsupportedError } from '../../src/core/errors.js';

const VPE_UNKNOWN = 'the resource /vpe is unknown to the target';
const info = (...ops: string[]) => ({ tags: ops.map((o) => `@op:${o}`), annotations: [] });
const lacking = (id: string): string | undefined => (/VPE$/.test(id) ? VPE_UNKNOWN : undefined);

test.describe('refusal verdict @unit', () => {
  test('should make a test Unsupported for each of its operations the target lacks, not only the refused one', () => {
    const v = refusalVerdict(info('updateVPE', 'getVPE', 'getProducts'), new UnsupportedError('createVPE', VPE_UNKNOWN), lacking);
    expect(v.outcome).toBe('unsupported');
    expect(v.lacking).toEqual([
      { operationId: 'updateVPE', reason: VPE_UNKNOWN },
      { operationId: 'getVPE', reason: VPE_UNKNOWN },
    ]);
    expect(v.reason).toMatch(/updateVPE, getVPE are not implemented by the target: the resource \/vpe is unknown/);
  });

  test('should keep a test blocked by an operation it is not about a Skip naming that operation', () => {
    const v = refusalVerdict(info('createProducts'), new UnsupportedError('createManufacturers', 'the resource /manufacturers is unknown to the target'), lacking);
    expect(v).toEqual({ outcome: 'skip', reason: 'blocked: this test needs createManufacturers, which the target does not implement: the resource /manufacturers is unknown to the target', lacking: [] });
    const b = refusalVerdict(info('updateCustomer'), new BlockedError('createCustomers', 'the run stopped calling createCustomers after 2 answers with 5xx (500, 500)'), lacking);
    expect(b.outcome).toBe('skip');
    expect(b.reason).toMatch(/^blocked: the run stopped calling createCustomers/);
  });

  test('should keep a test a create the run stopped calling blocked a Skip naming it, its operations the target lacks Unsupported alone', () => {
    const gx32 = (id: string): string | undefined => (id === 'getCategoryProducts' ? 'the target does not route /categories/{category_id}/products' : undefined);
    const v = refusalVerdict(info('getCategory', 'getCategoryChildren', 'getCategoryProducts'), new BlockedError('createCategories', 'the run stopped calling createCategories after 2 answers with 5xx (500, 500)'), gx32);
    expect(v.outcome).toBe('skip');
    expect(v.reason).toMatch(/^blocked: the run stopped calling createCategories/);
    expect(v.lacking).toEqual([{ operationId: 'getCategoryProducts', reason: 'the target does not route /categories/{category_id}/products' }]);
  });

  test('should make the refused operation itself Unsupported without knowing anything else', () => {
    const v = refusalVerdict(info('getVPE'), new UnsupportedError('getVPE', VPE_UNKNOWN));
    expect(v).toEqual({ outcome: 'unsupported', reason: `unsupported: getVPE is not implemented by the target: ${VPE_UNKNOWN}`, lacking: [{ operationId: 'getVPE', reason: VPE_UNKNOWN }] });
  });
});
