// Fixtures of the shop self-tests: one in-process reference shop per worker (the spec loads once
// per process), put back to its seed before every test, and an authenticated request context.
import { test as base, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { DEFAULT_PASSWORD, DEFAULT_USER } from '../../../src/config/config.js';
import { createShop, type RunningShop } from '../../../reference/shop.js';
import { loadSpec, type LoadedSpec } from '../../../reference/spec-cache.js';

export const AUTH = `Basic ${Buffer.from(`${DEFAULT_USER}:${DEFAULT_PASSWORD}`).toString('base64')}`;

interface WorkerFixtures {
  shop: RunningShop;
  spec: LoadedSpec;
}

interface TestFixtures {
  /** Requests to the shop's API root with the admin credentials (relative paths without a leading slash). */
  api: APIRequestContext;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  spec: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use(await loadSpec());
    },
    { scope: 'worker' },
  ],
  shop: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const shop = await createShop();
      await use(shop);
      await shop.close();
    },
    { scope: 'worker' },
  ],
  api: async ({ shop }, use) => {
    shop.reset();
    const ctx = await playwrightRequest.newContext({ baseURL: `${shop.url}/`, extraHTTPHeaders: { Authorization: AUTH } });
    await use(ctx);
    await ctx.dispose();
  },
});

export { expect } from '@playwright/test';
