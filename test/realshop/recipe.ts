// The real-shop recipe (shared/realshop: setup.sh, start.sh, stop.sh, common.sh), driven for one
// instance of its own: GAMBIO_ROOT=/tmp/gambio/npm-test and GAMBIO_PORT=8091 unless REALSHOP_ROOT /
// REALSHOP_PORT say otherwise, so a developer's shop (the recipe's default /tmp/gambio/rerun on
// 8089) is never touched.
//
// PHP: the recipe honours env PHP. We point it at a wrapper that turns off opcache's file
// revalidation delay: with opcache on for the built-in server and revalidate_freq=2, the installer
// reads the includes/configure.php it has just rewritten from the stale cache (the one that
// redirects to gambio_installer/) and fails with "get_countries has no Germany (81)". The wrapper
// `exec`s php7.4, so the server process keeps the name stop.sh checks.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Instance {
  /** The recipe folder (holding setup.sh). */
  dir: string;
  root: string;
  port: number;
  /** API base URL, e.g. http://127.0.0.1:8091/api.php/v2 */
  baseUrl: string;
  socket: string;
  serverLog: string;
  user: string;
  password: string;
}

/** The recipe's admin account (common.sh: ADMIN_EMAIL / ADMIN_PASS). */
export const SHOP_USER = 'admin@example.com';
export const SHOP_PASSWORD = 'admin12345';

export class RecipeError extends Error {
  override name = 'RecipeError';
}

/** REALSHOP_DIR, else <repo>/../shared/realshop, else /work/shared/realshop; the first holding setup.sh. */
export function findRecipe(repoRoot: string, env: NodeJS.ProcessEnv = process.env): string {
  const explicit = env.REALSHOP_DIR;
  if (explicit !== undefined && explicit !== '') {
    const dir = path.resolve(repoRoot, explicit);
    if (!existsSync(path.join(dir, 'setup.sh'))) throw new RecipeError(`recipe not found: REALSHOP_DIR=${explicit} holds no setup.sh`);
    return dir;
  }
  const candidates = [path.resolve(repoRoot, '../shared/realshop'), '/work/shared/realshop'];
  const dir = candidates.find((d) => existsSync(path.join(d, 'setup.sh')));
  if (!dir) throw new RecipeError(`recipe not found (no setup.sh in ${candidates.join(' or ')}; set REALSHOP_DIR)`);
  return dir;
}

export function instance(dir: string, env: NodeJS.ProcessEnv = process.env): Instance {
  const root = path.resolve(env.REALSHOP_ROOT || '/tmp/gambio/npm-test');
  const portText = env.REALSHOP_PORT || '8091';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new RecipeError(`REALSHOP_PORT=${portText} is not a port`);
  return {
    dir,
    root,
    port,
    baseUrl: `http://127.0.0.1:${port}/api.php/v2`,
    socket: path.join(root, 'run/mysqld.sock'),
    serverLog: path.join(root, 'log/php-server.log'),
    user: SHOP_USER,
    password: SHOP_PASSWORD,
  };
}

/** Writes the PHP wrapper into the instance root; returns its path. */
export function writePhpWrapper(inst: Instance): string {
  mkdirSync(inst.root, { recursive: true });
  const file = path.join(inst.root, 'php-opcache-fresh.sh');
  writeFileSync(file, '#!/bin/sh\n# written by test/realshop: opcache must not serve the installer a stale configure.php\nexec php7.4 -d opcache.revalidate_freq=0 "$@"\n');
  chmodSync(file, 0o755);
  return file;
}

function recipeEnv(inst: Instance): NodeJS.ProcessEnv {
  return { ...process.env, GAMBIO_ROOT: inst.root, GAMBIO_PORT: String(inst.port), PHP: path.join(inst.root, 'php-opcache-fresh.sh') };
}

export interface ScriptResult {
  status: number;
  output: string;
  ms: number;
}

/** Runs one recipe script with the instance's environment; its output is returned, not printed. */
export function runScript(inst: Instance, script: string, args: string[] = []): ScriptResult {
  const t0 = Date.now();
  const r = spawnSync('bash', [path.join(inst.dir, script), ...args], { env: recipeEnv(inst), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, cwd: inst.dir });
  const output = `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? `${r.error.message}\n` : ''}`;
  return { status: r.status ?? 1, output, ms: Date.now() - t0 };
}

/** True when the recipe finished an install in this root before (its marker file). */
export function isInstalled(inst: Instance): boolean {
  return existsSync(path.join(inst.root, 'shop/.realshop-installed'));
}

/** The line that says why a recipe script failed: its last FATAL line, else its last line. */
export function whyFailed(output: string): string {
  const lines = output.split('\n').map((l) => l.trim()).filter(Boolean);
  const fatal = [...lines].reverse().find((l) => l.includes('FATAL'));
  return (fatal ?? lines[lines.length - 1] ?? 'no output').replace(/^\[realshop [\d:]+\] /, '');
}

/** Deletes the shop's rate-limit counter (shop/cache/gxapi_v2_sessions_*): allowed for a test set-up. */
export function resetRateLimit(inst: Instance): number {
  const cache = path.join(inst.root, 'shop/cache');
  if (!existsSync(cache)) return 0;
  const files = readdirSync(cache).filter((f) => f.startsWith('gxapi_v2_sessions_'));
  for (const f of files) rmSync(path.join(cache, f), { force: true });
  return files.length;
}

/** PIDs start.sh recorded for this instance that are still alive. */
export function livePids(inst: Instance): number[] {
  const out: number[] = [];
  for (const f of ['mariadbd.pid', 'php-server.pid']) {
    const file = path.join(inst.root, 'run', f);
    if (!existsSync(file)) continue;
    const pid = Number(readFileSync(file, 'utf8').trim());
    if (!Number.isInteger(pid) || pid <= 0) continue;
    try {
      process.kill(pid, 0);
      out.push(pid);
    } catch {
      // not running
    }
  }
  return out;
}
