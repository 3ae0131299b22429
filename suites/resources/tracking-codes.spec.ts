// Tracking codes: created under an order (POST /orders/{id}/tracking_codes), listed with the order
// and in the global list (/tracking_codes, found by its unique code with `search`), read by id,
// deleted. The deprecated forms (/orders/{id}/tracking_code, /tracking_code, /tracking_code/{id})
// must behave the same as the current ones: same records, same effect (@rule:path-aliases).
//
// Deprecation: tests exercising a deprecated operation carry one annotation per such operation,
// `{ type: 'deprecated', description: '<operationId>: <why>' }` (fixtures/deprecated.ts); reports
// read it to flag the operation. Our spec says it through the tag `tracking_code` ("old form
// (deprecated)") and the operationIds; a spec with `deprecated: true` is read the same way.
import { specOperations } from '../../fixtures/spec-ops.js';
import { test, requireWrites } from '../../fixtures/factories/index.js';
import { catalogueFor } from '../../src/spec/cache.js';
import { deprecatedAnnotations } from '../../fixtures/deprecated.js';
import { createOrder, createTrackingCode } from '../../fixtures/factories/orders.js';
import { expectHeld, expectStatus, show } from '../../fixtures/evidence.js';
import { checkContext, expectConforms, expectGone, expectSameRecords, firstListed, listOf, notCovered } from '../../fixtures/order-rules.js';
import type { FactoryKit, Json } from '../../fixtures/factories/base.js';
import { loadConfig } from '../../src/config/config.js';
import type { Exchange } from '../../src/core/exchange.js';

const config = loadConfig();
const catalogue = await catalogueFor(config.spec, config.errata);
const ops = await specOperations();

const DEPRECATED_OPS = ['postTrackingCodeDeprecated', 'getOrderTrackingCodesDeprecated', 'getTrackingCodesDeprecated', 'getTrackingCodeDeprecated', 'deleteTrackingCodeDeprecated'];

function read(kit: FactoryKit, rule: string, ex: Exchange, what: string): { ex: Exchange; records: Json[] } {
  return { ex, records: listOf(kit, rule, ex, what) };
}

// Scoped per test: the deprecated paths are a group of their own (ONLY_GROUPS / SKIP_GROUPS, src/config/scope.ts).
test.describe('tracking codes', () => {
  if (ops.inScope('orders', 'tracking_codes')) test(
    'should create a tracking code under an order, find it with the order, in the list and by id, then delete it',
    { tag: ['@orders', '@tracking_codes', '@op:postTrackingCode', '@op:getOrderTrackingCodes', '@op:getTrackingCodes', '@op:getTrackingCode', '@op:deleteTrackingCodes', '@rule:lifecycle'] },
    async ({ kit, validators }) => {
      requireWrites(kit);
      const rule = 'lifecycle';
      const ctx = checkContext({ catalogue, validators, config });
      const order = await createOrder(kit);
      const order_id = order.id;
      const code = await createTrackingCode(kit, order_id, { intent: 'positive' });
      expectConforms(kit, ctx, code.exchange);
      const problems = notCovered({ ...code.input, orderId: String(order_id) }, code.record);
      expectHeld(!problems.length, kit.api, { rule, title: 'the create should answer the tracking code as sent, for its order', message: problems.join('; '), exchange: code.exchange });
      const id = String(code.id);

      const ofOrder = read(kit, rule, await kit.api.call('getOrderTrackingCodes', { path: { order_id } }), `GET /orders/${order_id}/tracking_codes`);
      expectConforms(kit, ctx, ofOrder.ex);
      const mine = ofOrder.records.find((r) => String(r.id) === id);
      expectHeld(mine !== undefined, kit.api, { rule, title: "the order's tracking codes should list the new code", message: `code ${id} not among ${show(ofOrder.records.map((r) => r.id))}`, exchange: ofOrder.ex });
      const global = read(kit, rule, await kit.api.call('getTrackingCodes', { query: { search: code.input.trackingCode } }), 'GET /tracking_codes?search=<code>');
      expectConforms(kit, ctx, global.ex);
      expectSameRecords(kit, rule, { ex: ofOrder.ex, records: [mine] }, global, 'GET /tracking_codes should list the new code as the order lists it (and nothing else with its unique code)');
      const one = await kit.api.call('getTrackingCode', { path: { tracking_code_id: code.id } });
      expectStatus(kit.api, rule, one, 200, 'GET /tracking_codes/{id} should read the new code');
      expectConforms(kit, ctx, one);
      expectSameRecords(kit, rule, { ex: ofOrder.ex, records: [mine] }, read(kit, rule, one, 'GET /tracking_codes/{id}'), 'GET /tracking_codes/{id} should answer the code as the order lists it');

      const del = await kit.api.call('deleteTrackingCodes', { path: { tracking_code_id: code.id } });
      expectStatus(kit.api, rule, del, 200, 'DELETE /tracking_codes/{id} should answer 200');
      expectConforms(kit, ctx, del);
      expectGone(kit, rule, await kit.api.call('getTrackingCode', { path: { tracking_code_id: code.id } }), 'the deleted tracking code', [del]);
      const left = read(kit, rule, await kit.api.call('getOrderTrackingCodes', { path: { order_id } }), `GET /orders/${order_id}/tracking_codes`);
      expectHeld(!left.records.some((r) => String(r.id) === id), kit.api, { rule, title: 'the deleted code should leave the order', message: show(left.records), exchange: left.ex, related: [del] });
    },
  );

  if (ops.inScope('orders', 'tracking_codes', 'tracking_code')) test(
    'should behave the same under the deprecated tracking code paths',
    {
      tag: [
        '@orders',
        '@tracking_codes',
        '@tracking_code',
        '@op:postTrackingCodeDeprecated',
        '@op:getOrderTrackingCodesDeprecated',
        '@op:getTrackingCodesDeprecated',
        '@op:getTrackingCodeDeprecated',
        '@op:deleteTrackingCodeDeprecated',
        '@op:getOrderTrackingCodes',
        '@op:getTrackingCodes',
        '@op:getTrackingCode',
        '@rule:path-aliases',
      ],
      annotation: deprecatedAnnotations(catalogue, DEPRECATED_OPS),
    },
    async ({ kit, validators }) => {
      requireWrites(kit);
      const rule = 'path-aliases';
      const ctx = checkContext({ catalogue, validators, config });
      const order = await createOrder(kit);
      const order_id = order.id;
      const code = await createTrackingCode(kit, order_id, { deprecated: true, intent: 'positive' });
      expectConforms(kit, ctx, code.exchange);
      const tracking_code_id = code.id;
      const search = { search: code.input.trackingCode };
      const pairs: [string, string, Record<string, number>, Record<string, unknown>][] = [
        ['getOrderTrackingCodes', 'getOrderTrackingCodesDeprecated', { order_id }, {}],
        ['getTrackingCodes', 'getTrackingCodesDeprecated', {}, search],
        ['getTrackingCode', 'getTrackingCodeDeprecated', { tracking_code_id }, {}],
      ];
      for (const [current, old, path, query] of pairs) {
        const a = await kit.api.call(current, { path, query });
        const b = await kit.api.call(old, { path, query });
        expectConforms(kit, ctx, b);
        const left = read(kit, rule, a, current);
        expectHeld(left.records.some((r) => String(r.id) === String(tracking_code_id)), kit.api, { rule, title: `${current} should answer the code created through the deprecated path`, message: show(left.records), exchange: a });
        expectSameRecords(kit, rule, left, read(kit, rule, b, old), `deprecated ${old} should answer the same as ${current}`);
      }
      const del = await kit.api.call('deleteTrackingCodeDeprecated', { path: { tracking_code_id } });
      expectStatus(kit.api, rule, del, 200, 'the deprecated DELETE /tracking_code/{id} should answer 200');
      expectConforms(kit, ctx, del);
      expectGone(kit, rule, await kit.api.call('getTrackingCode', { path: { tracking_code_id } }), 'a code deleted through the deprecated path, read through the current one', [del]);
      expectGone(kit, rule, await kit.api.call('getTrackingCodeDeprecated', { path: { tracking_code_id } }), 'a code deleted through the deprecated path', [del]);
    },
  );

  if (ops.inScope('orders', 'tracking_codes', 'tracking_code')) test(
    'should answer the same existing tracking codes under the deprecated and the current paths',
    {
      tag: ['@orders', '@tracking_codes', '@tracking_code', '@op:getTrackingCodes', '@op:getTrackingCodesDeprecated', '@op:getTrackingCode', '@op:getTrackingCodeDeprecated', '@op:getOrderTrackingCodes', '@op:getOrderTrackingCodesDeprecated', '@rule:path-aliases', '@readonly'],
      annotation: deprecatedAnnotations(catalogue, ['getTrackingCodesDeprecated', 'getTrackingCodeDeprecated', 'getOrderTrackingCodesDeprecated']),
    },
    async ({ kit }) => {
      const rule = 'path-aliases';
      const { record } = await firstListed(kit, rule, 'getTrackingCodes');
      const tracking_code_id = Number(record.id);
      const order_id = Number(record.orderId);
      const pairs: [string, string, Record<string, number>, Record<string, unknown>][] = [
        ['getTrackingCodes', 'getTrackingCodesDeprecated', {}, { search: String(record.trackingCode) }],
        ['getTrackingCode', 'getTrackingCodeDeprecated', { tracking_code_id }, {}],
        ['getOrderTrackingCodes', 'getOrderTrackingCodesDeprecated', { order_id }, {}],
      ];
      for (const [current, old, path, query] of pairs) {
        const a = read(kit, rule, await kit.api.call(current, { path, query }), current);
        expectSameRecords(kit, rule, a, read(kit, rule, await kit.api.call(old, { path, query }), old), `deprecated ${old} should answer the same as ${current}`);
      }
    },
  );
});
