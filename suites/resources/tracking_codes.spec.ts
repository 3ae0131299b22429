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
import { expectRule } from '../../fixtures/evidence.js';
import { checkContext, expectConforms, firstListed, gone, listedIn, step, wrongRequest } from '../../fixtures/requests.js';
import type { FactoryKit, Json } from '../../fixtures/factories/base.js';
import { RULE } from '../../src/checks/rules/registry.js';
import { loadConfig } from '../../src/config/config.js';
import type { Exchange } from '../../src/core/exchange.js';

const config = loadConfig();
const catalogue = await catalogueFor(config.spec, config.errata);
const ops = await specOperations();

const DEPRECATED_OPS = ['postTrackingCodeDeprecated', 'getOrderTrackingCodesDeprecated', 'getTrackingCodesDeprecated', 'getTrackingCodeDeprecated', 'deleteTrackingCodeDeprecated'];

function read(kit: FactoryKit, tag: string, ex: Exchange): { ex: Exchange; records: Json[] } {
  return { ex, records: listedIn(kit, ex, tag) };
}

/** The records the current path answers are those the other answers. */
function expectSame(kit: FactoryKit, tag: string, a: { ex: Exchange; records: readonly Json[] }, b: { ex: Exchange; records: readonly Json[] }, other: string): void {
  expectRule(kit.api, RULE.sameRecords, { first: a.records, second: b.records, other }, { exchange: b.ex, related: [a.ex], tag });
}

// Scoped per test: the deprecated paths are a group of their own (ONLY_GROUPS / SKIP_GROUPS, src/config/scope.ts).
test.describe('tracking codes', () => {
  if (ops.inScope('orders', 'tracking_codes')) test(
    'should create a tracking code under an order, find it with the order, in the list and by id, then delete it',
    { tag: ['@orders', '@tracking_codes', '@op:postTrackingCode', '@op:getOrderTrackingCodes', '@op:getTrackingCodes', '@op:getTrackingCode', '@op:deleteTrackingCodes', '@rule:lifecycle'] },
    async ({ kit, validators }) => {
      requireWrites(kit);
      const tag = 'lifecycle';
      const ctx = checkContext({ catalogue, validators, config });
      const order = await createOrder(kit);
      const order_id = order.id;
      const code = await createTrackingCode(kit, order_id, { intent: 'positive' });
      expectConforms(kit, ctx, code.exchange);
      expectRule(kit.api, RULE.readsBack, { sent: { ...code.input, orderId: String(order_id) }, got: code.record }, { exchange: code.exchange, tag });
      const id = String(code.id);

      const ofOrder = read(kit, tag, await kit.api.call('getOrderTrackingCodes', { path: { order_id } }));
      expectConforms(kit, ctx, ofOrder.ex);
      expectRule(kit.api, RULE.listsCreated, { made: [id], listed: ofOrder.records.map((r) => String(r.id)) }, { exchange: ofOrder.ex, tag });
      const mine = ofOrder.records.filter((r) => String(r.id) === id);
      const global = read(kit, tag, await kit.api.call('getTrackingCodes', { query: { search: code.input.trackingCode } }));
      expectConforms(kit, ctx, global.ex);
      // Nothing else holds its unique code.
      expectSame(kit, tag, { ex: ofOrder.ex, records: mine }, global, 'GET /orders/{id}/tracking_codes');
      const one = await step(kit, 'getTrackingCode', { path: { tracking_code_id: code.id } }, { tag, want: [200], conform: ctx });
      expectSame(kit, tag, { ex: ofOrder.ex, records: mine }, read(kit, tag, one), 'GET /orders/{id}/tracking_codes');

      const del = await step(kit, 'deleteTrackingCodes', { path: { tracking_code_id: code.id } }, { tag, want: [200], conform: ctx });
      await wrongRequest(kit, 'getTrackingCode', { path: { tracking_code_id: code.id }, intent: 'positive' }, gone(tag, [del]));
      const left = read(kit, tag, await kit.api.call('getOrderTrackingCodes', { path: { order_id } }));
      expectRule(kit.api, RULE.unlistedAfterDelete, { deleted: [id], listed: left.records.map((r) => String(r.id)) }, { exchange: left.ex, related: [del], tag });
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
      const tag = 'path-aliases';
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
        const left = read(kit, tag, a);
        expectRule(kit.api, RULE.listsCreated, { made: [String(tracking_code_id)], listed: left.records.map((r) => String(r.id)) }, { exchange: a, tag });
        expectSame(kit, tag, left, read(kit, tag, b), current);
      }
      const del = await step(kit, 'deleteTrackingCodeDeprecated', { path: { tracking_code_id } }, { tag, want: [200], conform: ctx });
      await wrongRequest(kit, 'getTrackingCode', { path: { tracking_code_id }, intent: 'positive' }, gone(tag, [del]));
      await wrongRequest(kit, 'getTrackingCodeDeprecated', { path: { tracking_code_id }, intent: 'positive' }, gone(tag, [del]));
    },
  );

  if (ops.inScope('orders', 'tracking_codes', 'tracking_code')) test(
    'should answer the same existing tracking codes under the deprecated and the current paths',
    {
      tag: ['@orders', '@tracking_codes', '@tracking_code', '@op:getTrackingCodes', '@op:getTrackingCodesDeprecated', '@op:getTrackingCode', '@op:getTrackingCodeDeprecated', '@op:getOrderTrackingCodes', '@op:getOrderTrackingCodesDeprecated', '@rule:path-aliases', '@readonly'],
      annotation: deprecatedAnnotations(catalogue, ['getTrackingCodesDeprecated', 'getTrackingCodeDeprecated', 'getOrderTrackingCodesDeprecated']),
    },
    async ({ kit }) => {
      const tag = 'path-aliases';
      const { record } = await firstListed(kit, tag, 'getTrackingCodes');
      const tracking_code_id = Number(record.id);
      const order_id = Number(record.orderId);
      const pairs: [string, string, Record<string, number>, Record<string, unknown>][] = [
        ['getTrackingCodes', 'getTrackingCodesDeprecated', {}, { search: String(record.trackingCode) }],
        ['getTrackingCode', 'getTrackingCodeDeprecated', { tracking_code_id }, {}],
        ['getOrderTrackingCodes', 'getOrderTrackingCodesDeprecated', { order_id }, {}],
      ];
      for (const [current, old, path, query] of pairs) {
        const a = read(kit, tag, await kit.api.call(current, { path, query }));
        expectSame(kit, tag, a, read(kit, tag, await kit.api.call(old, { path, query })), current);
      }
    },
  );
});
