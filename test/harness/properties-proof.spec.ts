// Proof that the property and model suites catch what only they can, and report it usefully.
// One child Playwright run (properties-proof.config.ts) runs the suites against in-process
// reference shops, each with one property fault, and against a clean one, with a pinned seed so
// the proof is deterministic. Then:
// - the runner printed the seed once; every property test names it in an annotation;
// - the clean shop is green;
// - each fault makes a test fail whose message holds the counterexample, seed, path and the
//   exact replay command (with SHOP_FAULTS, since the shop was an in-process one); a fault the
//   vendor's description does not cover (`shows: 'advisory'`) is reported as an advisory with its
//   evidence instead, and fails no test;
// - a property run is one report step, with no step per request inside it;
// - the printed replay command, run as printed, fails again on the first run with the same
//   counterexample (the model failure: its FC_PATH also carries the commands' replay path).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import { FAULTS } from '../../reference/faults/registry.js';
import { PROJECT_ROOT } from '../../src/config/config.js';
import { columnOfTag } from '../faults/analyse.js';
import { PROPERTY_FAULT_CASES, faultProject } from './properties-proof.cases.js';
import { childEnv, runProof, type ProofRun } from './support/proof-run.js';

const SEED = '20261122';

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const withoutColours = (s: string): string => s.replace(ANSI, '');

/** Runs a command to its end; stdout and stderr together. */
function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ output: string; code: number | null }> {
  const child = spawn(cmd, args, { cwd: PROJECT_ROOT, env });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString('utf8')));
  child.stderr.on('data', (d: Buffer) => (output += d.toString('utf8')));
  return new Promise((resolve) => child.on('close', (code) => resolve({ output, code })));
}

/** The proof run and the report steps its config's step counter wrote (steps.json). */
type PropertiesProof = ProofRun & { steps: Record<string, Record<string, number>> };

const test = base.extend<object, { proof: PropertiesProof }>({
  proof: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const proof = await runProof('test/harness/properties-proof.config.ts', { RUN_ID: 'rpropproof', FC_SEED: SEED });
      const steps = path.join(proof.reportDir, 'steps.json');
      await use({ ...proof, steps: existsSync(steps) ? (JSON.parse(readFileSync(steps, 'utf8')) as PropertiesProof['steps']) : {} });
    },
    { scope: 'worker', timeout: 400_000 },
  ],
});

test.describe('property and model suites proof @harness @properties', () => {
  // One child run serves every test here: keep them in one worker.
  test.describe.configure({ mode: 'default' });

  test('should print the run seed once at start and name it on every property test', ({ proof }) => {
    expect(proof.tests.length, proof.output.slice(-3000)).toBeGreaterThan(10);
    const banners = proof.output.split('\n').filter((l) => l.startsWith('fast-check seed '));
    expect(banners, proof.output.slice(0, 2000)).toEqual([`fast-check seed ${SEED} (from FC_SEED; FC_RUNS=25); replay a property failure with the FC_SEED=… FC_PATH=… command it prints`]);
    const ran = proof.tests.filter((t) => t.status === 'passed' || t.status === 'failed');
    for (const t of ran) expect(String(t.verdict?.property?.seed), t.title).toBe(SEED);
  });

  test("should file each property test under its operation's resource group, not under the tag @properties", ({ proof }) => {
    const ran = proof.tests.filter((t) => t.verdict && t.tags.includes('@properties'));
    expect(ran.length).toBeGreaterThan(10);
    for (const t of ran) expect(`@${t.verdict?.group ?? ''}`, t.title).toBe(t.tags.find((g) => g !== '@properties' && !g.includes(':')));
  });

  test('should be green on the clean shop', ({ proof }) => {
    const clean = proof.tests.filter((t) => t.project === 'clean');
    expect(clean.filter((t) => t.status === 'passed').length).toBeGreaterThanOrEqual(PROPERTY_FAULT_CASES.length);
    expect(clean.filter((t) => t.status !== 'passed' && t.status !== 'skipped').map((t) => `${t.title}: ${t.message.slice(0, 400)}`)).toEqual([]);
  });

  for (const c of PROPERTY_FAULT_CASES.filter((x) => FAULTS.find((f) => f.name === x.fault)?.shows === 'advisory')) {
    test(`should report ${c.fault} as an advisory of a property, with its evidence and the run's seed, and fail no test over it`, ({ proof }) => {
      const columns = (FAULTS.find((f) => f.name === c.fault)?.catches ?? []).map(columnOfTag);
      const mine = proof.tests.filter((t) => t.project === faultProject(c.fault) && t.status !== 'skipped');
      expect(mine.filter((t) => t.status !== 'passed').map((t) => `${t.title}: ${t.message.slice(0, 400)}`)).toEqual([]);
      const advisoriesOf = (t: (typeof mine)[number]) => (t.verdict?.advisories ?? []).filter((a) => columns.includes(a.check));
      const advised = mine.filter((t) => advisoriesOf(t).length > 0);
      expect(advised.length, JSON.stringify(mine.map((t) => [t.title, t.status, t.verdict?.advisories.map((a) => a.check)]))).toBeGreaterThan(0);
      for (const t of advised) {
        expect(String(t.verdict?.property?.seed), t.title).toBe(SEED);
        for (const a of advisoriesOf(t)) {
          expect(a.outcome).toBe('advisory');
          expect(a.basis?.kind, a.title).not.toBe('described');
          expect(a.evidence?.curl, a.title).toMatch(/^curl /);
        }
        const clean = proof.tests.find((x) => x.project === 'clean' && x.title === t.title);
        expect(clean?.verdict?.advisories.filter((a) => columns.includes(a.check)) ?? [], `${t.title} on the clean shop`).toEqual([]);
      }
    });
  }

  for (const c of PROPERTY_FAULT_CASES.filter((x) => FAULTS.find((f) => f.name === x.fault)?.shows !== 'advisory')) {
    test(`should catch ${c.fault} with a property and print the counterexample, seed, path and replay command`, ({ proof }) => {
      const catches: readonly string[] = FAULTS.find((f) => f.name === c.fault)?.catches ?? [];
      const mine = proof.tests.filter((t) => t.project === faultProject(c.fault));
      const caught = mine.filter((t) => t.status === 'failed' && t.outcome === 'fail' && t.tags.some((tag) => catches.includes(tag)));
      expect(caught.length, JSON.stringify(mine.map((t) => [t.title, t.status, t.outcome]))).toBeGreaterThan(0);
      for (const t of caught) {
        expect(t.message).toContain('Property failed: ');
        expect(t.message).toContain('What went wrong (smallest case found):');
        expect(t.message).toMatch(/Counterexample:\n {2,}\S/);
        expect(t.message).toMatch(new RegExp(`Seed: ${SEED} {3}Path: \\S+ {3}Runs: \\d+`));
        const replay = /^Replay: (.+)$/m.exec(t.message)?.[1] ?? '';
        // The run's settings first (src/config/replay.ts), REPORT_DIR apart from the run's last.
        expect(replay).toMatch(new RegExp(`^(?:[A-Z_]+=\\S+ )*REPORT_DIR=\\S+/replay SHOP_FAULTS=${c.fault} FC_SEED=${SEED} FC_PATH=\\S+ npx playwright test suites/${c.file.replace(/[.]/g, '\\.')} -g '.+'$`));
        expect(t.verdict?.property?.replay).toBe(replay);
      }
    });
  }

  test('should show each property run as one report step, with no step per request inside it', ({ proof }) => {
    const withProperty = Object.entries(proof.steps).filter(([, counts]) => (counts['in-property:test.step'] ?? 0) > 0);
    expect(withProperty.length).toBeGreaterThan(10);
    for (const [title, counts] of withProperty) {
      // Inside the property's step only its failure report may appear (attached as a file).
      const inside = Object.entries(counts).filter(([k]) => k.startsWith('in-property:') && k !== 'in-property:test.step' && k !== 'in-property:test.attach');
      expect({ title, steps: counts['in-property:test.step'], inside }).toEqual({ title, steps: 1, inside: [] });
    }
  });

  test('should replay the model failure exactly with the printed command', async ({ proof }) => {
    test.setTimeout(180_000);
    const failure = proof.tests.find((t) => t.project === faultProject('customer-update-lost-after-recreate') && t.status === 'failed');
    expect(failure, 'the model run caught the lost update').toBeDefined();
    const error = failure?.message ?? '';
    const command = /^Replay: (.+)$/m.exec(error)?.[1] ?? '';
    const counterexample = /Counterexample:\n((?: {2}.*\n)+)/.exec(error)?.[1] ?? '';
    expect(command).toContain('FC_PATH=');
    expect(counterexample).toMatch(/UpdateCustomer\(c\d+/);
    const reportDir = mkdtempSync(path.join(tmpdir(), 'properties-replay-'));
    // As a reader would paste it: through a shell, against `npm run conformance`'s own config (embedded shop with SHOP_FAULTS).
    const replay = await run('sh', ['-c', command], childEnv({ REPORT_DIR: reportDir }));
    expect(replay.code, replay.output.slice(-2000)).not.toBe(0);
    const again = withoutColours(replay.output);
    expect(again).toContain('after 1 run, shrunk 0 times');
    // The printed lines of the replayed failure are indented by the reporter; compare them trimmed.
    const lines = (s: string) => s.split('\n').map((l) => l.trim()).filter(Boolean);
    const replayed = lines(/Counterexample:\n((?:\s+\d+\..*\n)+)/.exec(again)?.[1] ?? '');
    expect(replayed).toEqual(lines(counterexample));
  });
});
