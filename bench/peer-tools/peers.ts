// The peer tools live in bench/peers/ with their own package.json and lock, so the project's own
// install stays lean; they are installed on first use (`npm ci --prefix bench/peers`).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../src/config/config.js';

export const PEERS_DIR = path.join(PROJECT_ROOT, 'bench', 'peers');
/** Git-ignored scratch space of the bench: spec copies, collections, tool outputs, run reports. */
export const WORK_DIR = path.join(PEERS_DIR, 'work');

export function peerBin(name: string): string {
  return path.join(PEERS_DIR, 'node_modules', '.bin', name);
}

function version(pkg: string): string {
  try {
    return (JSON.parse(readFileSync(path.join(PEERS_DIR, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '?';
  }
}

export function peerVersions(): Record<string, string> {
  return Object.fromEntries(['dredd', '@apideck/portman', 'newman', 'swagger2openapi'].map((p) => [p, version(p)]));
}

/** Installs the peers when they are missing or older than the lock file. */
export function ensurePeers(log: (line: string) => void): void {
  const marker = path.join(PEERS_DIR, 'node_modules', '.package-lock.json');
  const lock = path.join(PEERS_DIR, 'package-lock.json');
  const fresh = existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs && ['dredd', 'newman', 'portman', 'swagger2openapi'].every((b) => existsSync(peerBin(b)));
  if (fresh) return;
  log('installing the peer tools: npm ci --prefix bench/peers (about a minute)');
  execFileSync('npm', ['ci', '--prefix', PEERS_DIR, '--no-audit', '--no-fund'], { stdio: ['ignore', 'ignore', 'inherit'] });
}
