// Payment details of an order: the spec gives two paths for them, GET /orders/{id}/payment_details
// and GET /payment_details/{order_id}. Both must answer the same (declared ShopPaymentDetails) for
// an order the test made and for an existing one (@rule:path-aliases). The API has no operation
// that writes payment details, so what they hold is not asserted, only that both paths agree.
import { specOperations } from '../../fixtures/spec-ops.js';
import { test, requireWrites } from '../../fixtures/factories/index.js';
import { createOrder } from '../../fixtures/factories/orders.js';
import { expectRule } from '../../fixtures/evidence.js';
import { checkContext, expectConforms, firstListed, step } from '../../fixtures/requests.js';
import type { FactoryKit } from '../../fixtures/factories/base.js';
import type { CheckContext } from '../../src/checks/types.js';
import { RULE } from '../../src/checks/rules/registry.js';

const ops = await specOperations();

async function expectSameDetails(kit: FactoryKit, order_id: number, ctx?: CheckContext): Promise<void> {
  const tag = 'path-aliases';
  const viaOrder = await step(kit, 'getOrderPaymentDetails', { path: { order_id } }, { tag, want: [200] });
  const direct = await step(kit, 'getPaymentDetails', { path: { order_id } }, { tag, want: [200] });
  if (ctx) {
    expectConforms(kit, ctx, viaOrder);
    expectConforms(kit, ctx, direct);
  }
  expectRule(kit.api, RULE.sameRecords, { first: [viaOrder.response.json], second: [direct.response.json], other: 'GET /orders/{id}/payment_details' }, { exchange: direct, related: [viaOrder] });
}

if (ops.inScope('orders', 'payment_details')) test.describe('payment details', () => {
  test(
    'should answer the same payment details under both paths for its own order',
    { tag: ['@orders', '@payment_details', '@op:getOrderPaymentDetails', '@op:getPaymentDetails', '@op:createOrder', '@rule:path-aliases'] },
    async ({ kit, catalogue, validators, config }) => {
      requireWrites(kit);
      const order = await createOrder(kit);
      await expectSameDetails(kit, order.id, checkContext({ catalogue, validators, config }));
    },
  );

  test(
    'should answer the same payment details under both paths for an existing order',
    { tag: ['@orders', '@payment_details', '@op:getOrderPaymentDetails', '@op:getPaymentDetails', '@rule:path-aliases', '@readonly'] },
    async ({ kit }) => {
      const { record } = await firstListed(kit, 'path-aliases', 'getOrdersMultiple');
      await expectSameDetails(kit, Number(record.id));
    },
  );
});
