// The one place the standalone shop reads its environment: PORT, API_USER, API_PASSWORD,
// SHOP_FAULTS, SHOP_QUIRKS, SHOP_TLS (+ optional SHOP_RATE_LIMIT). Values are checked here and a mistake ends the
// start with one line. Credentials default to the harness's defaults (src/config).
import { DEFAULT_PASSWORD, DEFAULT_USER } from '../src/config/config.js';
import type { ShopOptions } from './shop.js';

/** The variables `npm run shop` reads, for its --help and the README. */
export const SHOP_FIELDS: readonly { env: string; default: string; meaning: string }[] = [
  { env: 'PORT', default: '8080', meaning: 'Port on 127.0.0.1; 0 takes any free one' },
  { env: 'API_USER', default: DEFAULT_USER, meaning: 'Basic-auth user the shop accepts' },
  { env: 'API_PASSWORD', default: DEFAULT_PASSWORD, meaning: 'Basic-auth password the shop accepts' },
  { env: 'SHOP_FAULTS', default: '(none)', meaning: 'Comma-separated named faults to switch on (--list-faults lists them)' },
  { env: 'SHOP_QUIRKS', default: '(none)', meaning: 'Comma-separated habits of real shops to switch on (reference/quirks/)' },
  { env: 'SHOP_TLS', default: '0', meaning: 'Serve HTTPS with a self-signed certificate (1/0)' },
  { env: 'SHOP_RATE_LIMIT', default: '(none)', meaning: 'A rate limit like the vendor\'s, <requests>/<seconds>, e.g. 5000/900' },
  { env: 'SHOP_CHAOS', default: '(none)', meaning: 'all-500 (every answer but the preflight\'s a 500) or overlap-500 (overlapping list reads answer 500)' },
];

export class ShopEnvError extends Error {
  override name = 'ShopEnvError';
}

type Env = Readonly<Record<string, string | undefined>>;

function val(env: Env, name: string): string | undefined {
  const v = env[name];
  return v === undefined || v === '' ? undefined : v;
}

/** A comma-separated list of names (SHOP_FAULTS, SHOP_QUIRKS). */
export function names(raw: string | undefined): string[] {
  return (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean);
}

export function shopOptionsFromEnv(env: Env = process.env): ShopOptions & { port: number } {
  const rawPort = val(env, 'PORT') ?? '8080';
  if (!/^\d+$/.test(rawPort) || Number(rawPort) > 65535) throw new ShopEnvError(`PORT=${rawPort} is not a port number (0-65535).`);
  const rawTls = (val(env, 'SHOP_TLS') ?? '0').toLowerCase();
  if (!['0', '1', 'true', 'false', 'yes', 'no', 'on', 'off'].includes(rawTls)) throw new ShopEnvError(`SHOP_TLS=${rawTls} is not a boolean; use 1 or 0.`);
  const opts: ShopOptions & { port: number } = {
    port: Number(rawPort),
    user: val(env, 'API_USER') ?? DEFAULT_USER,
    password: val(env, 'API_PASSWORD') ?? DEFAULT_PASSWORD,
    faults: names(val(env, 'SHOP_FAULTS')),
    quirks: names(val(env, 'SHOP_QUIRKS')),
    tls: ['1', 'true', 'yes', 'on'].includes(rawTls),
  };
  const rl = val(env, 'SHOP_RATE_LIMIT');
  if (rl !== undefined) {
    const m = /^(\d+)\/(\d+)$/.exec(rl);
    if (!m) throw new ShopEnvError(`SHOP_RATE_LIMIT=${rl} must be <requests>/<seconds>, e.g. 5000/900.`);
    opts.rateLimit = { limit: Number(m[1]), windowSec: Number(m[2]) };
  }
  return opts;
}
