// When BASE_URL is unset the suites run against the embedded reference shop. playwright.config.ts
// picks a free port once, in the runner process, and hands the URL to workers through the
// environment (workers re-evaluate the config, so it must be decided before they start).
import { execFileSync } from 'node:child_process';

export const EMBEDDED_URL_VAR = 'CONFORMANCE_EMBEDDED_URL';
export const BASE_PATH = '/shop1/api.php/v2';

/** A port that was free a moment ago (found by a child process, so this stays synchronous). */
export function freePortSync(): number {
  const out = execFileSync(process.execPath, ['-e', "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})"], { encoding: 'utf8' });
  const port = Number(out.trim());
  if (!Number.isInteger(port) || port <= 0) throw new Error(`could not find a free port (got "${out}")`);
  return port;
}

/** The embedded shop's URL for this run: reused when the runner already chose one. */
export function embeddedShopUrl(env: NodeJS.ProcessEnv = process.env): string {
  const existing = env[EMBEDDED_URL_VAR];
  if (existing) return existing;
  const url = `http://127.0.0.1:${freePortSync()}${BASE_PATH}`;
  env[EMBEDDED_URL_VAR] = url;
  return url;
}
