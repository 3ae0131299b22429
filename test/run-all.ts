// `npm test`: typecheck, lint, self-tests, the conformance suites against the clean reference shop,
// then the fault matrix. Each phase reports its own counts; the last line sums them:
// `N passed, N failed, N skipped`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

interface Counts { passed: number; failed: number; skipped: number }
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
const root = path.resolve(import.meta.dirname, '..');
const quick = process.argv.includes('--quick');
const tmp = path.join(root, 'reports', '.npm-test');
rmSync(tmp, { recursive: true, force: true });
mkdirSync(tmp, { recursive: true });

function add(name: string, c: Counts): void {
  total.passed += c.passed;
  total.failed += c.failed;
  total.skipped += c.skipped;
  console.log(`\n== ${name}: ${c.passed} passed, ${c.failed} failed${c.skipped ? `, ${c.skipped} skipped` : ''}\n`);
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

function step(name: string, cmd: string, args: string[]): void {
  console.log(`\n== ${name}`);
  const ok = run(cmd, args) === 0;
  add(name, { passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 });
}

interface JsonStats { expected: number; unexpected: number; skipped: number; flaky: number }
function playwright(name: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  const out = path.join(tmp, `${name.replace(/\W+/g, '-')}.json`);
  console.log(`\n== ${name}`);
  const status = run('npx', ['playwright', 'test', ...args, '--reporter=list,json'], { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: out });
  if (!existsSync(out)) {
    add(name, { passed: 0, failed: 1, skipped: 0 });
    return;
  }
  const stats = (JSON.parse(readFileSync(out, 'utf8')) as { stats: JsonStats }).stats;
  const c = { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
  // A run that exits non-zero with nothing failed (global setup, config error) still fails the phase.
  if (status !== 0 && c.failed === 0) c.failed = 1;
  add(name, c);
}

step('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
step('lint', 'npx', ['eslint', '.']);
playwright('self-tests', ['-c', 'test/playwright.config.ts']);
playwright('conformance (clean reference shop)', [], { BASE_URL: '', REPORT_DIR: 'reports/npm-test-conformance', ...(quick ? { FC_RUNS: '5' } : {}) });
if (existsSync(path.join(root, 'test/faults/matrix.ts'))) {
  const out = path.join(tmp, 'fault-matrix.json');
  console.log('\n== fault matrix');
  run(process.execPath, ['--import', 'tsx', 'test/faults/matrix.ts', ...(quick ? ['--quick'] : []), `--counts=${out}`]);
  add('fault matrix', existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as Counts) : { passed: 0, failed: 1, skipped: 0 });
}

console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(total.failed === 0 ? 0 : 1);
