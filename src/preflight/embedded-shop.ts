// The embedded reference shop of a run without BASE_URL, started in the runner's own process by the
// global setup (and closed by the teardown it returns) instead of a Playwright webServer: a second
// Node process cost ~150 MB of RSS and a second load of the spec the runner has loaded already, and
// the runner mostly idles while workers test. `npm run shop` still starts the shop alone.
// SHOP_FAULTS (named faults), SHOP_QUIRKS (habits of real shops) and SHOP_CHAOS (chaos modes) are
// read as `npm run shop` reads them; a wrong value ends the run with one line, as the shop alone would.
import type { HarnessConfig } from '../config/config.js';

export interface EmbeddedShop {
  close(): Promise<void>;
}

/** Starts the reference shop on the port of `url` (chosen free by playwright.config.ts). */
export async function startEmbeddedShop(config: HarnessConfig, url: string, env: NodeJS.ProcessEnv = process.env): Promise<EmbeddedShop> {
  // Imported here: a run against BASE_URL never loads the shop.
  const [{ createShop }, { chaosFromEnv }, { names, ShopEnvError }, { UnknownFaultError }, { UnknownQuirkError }] = await Promise.all([
    import('../../reference/shop.js'),
    import('../../reference/http/chaos.js'),
    import('../../reference/env.js'),
    import('../../reference/faults/registry.js'),
    import('../../reference/quirks/registry.js'),
  ]);
  try {
    const chaos = chaosFromEnv(env.SHOP_CHAOS);
    const port = Number(new URL(url).port);
    return await createShop({ faults: names(env.SHOP_FAULTS), quirks: names(env.SHOP_QUIRKS), user: config.apiUser, password: config.apiPassword, host: '127.0.0.1', port, ...(chaos ? { chaos } : {}) });
  } catch (err) {
    if (err instanceof ShopEnvError || err instanceof UnknownFaultError || err instanceof UnknownQuirkError) {
      process.stderr.write(`\nThe embedded reference shop did not start: ${err.message}\n\n`);
      process.exit(2);
    }
    throw err;
  }
}
