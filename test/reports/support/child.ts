// Child processes of the report self-tests: the conformance CLI, Playwright and `npm run report`
// run for real against the embedded reference shop, each in its own REPORT_DIR, with a password
// that must never show up in what they write.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { PROJECT_ROOT } from '../../../src/config/config.js';

export const USER = 'admin@example.test';
export const PASSWORD = 'Report-Canary-7Qw3z';

/** The small slice of the suite these tests run: the generic contract checks of two groups. */
export const SLICE = ['suites/contract', '--grep', '@languages|@tax'];

/** An operation the fault below makes fail (authRequired), and the fault. */
export const FAULT = 'auth-missing-credentials-accepted';
export const FAULTY_OPS = ['getMultipleLanguages', 'getTaxClasses', 'getTaxRates', 'getTaxZones'];

export interface ChildResult {
  status: number | null;
  output: string;
}

export const PLAYWRIGHT_CLI = path.join(PROJECT_ROOT, 'node_modules/@playwright/test/cli.js');

/** Runs `node <args>` in the project with the harness settings for one report folder. */
export function runNode(args: string[], env: Record<string, string>): Promise<ChildResult> {
  const child = spawn(process.execPath, args, {
    cwd: PROJECT_ROOT,
    env: { ...process.env, BASE_URL: '', API_USER: USER, API_PASSWORD: PASSWORD, PROFILE: 'standard', FORCE_COLOR: '0', ...env },
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString('utf8')));
  child.stderr.on('data', (d: Buffer) => (output += d.toString('utf8')));
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, output })));
}

export function tsx(file: string, ...args: string[]): string[] {
  return ['--import', 'tsx', path.join(PROJECT_ROOT, file), ...args];
}

export function selfTestDir(name: string): string {
  return path.join(PROJECT_ROOT, 'reports', 'self-test-reports', name);
}
