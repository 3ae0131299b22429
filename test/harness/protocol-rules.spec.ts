// Unit tests of the pure judgements behind suites/resources/protocol.spec.ts: the X-Rate-Limit
// headers of one answer, Remaining across answers, and `_links`. The named faults prove the
// suite catches a missing header or an ignored disable_links; these show the judgements also
// catch the subtler defects no fault covers (a seconds-to-go Reset, a link to the wrong record).
import { expect, test } from '@playwright/test';
import type { Exchange } from '../../src/core/exchange.js';
import { linkProblems, linksFound, referringIds } from '../../suites/resources/support/links.js';
import { readRateLimit, remainingRose } from '../../suites/resources/support/rate-limit-headers.js';

const NOW_MS = Date.UTC(2030, 0, 1, 12, 0, 0);
const NOW = NOW_MS / 1000;
const ROOT = 'https://shop.example.test/shop1/api.php/v2';

function answer(headers: Record<string, string>): Exchange {
  return {
    request: { method: 'GET', url: `${ROOT}/languages`, headers: {}, auth: 'default' },
    response: { status: 200, headers, text: '[]', durationMs: 1 },
    intent: 'positive',
  };
}

function rate(limit: string, remaining: string, reset: string, extra: Record<string, string> = {}): Exchange {
  return answer({ 'x-rate-limit-limit': limit, 'x-rate-limit-remaining': remaining, 'x-rate-limit-reset': reset, ...extra });
}

test.describe('rate-limit headers @harness', () => {
  test('should accept well-formed headers with a reset inside the next window', () => {
    const r = readRateLimit(rate('5000', '4999', String(NOW + 600)), NOW_MS);
    expect(r.problems).toEqual([]);
    expect(r.values).toEqual({ limit: 5000, remaining: 4999, reset: NOW + 600 });
  });

  test('should name every missing header', () => {
    const r = readRateLimit(answer({ 'x-rate-limit-limit': '5000' }), NOW_MS);
    expect(r.values).toBeUndefined();
    expect(r.problems.join()).toContain('X-Rate-Limit-Remaining, X-Rate-Limit-Reset');
  });

  test('should refuse a zero limit, a remaining above the limit and non-integers', () => {
    expect(readRateLimit(rate('0', '0', String(NOW + 60)), NOW_MS).problems.join()).toContain('not a positive integer');
    expect(readRateLimit(rate('100', '101', String(NOW + 60)), NOW_MS).problems.join()).toContain('above X-Rate-Limit-Limit');
    expect(readRateLimit(rate('100', '-1', String(NOW + 60)), NOW_MS).problems.join()).toContain('not an integer');
    expect(readRateLimit(rate('100', '5', 'soon'), NOW_MS).problems.join()).toContain('not an integer (epoch seconds)');
  });

  test('should refuse a reset given as seconds to go, in milliseconds, or long past', () => {
    expect(readRateLimit(rate('100', '5', '900'), NOW_MS).problems.join()).toContain('seconds to go');
    expect(readRateLimit(rate('100', '5', String(NOW_MS + 60_000)), NOW_MS).problems.join()).toContain('milliseconds');
    expect(readRateLimit(rate('100', '5', String(NOW - 120)), NOW_MS).problems.join()).toContain('in the past');
    expect(readRateLimit(rate('100', '5', String(NOW + 3600)), NOW_MS).problems.join()).toContain('15-minute window');
  });

  test("should judge the reset by the shop's Date header when it sends one", () => {
    const shopNow = NOW + 7200; // the shop's clock is two hours ahead of ours
    const ex = rate('100', '5', String(shopNow + 60), { date: new Date(shopNow * 1000).toUTCString() });
    const r = readRateLimit(ex, NOW_MS);
    expect(r.problems).toEqual([]);
    expect(r.now).toEqual({ seconds: shopNow, source: 'Date header' });
  });

  test('should see Remaining rise only within the same window', () => {
    expect(remainingRose({ limit: 10, remaining: 5, reset: NOW }, { limit: 10, remaining: 6, reset: NOW })).toBe(true);
    expect(remainingRose({ limit: 10, remaining: 5, reset: NOW }, { limit: 10, remaining: 2, reset: NOW })).toBe(false);
    expect(remainingRose({ limit: 10, remaining: 0, reset: NOW }, { limit: 10, remaining: 9, reset: NOW + 900 })).toBe(false);
  });
});

test.describe('_links @harness', () => {
  const base = `${ROOT}/addresses/7`;

  test('should accept absolute and relative links to the referred records and ignore zero ids', () => {
    const rec = { id: 7, customerId: 3, countryId: 81, zoneId: 0, _links: { customer: `${ROOT}/customers/3`, country: '../countries/81' } };
    expect(referringIds(rec).map((d) => d.field)).toEqual(['customerId', 'countryId']);
    expect(linkProblems(rec, base)).toEqual([]);
  });

  test('should ask for nothing when a record refers to nothing', () => {
    expect(linkProblems({ id: 1, name: 'x' }, base)).toEqual([]);
  });

  test('should name missing _links, a missing key and a link to the wrong record', () => {
    expect(linkProblems({ id: 7, customerId: 3 }, base).join()).toContain('no _links');
    expect(linkProblems({ id: 7, customerId: 3, countryId: 81, _links: { customer: `${ROOT}/customers/3` } }, base).join()).toContain('no _links.country');
    expect(linkProblems({ id: 7, customerId: 3, _links: { customer: `${ROOT}/customers/33` } }, base).join()).toContain('should point to /customers/3');
    expect(linkProblems({ id: 7, ordersId: 5, _links: { orders: `${ROOT}/customers/5` } }, base).join()).toContain('should point to /orders/5');
  });

  test('should find _links at any depth', () => {
    expect(linksFound([{ id: 1 }, { id: 2, address: { _links: {} } }, { _links: {} }])).toEqual(['$[1].address._links', '$[2]._links']);
    expect(linksFound({ id: 1, customerId: 3 })).toEqual([]);
  });
});
