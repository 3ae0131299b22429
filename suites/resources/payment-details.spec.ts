// Payment details of an order: the spec gives two paths for them, GET /orders/{id}/payment_details
// and GET /payment_details/{order_id}. Both must answer the same (declared ShopPaymentDetails) for
// an order the test made and for an existing one (@rule:path-aliases). The API has no operation
// that writes payment details, so what they hold is not asserted, only that both paths agree.
import { specOperations } from '../../fixtures/spec-ops.js';
import { test, requireWrites } from '../../fixtures/factories/index.js';
import { createOrder } from '../../fixtures/factories/orders.js';
import { expectHeld, expectStatus, show } from '../../fixtures/evidence.js';
import { checkContext, expectConforms, firstListed } from '../../fixtures/order-rules.js';
import { sameJson, type FactoryKit } from '../../fixtures/factories/base.js';
import type { CheckContext } from '../../src/checks/types.js';

const ops = await specOperations();

async function expectSameDetails(kit: FactoryKit, order_id: number, ctx?: CheckContext): Promise<void> {
  const rule = 'path-aliases';
  const viaOrder = await kit.api.call('getOrderPaymentDetails', { path: { order_id } });
  const direct = await kit.api.call('getPaymentDetails', { path: { order_id } });
  expectStatus(kit.api, rule, viaOrder, 200, 'GET /orders/{id}/payment_details should answer 200');
  expectStatus(kit.api, rule, direct, 200, 'GET /payment_details/{order_id} should answer 200');
  if (ctx) {
    expectConforms(kit, ctx, viaOrder);
    expectConforms(kit, ctx, direct);
  }
  expectHeld(sameJson(viaOrder.response.json, direct.response.json), kit.api, {
    rule,
    title: 'GET /payment_details/{order_id} should answer the same as GET /orders/{id}/payment_details',
    message: `${show(direct.response.json)} vs ${show(viaOrder.response.json)}`,
    exchange: direct,
    related: [viaOrder],
  });
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
