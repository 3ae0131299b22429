// The price rules, for both paths the spec gives them (/products/{id}/product_prices... and
// /product_prices/{id}...): prices read back as set; a quantity price is the graduated price of the
// highest threshold not above the quantity, else the group price when above 0, else the base price
// (reference/README.md, "Prices"); a quantity of 0 or below is a 400; a missing product is a 404.
// The vendor describes the graduated bands (a quantity price per threshold) but neither the fallback
// of a group without a group price nor which quantities are refused: those two are our reference
// shop's reading, so a shop that answers otherwise gets an advisory, never a Fail (OUR_PRICING).
import { createProduct, groupPricesFor, type GroupPriceInput } from '../../../fixtures/factories/products.js';
import { requireWrites, type FactoryKit } from '../../../fixtures/factories/index.js';
import { RULE } from '../../../src/checks/rules/registry.js';
import { isObj } from '../../../src/core/json.js';
import { expectHeld, expectRule, show } from '../../../fixtures/evidence.js';
import { project } from '../../../src/checks/basis.js';
import type { Exchange } from '../../../src/core/exchange.js';
import type { Basis } from '../../../src/core/finding.js';
import { single, test } from './catalogue.js';
import { setupStep, step, wrongRequest } from '../../../fixtures/requests.js';

export interface PriceOps {
  /** Tag of the suite's group, e.g. `@products`. */
  group: string;
  get: string;
  put: string;
  quantity: string;
}

/** What the two price rules the vendor does not describe rest on: the reference shop's reading. */
const OUR_PRICING = {
  fallback: project('the fallback of a customer group without a group price to the base price is the reference shop\'s reading (reference/README.md "Prices"); the vendor does not describe it'),
  quantity: project('refusing a quantity of 0 or below with 400 is the reference shop\'s reading (reference/README.md "Prices"); the vendor declares a 400 but not which quantities get it'),
} as const;

async function setPrices(kit: FactoryKit, ops: PriceOps, productId: number, price: number, groups: GroupPriceInput[], rule: string): Promise<{ exchange: Exchange; groupIds: number[] }> {
  // Each group price names a customer group of the target, as a client sends it.
  const sent = await groupPricesFor(kit, groups);
  // The prices are the subject of the lifecycle rule; for the other rules setting them is a setup step.
  const intent = rule === 'lifecycle' ? 'positive' : 'setup';
  const ex = await kit.api.call(ops.put, { path: { product_id: productId }, body: { price, groupPrices: sent }, intent });
  kit.expectSetup(RULE.answers, { status: ex.response.status, transportError: ex.response.transportError, want: 'success', body: ex.response.json }, { exchange: ex, tag: rule }, ops.put, intent);
  const body = single(ex.response.json);
  const answered = body && Array.isArray(body.groupPrices) ? body.groupPrices.filter(isObj) : [];
  const answeredIds = answered.map((g) => Number(g.customerGroupId));
  // The groups the prices went to: the ones named, else (a shop that lists no groups) the answer's first.
  const named = sent.flatMap((g) => (g.customerGroupId === undefined ? [] : [g.customerGroupId]));
  const groupIds = named.length === groups.length ? named : answeredIds.slice(0, groups.length);
  // Each group price sent reads back under its customer group in the answer (the one read-back comparison).
  const want = groups.map((_, k) => ({ customerGroupId: groupIds[k] ?? 'a customer group' }));
  const got = answered.flatMap((g) => (groupIds.includes(Number(g.customerGroupId)) && Number(g.customerGroupId) > 0 ? [{ customerGroupId: Number(g.customerGroupId) }] : []));
  kit.expectSetup(RULE.readsBack, { sent: { groupPrices: want }, got: { groupPrices: got } }, { exchange: ex, tag: rule }, ops.put, intent);
  return { exchange: ex, groupIds };
}

async function quantityPrice(kit: FactoryKit, ops: PriceOps, productId: number, groupId: number, quantity: number): Promise<{ price: number; exchange: Exchange }> {
  // The rule judges the price; the answer's shape is the operation's own check.
  const ex = await step(kit, ops.quantity, { path: { product_id: productId, customer_group_id: groupId, quantity } }, { tag: 'graduated-prices' });
  return { price: Number(single(ex.response.json)?.graduatedPrice), exchange: ex };
}

/** Each case: quantity, the price wanted, why, and what the demand rests on when the vendor does not describe it. */
type PriceCase = readonly [number, number, string, Basis?];

async function expectPrices(kit: FactoryKit, ops: PriceOps, productId: number, groupId: number, cases: readonly PriceCase[], related: Exchange[]): Promise<void> {
  for (const [quantity, want, why, basis] of cases) {
    const got = await quantityPrice(kit, ops, productId, groupId, quantity);
    expectHeld(Math.abs(got.price - want) < 1e-6, kit.api, {
      rule: 'graduated-prices',
      title: `the price of ${quantity} for customer group ${groupId} should be ${want} (${why})`,
      message: `got ${show(single(got.exchange.response.json))}`,
      exchange: got.exchange,
      related,
      ...(basis ? { basis } : {}),
    });
  }
}

/** Defines the price tests of one pair of paths inside the calling suite. */
export function priceTests(ops: PriceOps): void {
  const tags = (rule: string, ...extra: string[]) => [ops.group, `@op:${ops.get}`, `@op:${ops.put}`, `@op:${ops.quantity}`, `@rule:${rule}`, ...extra];

  test(`should read back the base, group and graduated prices set through ${ops.put}`, { tag: tags('lifecycle') }, async ({ kit }) => {
    requireWrites(kit);
    const p = await createProduct(kit, {}, { rule: 'lifecycle' });
    const groups: GroupPriceInput[] = [{ groupPrice: 9.5, graduatedPrices: [{ threshold: 5, graduatedPrice: 8.75 }, { threshold: 20, graduatedPrice: 7.25 }] }];
    const set = await setPrices(kit, ops, p.id, 12.5, groups, 'lifecycle');
    const read = await step(kit, ops.get, { path: { product_id: p.id } });
    const body = single(read.response.json);
    // The answer holds a price per customer group; the one set is judged (the others are the shop's).
    const group = body && Array.isArray(body.groupPrices) ? body.groupPrices.filter(isObj).find((g) => Number(g.customerGroupId) === set.groupIds[0]) : undefined;
    const sent = { price: 12.5, groupPrices: [{ groupPrice: 9.5, graduatedPrices: groups[0]?.graduatedPrices ?? [] }] };
    expectRule(kit.api, RULE.readsBack, { sent, got: { price: body?.price, groupPrices: group ? [group] : [] } }, { exchange: read, related: [set.exchange] });
  });

  test('should answer the graduated price of the quantity band the quantity falls in', { tag: tags('graduated-prices') }, async ({ kit }) => {
    requireWrites(kit);
    const p = await createProduct(kit, {}, { rule: 'graduated-prices' });
    const set = await setPrices(kit, ops, p.id, 10, [{ groupPrice: 9, graduatedPrices: [{ threshold: 5, graduatedPrice: 8.5 }, { threshold: 10, graduatedPrice: 7 }] }], 'graduated-prices');
    const group = set.groupIds[0] as number;
    await expectPrices(kit, ops, p.id, group, [
      [1, 9, 'below the first band: the group price'],
      [5, 8.5, 'the band from 5'],
      [7, 8.5, 'still the band from 5'],
      [10, 7, 'the band from 10, not the one from 5'],
      [250, 7, 'the highest band reached'],
    ], [set.exchange]);
  });

  test('should fall back to the base price for a customer group without a group price', { tag: tags('graduated-prices') }, async ({ kit }) => {
    requireWrites(kit);
    const p = await createProduct(kit, {}, { rule: 'graduated-prices' });
    const set = await setPrices(kit, ops, p.id, 11.5, [{ groupPrice: 0, graduatedPrices: [{ threshold: 50, graduatedPrice: 6 }] }], 'graduated-prices');
    const group = set.groupIds[0] as number;
    await expectPrices(kit, ops, p.id, group, [
      [1, 11.5, 'no group price and no band reached: the base price', OUR_PRICING.fallback],
      [49, 11.5, 'still below the band', OUR_PRICING.fallback],
      [50, 6, 'the band from 50'],
    ], [set.exchange]);
  });

  test('should refuse a quantity of 0 or below with 400', { tag: tags('graduated-prices', '@rule:error-status') }, async ({ kit, checks }) => {
    requireWrites(kit);
    const p = await createProduct(kit, {}, { rule: 'graduated-prices' });
    const set = await setPrices(kit, ops, p.id, 10, [{ groupPrice: 9, graduatedPrices: [] }], 'graduated-prices');
    for (const quantity of [0, -1]) {
      await wrongRequest(kit, ops.quantity, { path: { product_id: p.id, customer_group_id: set.groupIds[0] as number, quantity } }, { want: 400, tag: 'graduated-prices', basis: OUR_PRICING.quantity, conform: checks });
    }
  });

  test('should answer 404 for the prices of a product that does not exist and 400 for an invalid id', { tag: tags('error-status') }, async ({ kit, checks }) => {
    requireWrites(kit);
    const p = await createProduct(kit, {}, { rule: 'error-status' });
    const set = await setPrices(kit, ops, p.id, 10, [{ groupPrice: 9, graduatedPrices: [] }], 'error-status');
    await setupStep(kit, 'deleteProducts', { path: { product_id: [p.id] } });
    await wrongRequest(kit, ops.get, { path: { product_id: p.id } }, { want: 404, conform: checks });
    await wrongRequest(kit, ops.quantity, { path: { product_id: p.id, customer_group_id: set.groupIds[0] as number, quantity: 1 } }, { want: 404, conform: checks });
    await wrongRequest(kit, ops.get, { path: { product_id: 'abc' } }, { want: 400, conform: checks });
  });
}
