// A fresh reference shop and one worker session on it, for self-tests of harness mechanics that
// need real answers (cleanup plans, list seeds, shared records, probe sharing): the session's
// REPORT_DIR is a temporary folder, and the shop and transport are closed after the body.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createShop, type RunningShop, type ShopOptions } from '../../../reference/shop.js';
import { nodeTransport, type HttpTransport } from '../../../src/client/http.js';
import { Session } from '../../../src/client/session.js';
import { BUNDLED_SPEC, loadConfig } from '../../../src/config/config.js';
import { catalogueFor } from '../../../src/spec/cache.js';

export const catalogue = await catalogueFor(BUNDLED_SPEC, undefined);

/**
 * Runs `body` with a session (RUN_ID `runId`) on a fresh reference shop (with the faults and quirks
 * `shopWith` names); `wrap` may put a transport of the test's around the real one
 * (to record requests or rewrite answers); `env` adds settings to the session's config (DEPTH).
 */
export async function onShopSession(
  runId: string,
  body: (t: { session: Session; reportDir: string; shop: RunningShop }) => Promise<void>,
  wrap: (inner: HttpTransport) => HttpTransport = (t) => t,
  shopWith: Pick<ShopOptions, 'faults' | 'quirks'> = {},
  env: Record<string, string> = {},
): Promise<void> {
  const shop = await createShop(shopWith);
  const transport = wrap(nodeTransport());
  try {
    const reportDir = mkdtempSync(path.join(tmpdir(), `${runId}-`));
    const config = loadConfig({ ...env, BASE_URL: shop.url, REPORT_DIR: reportDir, RUN_ID: runId });
    await body({ session: new Session({ config, catalogue, transport, apiRoot: shop.url, ephemeral: false, workerIndex: 0 }), reportDir, shop });
  } finally {
    transport.close();
    await shop.close();
  }
}
