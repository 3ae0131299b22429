// `npm run shop`: the reference shop alone on 127.0.0.1. `npm run shop -- --list-faults` prints the
// named faults. Stops cleanly on SIGINT/SIGTERM. `SHOP_CHAOS=all-500` (bench) breaks every answer
// but what the preflight needs, `SHOP_CHAOS=overlap-500` answers 500 to overlapping list reads
// (http/chaos.ts). `SHOP_QUIRKS=a,b` switches on habits of real shops (quirks/).
import { shopOptionsFromEnv, ShopEnvError } from './env.js';
import { listFaults, UnknownFaultError } from './faults/registry.js';
import { chaosFromEnv } from './http/chaos.js';
import { UnknownQuirkError } from './quirks/registry.js';
import { createShop } from './shop.js';

async function main(): Promise<void> {
  if (process.argv.includes('--list-faults')) {
    process.stdout.write(`${listFaults().join('\n')}\n`);
    return;
  }
  const opts = shopOptionsFromEnv();
  // SHOP_CHAOS (http/chaos.ts) is read here, not in env.ts, to keep it off the options everything
  // else shares.
  const chaos = chaosFromEnv(process.env.SHOP_CHAOS);
  const shop = await createShop({ ...opts, host: '127.0.0.1', ...(chaos ? { chaos } : {}) });
  const faults = opts.faults?.length ? ` with faults: ${opts.faults.join(', ')}` : '';
  const quirks = opts.quirks?.length ? ` with quirks: ${opts.quirks.join(', ')}` : '';
  process.stdout.write(`Reference shop listening on ${shop.url}${faults}${quirks}${chaos ? ` in chaos mode ${chaos}` : ''}\n`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${signal}: stopping the reference shop\n`);
    shop.close().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`error while stopping: ${String(err)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  if (err instanceof ShopEnvError || err instanceof UnknownFaultError || err instanceof UnknownQuirkError) {
    process.stderr.write(`Reference shop: ${err.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`Reference shop failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
