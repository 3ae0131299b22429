// Commands behave like commands: every command of ours answers --help with what it
// does, its options and what it reads, exits 0 and runs nothing (its REPORT_DIR stays empty, a
// shop does not start listening, cleanup deletes nothing); `npm run conformance -- --help` shows
// ours, not Playwright's.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { EXIT_CODE_LINES } from '../../src/core/exit-codes.js';
import { renderHelp, wantsHelp } from '../../src/core/help.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const scripts = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
/** Our commands: every script that runs a file of ours with Node (typecheck and lint are the tools' own). */
const OURS = Object.keys(scripts).filter((name) => /^node\b/.test(scripts[name] ?? ''));

interface Answer {
  code: number | null;
  stdout: string;
  stderr: string;
  reportDir: string;
}

/** The command's script line, as npm runs it, with `--help` appended. */
function help(name: string): Promise<Answer> {
  const reportDir = mkdtempSync(path.join(tmpdir(), 'help-'));
  const child = spawn('sh', ['-c', `${scripts[name]} --help`], { cwd: ROOT, env: { ...process.env, REPORT_DIR: reportDir, PORT: '0', BASE_URL: '' } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  // A command that ignored --help (a shop listening, a run going) is ended and fails below.
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, reportDir });
    }),
  );
}

test.describe('--help of every command @harness', () => {
  test('should answer with usage and options, exit 0 and run nothing', async () => {
    test.setTimeout(180_000);
    expect(OURS).toEqual(expect.arrayContaining(['conformance', 'baseline:update', 'shop', 'cleanup', 'report', 'defects', 'spec:lint', 'bench', 'test', 'test:faults', 'test:realshop']));
    // Two at a time: each starts Node and the TypeScript loader.
    const answers = new Map<string, Answer>();
    for (let i = 0; i < OURS.length; i += 2) {
      const pair = OURS.slice(i, i + 2);
      (await Promise.all(pair.map(help))).forEach((a, j) => answers.set(pair[j] ?? '', a));
    }
    for (const [name, a] of answers) {
      expect(a.code, `${name}: ${a.stderr}`).toBe(0);
      expect(a.stdout, name).toMatch(/^Usage: (npm|node)/);
      expect(a.stdout.split('\n').length, name).toBeGreaterThan(3);
      expect(readdirSync(a.reportDir), `${name} wrote to REPORT_DIR`).toEqual([]);
      expect(a.stdout, name).not.toContain('Reference shop listening');
    }
    const c = answers.get('conformance');
    for (const text of ['--baseline <file>', '--update-baseline', '--reporter <name>', 'BASE_URL', 'API_PASSWORD', 'PROFILE', 'npx playwright test --help', ...EXIT_CODE_LINES]) expect(c?.stdout).toContain(text);
    // Ours first: Playwright's own help is pointed at, not printed.
    expect(c?.stdout).not.toContain('--pass-with-no-tests');
    expect(answers.get('shop')?.stdout).toContain('SHOP_FAULTS');
    expect(answers.get('cleanup')?.stdout).toContain('manual step');
    expect(answers.get('test:realshop')?.stdout).toContain('REALSHOP_GX48_PORT');
  });

  test('should take --help and -h before a `--` only, and lay rows out in columns', () => {
    expect(wantsHelp(['--grep', 'x', '-h'])).toBe(true);
    expect(wantsHelp(['--', '--help'])).toBe(false);
    expect(wantsHelp(['--helpful'])).toBe(false);
    const text = renderHelp({ usage: 'npm run x', about: 'Does x.', sections: [{ title: 'Options', rows: [['--a', 'first'], ['--bb', 'second'], 'a plain line'] }] });
    expect(text).toBe('Usage: npm run x\n\nDoes x.\n\nOptions:\n  --a   first\n  --bb  second\n  a plain line\n');
  });
});
