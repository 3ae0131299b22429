// Shop information (read only): `fields` keeps exactly the named fields of the one record.
import { test } from '../../fixtures/factories/index.js';
import { judgeFieldsSingle } from '../../fixtures/list-rules.js';
import { specOperations } from '../../fixtures/spec-ops.js';

const ops = await specOperations();

if (ops.inScope('shop_information')) test.describe('shop information', () => {
  test.skip(!ops.has('getShopInformation'), 'the loaded spec has no shop information');

  test('should keep exactly the named fields of the shop information', { tag: ['@shop_information', '@rule:fields', '@op:getShopInformation', '@readonly'] }, async ({ kit }) => {
    await judgeFieldsSingle(kit, 'getShopInformation', {}, ['shopName', 'url']);
  });
});
