// Proof that the order suites (issue 7) can fail and stay quiet when they should. One child
// Playwright run (orders-proof/orders-proof.config.ts) runs them against in-process reference
// shops: clean, and with each fault of support/order-fault-cases.ts running the tests it must
// break. A second child runs them clean with PROFILE=readonly. Then:
// - the clean shop is green;
// - each fault makes each of its named tests fail;
// - every fault of the order area has a case;
// - tests of deprecated operations carry `deprecated` annotations, the others none;
// - with PROFILE=readonly only @readonly tests run (the rest is Disabled) and nothing is written.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import { PROJECT_ROOT } from '../../src/config/config.js';
import { readLedger } from '../../src/client/ledger.js';
import { ORDER_AREA_FAULTS, ORDER_FAULT_CASES } from './support/order-fault-cases.js';

interface JsonTest {
  projectName: string;
  annotations: { type: string; description?: string }[];
  results: { status: string }[];
}
interface JsonSpec {
  title: string;
  tags: string[];
  tests: JsonTest[];
}
interface JsonSuite {
  title: string;
  specs: JsonSpec[];
  suites?: JsonSuite[];
}

interface RunTest {
  project: string;
  /** The test's own title. */
  title: string;
  /** With their `@` (the JSON report leaves it out). */
  tags: string[];
  status: string;
  annotations: { type: string; description?: string }[];
}

interface Run {
  reportDir: string;
  tests: RunTest[];
  output: string;
}

function flatten(suites: JsonSuite[], out: RunTest[] = []): RunTest[] {
  for (const s of suites) {
    for (const spec of s.specs) {
      for (const t of spec.tests) out.push({ project: t.projectName, title: spec.title, tags: spec.tags.map((g) => (g.startsWith('@') ? g : `@${g}`)), status: t.results[0]?.status ?? 'none', annotations: t.annotations });
    }
    flatten(s.suites ?? [], out);
  }
  return out;
}

async function runProof(env: Record<string, string>): Promise<Run> {
  const reportDir = mkdtempSync(path.join(tmpdir(), 'orders-proof-'));
  const cli = path.join(PROJECT_ROOT, 'node_modules/@playwright/test/cli.js');
  const child = spawn(process.execPath, [cli, 'test', '-c', 'test/harness/orders-proof/orders-proof.config.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, BASE_URL: '', REPORT_DIR: reportDir, RUN_ID: 'rordersproof', PROFILE: 'standard', FORCE_COLOR: '0', ...env },
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString('utf8')));
  child.stderr.on('data', (d: Buffer) => (output += d.toString('utf8')));
  await new Promise<number | null>((resolve) => child.on('close', resolve));
  const file = path.join(reportDir, 'results.json');
  const tests = existsSync(file) ? flatten((JSON.parse(readFileSync(file, 'utf8')) as { suites: JsonSuite[] }).suites) : [];
  return { reportDir, tests, output };
}

const test = base.extend<object, { proof: Run; readonlyRun: Run }>({
  proof: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use(await runProof({}));
    },
    { scope: 'worker', timeout: 900_000 },
  ],
  readonlyRun: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use(await runProof({ PROFILE: 'readonly', ORDERS_PROOF_CLEAN_ONLY: '1' }));
    },
    { scope: 'worker', timeout: 900_000 },
  ],
});

const tail = (run: Run) => run.output.slice(-3000);

test.describe('order suites against the reference shop @harness @orders', () => {
  // One worker for all: the child runs are worker fixtures and must start once, not once per worker.
  test.describe.configure({ mode: 'default' });

  test('should pass every order suite test on the clean shop', ({ proof }) => {
    const clean = proof.tests.filter((t) => t.project === 'clean');
    expect(clean.length, tail(proof)).toBeGreaterThan(40);
    const notPassed = clean.filter((t) => t.status !== 'passed').map((t) => `${t.title}: ${t.status}`);
    expect(notPassed, tail(proof)).toEqual([]);
  });

  for (const c of ORDER_FAULT_CASES) {
    test(`should fail the tests of the rule ${c.fault} breaks`, ({ proof }) => {
      const ran = proof.tests.filter((t) => t.project === `fault:${c.fault}`);
      for (const title of c.fails) {
        const hits = ran.filter((t) => t.title.includes(title));
        expect(hits.length, `no test titled "${title}…" ran with ${c.fault}\n${tail(proof)}`).toBeGreaterThan(0);
        for (const t of hits) expect(t.status, `"${t.title}" with ${c.fault}`).toBe('failed');
      }
    });
  }

  test('should have a case for every fault of the order area', () => {
    const covered = new Set(ORDER_FAULT_CASES.map((c) => c.fault));
    expect(ORDER_AREA_FAULTS.filter((f) => !covered.has(f))).toEqual([]);
  });

  test('should annotate exactly the tests of deprecated operations as deprecated', ({ proof }) => {
    const clean = proof.tests.filter((t) => t.project === 'clean');
    for (const t of clean) {
      const deprecatedOps = t.tags.filter((g) => /^@op:\w+Deprecated$/.test(g)).map((g) => g.slice('@op:'.length)).sort();
      const annotated = t.annotations
        .filter((a) => a.type === 'deprecated')
        .map((a) => (a.description ?? '').split(':')[0] ?? '')
        .sort();
      expect(annotated, t.title).toEqual(deprecatedOps);
    }
    expect(clean.some((t) => t.annotations.some((a) => a.type === 'deprecated'))).toBe(true);
  });

  test('should run only the read checks with PROFILE=readonly and write nothing', ({ readonlyRun }) => {
    const tests = readonlyRun.tests;
    expect(tests.length, tail(readonlyRun)).toBeGreaterThan(40);
    const readonly = tests.filter((t) => t.tags.includes('@readonly'));
    expect(readonly.length).toBeGreaterThan(3);
    expect(readonly.filter((t) => t.status !== 'passed').map((t) => `${t.title}: ${t.status}`), tail(readonlyRun)).toEqual([]);
    const writing = tests.filter((t) => !t.tags.includes('@readonly'));
    const ran = writing.filter((t) => t.status !== 'skipped' || !t.annotations.some((a) => a.type === 'outcome' && a.description === 'disabled'));
    expect(ran.map((t) => `${t.title}: ${t.status}`)).toEqual([]);
    const creates = readLedger(path.join(readonlyRun.reportDir, 'ledger.jsonl')).filter((e) => e.event === 'create');
    expect(creates).toEqual([]);
  });
});
