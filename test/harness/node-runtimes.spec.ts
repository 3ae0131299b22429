// Every Node `engines` names runs a target elsewhere: the reference shop as a process
// of its own (`npm run shop`), and `npm run conformance` against it under Node 22 (NODE22, the
// oldest allowed) and under Node 24 (the current LTS: this Node, or NODE24). On Node 22 the
// workers once started in lite mode, which has no WebAssembly there, and every test was an Error.
// Each run takes one group (packing units, about 60 tests) and must pass with no Error.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { PROJECT_ROOT } from '../../src/config/config.js';
import type { CompatibilityReport } from '../../src/report/compatibility/types.js';
import { childEnv } from './support/proof-run.js';

/** The binary of Node `major`: this Node when it is that one, else the variable that names it. */
function nodeOf(major: number, variable: string): { bin?: string; why: string } {
  if (Number(process.versions.node.split('.')[0]) === major) return { bin: process.execPath, why: '' };
  const bin = process.env[variable];
  if (!bin) return { why: `${variable} (the path of a Node ${major} binary) is not set, and this is Node ${process.version}; .ci/run sets NODE22` };
  const v = spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? '';
  if (!v.startsWith(`v${major}.`)) return { why: `${variable}=${bin} is not Node ${major} (it says ${v || 'nothing'})` };
  return { bin, why: '' };
}

let shop: ReturnType<typeof spawn> | undefined;
let url = '';

test.describe('a target elsewhere on every Node engines names @harness', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async () => {
    shop = spawn(process.execPath, ['--import', 'tsx', 'reference/main.ts'], { cwd: PROJECT_ROOT, env: childEnv({ PORT: '0', API_USER: '', API_PASSWORD: '' }), stdio: ['ignore', 'pipe', 'inherit'] });
    url = await new Promise<string>((resolve, reject) => {
      let out = '';
      shop?.stdout?.on('data', (d: Buffer) => {
        out += d.toString('utf8');
        const m = /listening on (\S+)/.exec(out);
        if (m?.[1]) resolve(m[1]);
      });
      shop?.on('close', (code) => reject(new Error(`the reference shop ended before it listened (exit ${code ?? '?'})`)));
    });
  });

  test.afterAll(() => {
    shop?.kill('SIGTERM');
  });

  for (const [major, variable] of [
    [22, 'NODE22'],
    [24, 'NODE24'],
  ] as const) {
    test(`should pass against the reference shop as a process of its own under Node ${major}`, async () => {
      const { bin, why } = nodeOf(major, variable);
      test.skip(!bin, why);
      const reportDir = mkdtempSync(path.join(tmpdir(), `node${major}-`));
      const child = spawn(bin ?? '', ['--import', 'tsx', 'src/cli/conformance.ts', '--reporter=dot'], { cwd: PROJECT_ROOT, env: childEnv({ BASE_URL: url, API_USER: '', API_PASSWORD: '', ONLY_GROUPS: 'vpe', FC_RUNS: '5', REPORT_DIR: reportDir }) });
      let output = '';
      child.stdout.on('data', (d: Buffer) => (output += d.toString('utf8')));
      child.stderr.on('data', (d: Buffer) => (output += d.toString('utf8')));
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(code, output).toBe(0);
      expect(output).not.toContain('WebAssembly');
      const report = JSON.parse(readFileSync(path.join(reportDir, 'compatibility', 'report.json'), 'utf8')) as CompatibilityReport;
      expect(report.target.url).toBe(url);
      expect(report.counts.testsByOutcome.error ?? 0).toBe(0);
      expect(report.counts.testsByOutcome.pass).toBeGreaterThan(40);
      expect(report.gate.ok).toBe(true);
    });
  }
});
