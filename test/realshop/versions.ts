// Is the shop that answers the one the phase means to test? After its set-up, one authenticated
// read (GET /customers, the read both recipes check too) must carry the shop version and API
// version shops.ts names. Both recipes' shops send them on successful answers; a recipe that
// installed another release fails the shop's set-up here instead of failing hundreds of cells.
import type { Instance } from './recipe.js';

export interface VersionCheck {
  ok: boolean;
  detail: string;
}

export async function checkVersions(inst: Instance, timeoutMs = 30_000): Promise<VersionCheck> {
  const want = inst.shop.versions;
  let res: Response;
  try {
    res = await fetch(`${inst.baseUrl}/customers`, {
      headers: { authorization: `Basic ${Buffer.from(`${inst.user}:${inst.password}`).toString('base64')}`, 'user-agent': 'shop-api-conformance realshop phase' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.arrayBuffer();
  } catch (err) {
    return { ok: false, detail: `GET /customers: ${err instanceof Error ? err.message : String(err)}` };
  }
  const shop = res.headers.get('x-shop-version');
  const api = res.headers.get('x-api-version');
  const ok = res.status === 200 && shop === want.shop && api === want.api;
  return {
    ok,
    detail: ok
      ? `X-Shop-Version ${shop}, X-API-Version ${api}`
      : `GET /customers answered ${res.status} with X-Shop-Version ${shop ?? '(none)'}, X-API-Version ${api ?? '(none)'}; expected 200 with ${want.shop}, ${want.api}`,
  };
}
