// judgeStable (suites/properties/support/lists.ts): a list property's failure (a rule its judgement
// threw) stands only when the list held still and the failure shows again on it; a record another worker made and deleted
// between two reads of an equal list is no verdict.
import fc from 'fast-check';
import { expect, test } from '@playwright/test';
import type { ApiClient } from '../../src/client/api-client.js';
import { ConformanceError } from '../../src/checks/runner.js';
import type { Exchange } from '../../src/core/exchange.js';
import type { Operation } from '../../src/spec/types.js';
import { judgeStable, type Listing } from '../../suites/properties/support/lists.js';

const op = { id: 'getCategories', method: 'get', path: '/categories' } as unknown as Operation;

function listing(ids: number[]): Listing {
  const items = ids.map((id) => ({ id }));
  const exchange: Exchange = { request: { method: 'GET', url: 'https://shop.test/api.php/v2/categories', headers: {}, auth: 'default' }, response: { status: 200, headers: {}, json: items, text: JSON.stringify(items), durationMs: 1 }, intent: 'positive', operationId: op.id };
  return { exchange, items };
}

/** A client whose every list read answers the given records. */
function api(ids: number[]): ApiClient {
  return { call: () => Promise.resolve(listing(ids).exchange), catalogue: { operations: [] }, alone: async <T>(fn: () => Promise<T>) => ({ value: await fn(), alone: true }) } as unknown as ApiClient;
}

const problem = new ConformanceError([{ check: 'rule:link-header', operationId: op.id, outcome: 'fail', title: 'rel="last" points to page 7, should be 6', message: 'm', severity: 'major' }]);

test.describe('judgeStable @unit', () => {
  test('should let a failure stand when the list held still and it shows again, judged alone', async () => {
    let judged = 0;
    const err = await judgeStable(api([1, 2]), op, {}, listing([1, 2]), () => {
      judged++;
      return Promise.reject(problem);
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConformanceError);
    expect((err as ConformanceError).findings).toEqual(problem.findings);
    expect(judged).toBe(2);
  });

  test('should give no verdict when a failure on a list that held still does not show again', async () => {
    const results = [problem, undefined];
    const err = await judgeStable(api([1, 2]), op, {}, listing([1, 2]), () => {
      const r = results.shift();
      return r ? Promise.reject(r) : Promise.resolve();
    }).catch((e: unknown) => e);
    // The run is discarded (fc.pre), never a failure.
    expect(err).not.toBe(problem);
    expect(fc.PreconditionFailure.isFailure(err)).toBe(true);
  });

  test('should judge again on the new list when the list changed meanwhile', async () => {
    const seen: number[] = [];
    const out = await judgeStable(api([1, 2, 3]), op, {}, listing([1, 2]), (s) => {
      seen.push(s.items.length);
      return s.items.length === 2 ? Promise.reject(problem) : Promise.resolve();
    });
    expect(seen).toEqual([2, 3]);
    expect(out.items).toHaveLength(3);
  });
});
