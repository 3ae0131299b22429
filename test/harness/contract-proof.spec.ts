// Proof that the contract suite works and keeps secrets: one child Playwright run (proof/proof.config.ts)
// runs the suite against in-process reference shops, clean and with each fault, plus deliberately
// leaky tests, with the full reporter list. Then:
// - the clean shop is green (TLS included: transportSecurity passes on a shop that refuses http);
// - each fault makes a test of its check fail (operation-unsupported: Unsupported, no failure);
// - no artefact (stdout, HTML report incl. its embedded zip, JUnit, allure-results,
//   test-results, JSON) contains the password or the Basic token.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import { PROJECT_ROOT } from '../../src/config/config.js';
import { secretForms } from '../../src/client/redact.js';
import { CHECKS } from '../../src/checks/registry.js';
import { FAULT_CASES } from './support/fault-cases.js';
import { scanTree } from './support/artefact-scan.js';

const USER = 'admin@example.test';
const PASSWORD = 'Proof-Secret-4bT9q';

interface JsonTest {
  projectName: string;
  status: 'expected' | 'unexpected' | 'skipped' | 'flaky';
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

interface ProofTest {
  project: string;
  title: string;
  tags: string[];
  status: string;
  outcome: string | undefined;
}

interface ProofRun {
  reportDir: string;
  tests: ProofTest[];
  output: string;
  exitCode: number | null;
}

function flatten(suites: JsonSuite[], out: ProofTest[] = []): ProofTest[] {
  for (const s of suites) {
    for (const spec of s.specs) {
      for (const t of spec.tests) {
        // The JSON reporter drops the leading @ of tags.
        out.push({ project: t.projectName, title: `${s.title} › ${spec.title}`, tags: spec.tags.map((g) => (g.startsWith('@') ? g : `@${g}`)), status: t.results[0]?.status ?? 'none', outcome: t.annotations.find((a) => a.type === 'outcome')?.description });
      }
    }
    flatten(s.suites ?? [], out);
  }
  return out;
}

const test = base.extend<object, { proof: ProofRun }>({
  proof: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      // One child run per self-test run: a worker that replaces a failed one (same runner, same
      // parent pid) reuses it instead of running it again.
      const reportDir = path.join(tmpdir(), `contract-proof-${process.ppid}`);
      const done = path.join(reportDir, 'proof-done.json');
      if (existsSync(done)) {
        await use(JSON.parse(readFileSync(done, 'utf8')) as ProofRun);
        return;
      }
      rmSync(reportDir, { recursive: true, force: true });
      mkdirSync(reportDir, { recursive: true });
      const cli = path.join(PROJECT_ROOT, 'node_modules/@playwright/test/cli.js');
      const child = spawn(process.execPath, [cli, 'test', '-c', 'test/harness/proof/proof.config.ts'], {
        cwd: PROJECT_ROOT,
        env: { ...process.env, BASE_URL: '', REPORT_DIR: reportDir, RUN_ID: 'rproof', API_USER: USER, API_PASSWORD: PASSWORD, PROFILE: 'standard', FORCE_COLOR: '0' },
      });
      let output = '';
      child.stdout.on('data', (d: Buffer) => (output += d.toString('utf8')));
      child.stderr.on('data', (d: Buffer) => (output += d.toString('utf8')));
      const exitCode = await new Promise<number | null>((resolve) => child.on('close', resolve));
      const file = path.join(reportDir, 'results.json');
      const tests = existsSync(file) ? flatten((JSON.parse(readFileSync(file, 'utf8')) as { suites: JsonSuite[] }).suites) : [];
      const run: ProofRun = { reportDir, tests, output, exitCode };
      writeFileSync(done, JSON.stringify(run));
      await use(run);
    },
    { scope: 'worker', timeout: 300_000 },
  ],
});

test.describe('contract suite proof @harness @contract', () => {
  // One child run serves every test here: keep them in one worker.
  test.describe.configure({ mode: 'default' });

  test('should run the suite and produce results for every project', ({ proof }) => {
    expect(proof.tests.length, proof.output.slice(-3000)).toBeGreaterThan(50);
    const projects = new Set(proof.tests.map((t) => t.project));
    for (const c of FAULT_CASES) expect(projects, `project for ${c.fault}`).toContain(`fault:${c.fault}`);
  });

  test('should be green on the clean shop, with TLS too', ({ proof }) => {
    const clean = proof.tests.filter((t) => t.project === 'clean' || t.project === 'clean-tls');
    expect(clean.length).toBeGreaterThan(50);
    const failed = clean.filter((t) => t.status !== 'passed' && t.status !== 'skipped');
    expect(failed.map((t) => `${t.project}: ${t.title}`)).toEqual([]);
    const tls = proof.tests.filter((t) => t.project === 'clean-tls');
    expect(tls.map((t) => [t.status, t.outcome])).toEqual([['passed', 'pass']]);
  });

  for (const c of FAULT_CASES) {
    test(`should catch the fault ${c.fault} with ${c.checks.join(' or ')}`, ({ proof }) => {
      const mine = proof.tests.filter((t) => t.project === `fault:${c.fault}`);
      expect(mine.length, `no tests ran for ${c.fault}`).toBeGreaterThan(0);
      if (c.expect === 'unsupported') {
        // Nothing fails; every check that reads the operation's answer says Unsupported (auth is
        // refused before routing, plain http is not probed on an http shop).
        expect(mine.filter((t) => t.status === 'failed').map((t) => t.title)).toEqual([]);
        const readers = mine.filter((t) => CHECKS.some((k) => k.intents.includes('positive') && t.tags.includes(`@check:${k.name}`)));
        expect(readers.length).toBeGreaterThan(3);
        expect(readers.map((t) => [t.title, t.outcome]).filter(([, o]) => o !== 'unsupported')).toEqual([]);
        return;
      }
      const caught = mine.filter((t) => t.status === 'failed' && t.outcome === 'fail' && c.checks.some((k) => t.tags.includes(`@check:${k}`)));
      expect(caught.length, JSON.stringify(mine.map((t) => [t.title, t.status, t.outcome]))).toBeGreaterThan(0);
    });
  }

  test('should leave no credential in any artefact or in the output', ({ proof }) => {
    const needles = secretForms(USER, PASSWORD);
    const leaky = proof.tests.filter((t) => t.project === 'leaky');
    expect(leaky.length).toBe(5);
    expect(leaky.every((t) => t.status === 'failed' || t.status === 'timedOut')).toBe(true);
    for (const dir of ['html', 'junit.xml', 'allure-results', 'test-results', 'results.json']) expect(existsSync(path.join(proof.reportDir, dir)), dir).toBe(true);
    const { hits, files, scanned } = scanTree(proof.reportDir, needles);
    expect(files).toBeGreaterThan(20);
    expect(scanned).toBeGreaterThan(files);
    expect(hits).toEqual([]);
    // The scan does reach the HTML report's embedded data: a test title is found inside it.
    const control = scanTree(path.join(proof.reportDir, 'html'), ['should leak nothing from attachments']).hits.map((h) => h.where);
    expect(control.some((w) => /^index\.html > base64@\d+ > .+\.json$/.test(w)), control.join('\n')).toBe(true);
    for (const n of needles) expect(proof.output.includes(n), 'child stdout/stderr').toBe(false);
  });
});
