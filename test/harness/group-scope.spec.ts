// ONLY_GROUPS / SKIP_GROUPS reach every suite of the conformance run: `playwright test --list` on
// playwright.config.ts (list mode loads the suites and starts no webServer, no global setup) lists
// exactly the tests whose `@<group>` tags pass groupInScope, compared with the unscoped list.
// A suite that forgot to ask the rule shows up here by name.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { PROJECT_ROOT } from '../../src/config/config.js';
import { groupInScope, type GroupScope } from '../../src/config/scope.js';
import { tagSafe } from '../../suites/contract/plan.js';
import { bundled } from './support/exchanges.js';

interface JsonSpec {
  title: string;
  file: string;
  tags: string[];
}
interface JsonSuite {
  title: string;
  specs?: JsonSpec[];
  suites?: JsonSuite[];
}

interface Listed {
  /** file › describe titles › title */
  id: string;
  tags: string[];
}

function flatten(suites: readonly JsonSuite[], titles: readonly string[] = [], out: Listed[] = []): Listed[] {
  for (const s of suites) {
    const here = [...titles, s.title];
    for (const spec of s.specs ?? []) out.push({ id: [...here, spec.title].join(' › '), tags: spec.tags.map((t) => t.replace(/^@?/, '')) });
    flatten(s.suites ?? [], here, out);
  }
  return out;
}

/** The tests the conformance config lists with these ONLY_GROUPS / SKIP_GROUPS (the .env's overridden). */
async function listed(only: string, skip: string): Promise<Listed[]> {
  const reportDir = mkdtempSync(path.join(tmpdir(), 'scope-list-'));
  const listFile = path.join(reportDir, 'list.json');
  const cli = path.join(PROJECT_ROOT, 'node_modules/@playwright/test/cli.js');
  try {
    const child = spawn(process.execPath, [cli, 'test', '-c', 'playwright.config.ts', '--list', '--reporter=json'], {
      cwd: PROJECT_ROOT,
      // The JSON goes to a file of our own: npm test sets PLAYWRIGHT_JSON_OUTPUT_NAME for its own
      // run, which the child would otherwise inherit (and overwrite).
      env: { ...process.env, BASE_URL: '', REPORT_DIR: reportDir, ONLY_GROUPS: only, SKIP_GROUPS: skip, FORCE_COLOR: '0', PLAYWRIGHT_JSON_OUTPUT_NAME: listFile },
    });
    let stderr = '';
    child.stdout.resume();
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code, `playwright test --list (ONLY_GROUPS=${only} SKIP_GROUPS=${skip}) failed:\n${stderr}`).toBe(0);
    return flatten((JSON.parse(readFileSync(listFile, 'utf8')) as { suites: JsonSuite[] }).suites);
  } finally {
    rmSync(reportDir, { recursive: true, force: true });
  }
}

const spec = await bundled();
const GROUPS = new Set(spec.catalogue.operations.map((o) => tagSafe(o.group)));
const groupsOf = (t: Listed): string[] => t.tags.filter((tag) => GROUPS.has(tag));

/** The unscoped list, once per worker: both tests below compare against it. */
let everything: Promise<Listed[]> | undefined;

async function expectScoped(scope: GroupScope): Promise<Listed[]> {
  everything ??= listed('', '');
  const [all, got] = await Promise.all([everything, listed(scope.onlyGroups.join(','), scope.skipGroups.join(','))]);
  const untagged = all.filter((t) => groupsOf(t).length === 0).map((t) => t.id);
  expect(untagged, 'every test of the conformance run should carry the @<group> tag of a group of the spec').toEqual([]);
  const want = all.filter((t) => groupInScope(scope, ...groupsOf(t))).map((t) => t.id);
  const ids = got.map((t) => t.id);
  expect(ids.filter((id) => !want.includes(id)), 'listed though out of scope (a suite that does not ask groupInScope)').toEqual([]);
  expect(want.filter((id) => !ids.includes(id)), 'in scope but not listed').toEqual([]);
  expect(got.length).toBeGreaterThan(0);
  return got;
}

test.describe('ONLY_GROUPS / SKIP_GROUPS in every suite @harness', () => {
  // One worker for both: they share the unscoped list.
  test.describe.configure({ mode: 'default' });

  test('should list only tests tagged with a group ONLY_GROUPS names', async () => {
    const got = await expectScoped({ onlyGroups: ['tax'], skipGroups: [] });
    expect(got.filter((t) => !t.tags.includes('tax')).map((t) => t.id)).toEqual([]);
    // Contract, property and resource suites all take part.
    expect(got.some((t) => /contract\/contract-\d+\.spec\.ts/.test(t.id))).toBe(true);
    expect(got.some((t) => t.tags.includes('properties'))).toBe(true);
    expect(got.some((t) => t.id.includes('resources/tax.spec.ts') || t.id.includes('list-tests.ts'))).toBe(true);
  });

  test('should list no test tagged with a group SKIP_GROUPS names, also where another of its groups is in', async () => {
    const got = await expectScoped({ onlyGroups: [], skipGroups: ['orders', 'products'] });
    expect(got.filter((t) => t.tags.includes('orders') || t.tags.includes('products')).map((t) => t.id)).toEqual([]);
    // The tracking-code tests of the order suite are gone (they carry @orders), its own operations stay.
    expect(got.some((t) => t.tags.includes('tracking_codes'))).toBe(true);
    expect(got.some((t) => t.tags.includes('customers'))).toBe(true);
  });
});
