// A real-shop recipe (shared/realshop for GX 3.2, shared/realshop-gx48 for GX 4.8: setup.sh,
// start.sh, stop.sh, common.sh), driven for one instance of the phase's own: the shop's default
// root and port (shops.ts) unless its <env>_ROOT / <env>_PORT say otherwise, so a developer's shop
// (the recipes' defaults /tmp/gambio/rerun on 8089, /tmp/gambio/gx48 on 8095) is never touched.
//
// PHP (GX 3.2): the recipe honours env PHP. We point it at a wrapper that turns off opcache's file
// revalidation delay: with opcache on for the built-in server and revalidate_freq=2, the installer
// reads the includes/configure.php it has just rewritten from the stale cache (the one that
// redirects to gambio_installer/) and fails with "get_countries has no Germany (81)". The wrapper
// `exec`s php7.4, so the server process keeps the name stop.sh checks. The GX 4.8 recipe sets
// opcache.revalidate_freq=0 on its server itself.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Redactor } from '../../src/client/redact.js';
import type { ShopDef } from './shops.js';

export interface Instance {
  shop: ShopDef;
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

/** <env>_DIR, else the shop's recipe folders in order; the first holding setup.sh. */
export function findRecipe(shop: ShopDef, repoRoot: string, env: NodeJS.ProcessEnv = process.env): string {
  const name = `${shop.env}_DIR`;
  const explicit = env[name];
  if (explicit !== undefined && explicit !== '') {
    const dir = path.resolve(repoRoot, explicit);
    if (!existsSync(path.join(dir, 'setup.sh'))) throw new RecipeError(`recipe not found: ${name}=${explicit} holds no setup.sh`);
    return dir;
  }
  const candidates = shop.recipes.map((d) => path.resolve(repoRoot, d));
  const dir = candidates.find((d) => existsSync(path.join(d, 'setup.sh')));
  if (!dir) throw new RecipeError(`recipe not found (no setup.sh in ${candidates.join(' or ')}; set ${name})`);
  return dir;
}

/** The shop's instance of the recipe in `dir`: <env>_ROOT and <env>_PORT, else the shop's defaults. */
export function instance(shop: ShopDef, dir: string, env: NodeJS.ProcessEnv = process.env): Instance {
  const root = path.resolve(env[`${shop.env}_ROOT`] || shop.root);
  const portText = env[`${shop.env}_PORT`] || String(shop.port);
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new RecipeError(`${shop.env}_PORT=${portText} is not a port`);
  return {
    shop,
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

/**
 * The instance's own temporary folder, for its MariaDB (tmpdir defaults to $TMPDIR) and PHP. A
 * MariaDB server deletes every `#sql*` file in its tmpdir when it starts, so with one /tmp for both
 * shops the GX 4.8 set-up, which runs beside GX 3.2's runs, deleted a temporary table GX 3.2's
 * server was using: its dump before the run failed ("Error on delete of '/tmp/#sql-temptable-…'
 * (Errcode: 2)"), in the run of 27 Nov 15:20.
 */
export function instanceTmp(inst: Instance): string {
  const dir = path.join(inst.root, 'tmp');
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o1777);
  return dir;
}

function recipeEnv(inst: Instance): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, GAMBIO_ROOT: inst.root, GAMBIO_PORT: String(inst.port), TMPDIR: instanceTmp(inst) };
  // Not the caller's PHP either: the recipe's own default (php7.4) unless the shop needs the wrapper.
  delete env.PHP;
  if (inst.shop.phpWrapper) env.PHP = path.join(inst.root, 'php-opcache-fresh.sh');
  return env;
}

export interface ScriptResult {
  status: number;
  /** stdout and stderr, the credentials redacted (the GX 4.8 recipe prints the admin password when the shop is up). */
  output: string;
  ms: number;
}

const redacted = (inst: Instance, text: string): string => Redactor.forCredentials(inst.user, inst.password).text(text);

/** Runs one recipe script with the instance's environment; its output is returned, not printed. */
export function runScript(inst: Instance, script: string, args: string[] = []): ScriptResult {
  const t0 = Date.now();
  const r = spawnSync('bash', [path.join(inst.dir, script), ...args], { env: recipeEnv(inst), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, cwd: inst.dir });
  const output = `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? `${r.error.message}\n` : ''}`;
  return { status: r.status ?? 1, output: redacted(inst, output), ms: Date.now() - t0 };
}

/** runScript without blocking: a shop can be set up while another one's runs go. */
export function runScriptAsync(inst: Instance, script: string, args: string[] = []): Promise<ScriptResult> {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const child = spawn('bash', [path.join(inst.dir, script), ...args], { env: recipeEnv(inst), cwd: inst.dir, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stderr.on('data', (c: Buffer) => chunks.push(c));
    child.on('error', (err) => chunks.push(Buffer.from(`${err.message}\n`)));
    child.on('close', (code) => resolve({ status: code ?? 1, output: redacted(inst, Buffer.concat(chunks).toString('utf8')), ms: Date.now() - t0 }));
  });
}

/** True when the recipe finished an install in this root before (its marker file). */
export function isInstalled(inst: Instance): boolean {
  return existsSync(path.join(inst.root, 'shop/.realshop-installed'));
}

/** The line that says why a recipe script failed: its last FATAL line, else its last line. */
export function whyFailed(output: string): string {
  const lines = output.split('\n').map((l) => l.trim()).filter(Boolean);
  const fatal = [...lines].reverse().find((l) => l.includes('FATAL'));
  return (fatal ?? lines[lines.length - 1] ?? 'no output').replace(/^\[[\w-]+ [\d:]+\] /, '');
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
