// The reference shop the peers run against: started in this process (createShop, as the fixtures
// do), one fresh shop per tool run so every run sees the seed, with the requests it serves
// counted by Node's own diagnostics channel, the same counter the probe uses in the harness's shop.
import dc from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import { DEFAULT_PASSWORD, DEFAULT_USER } from '../../src/config/config.js';
import type { ChaosMode } from '../../reference/http/chaos.js';
import { createShop, type RunningShop } from '../../reference/shop.js';

export interface CountingShop {
  shop: RunningShop;
  /** Requests served so far. */
  requests(): number;
  user: string;
  password: string;
  authorization: string;
  close(): Promise<void>;
}

const served = new Map<number, number>();
let subscribed = false;

function subscribe(): void {
  if (subscribed) return;
  subscribed = true;
  dc.subscribe('http.server.request.start', (message) => {
    const port = (message as { request?: IncomingMessage }).request?.socket.localPort;
    if (port !== undefined && served.has(port)) served.set(port, (served.get(port) ?? 0) + 1);
  });
}

/** `chaos`: the bench's all-fail target (SHOP_CHAOS, reference/http/chaos.ts), as the harness's embedded shop gets it. */
export async function startCountingShop(faults: readonly string[] = [], tls = false, chaos?: ChaosMode): Promise<CountingShop> {
  subscribe();
  // The rate limit stays at the shop's default (100000 per 15 min), as for the harness.
  const shop = await createShop({ faults: [...faults], tls, ...(chaos ? { chaos } : {}) });
  const port = Number(new URL(shop.origin).port);
  served.set(port, 0);
  return {
    shop,
    requests: () => served.get(port) ?? 0,
    user: DEFAULT_USER,
    password: DEFAULT_PASSWORD,
    authorization: `Basic ${Buffer.from(`${DEFAULT_USER}:${DEFAULT_PASSWORD}`).toString('base64')}`,
    async close() {
      await shop.close();
      served.delete(port);
    },
  };
}
