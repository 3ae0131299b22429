// Proof that the contract suite works: one child Playwright run (proof/proof.config.ts) runs it
// against in-process reference shops, clean and with each fault (redaction.spec.ts scans the same
// run's artefacts). Then:
// - the clean shop is green (TLS included: transportSecurity passes on a shop that refuses http);
// - each fault makes a test of its check fail (operation-unsupported: Unsupported, no failure).
import { expect, test as base } from '@playwright/test';
import { CHECKS } from '../../src/checks/registry.js';
import { contractProofRun } from './support/contract-proof-run.js';
import { FAULT_CASES } from './support/fault-cases.js';
import type { ProofRun } from './support/proof-run.js';

const test = base.extend<object, { proof: ProofRun }>({
  proof: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use(await contractProofRun());
    },
    { scope: 'worker', timeout: 600_000 },
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
        expect(readers.map((t) => [t.tags.join(' '), t.outcome]).filter(([, o]) => o !== 'unsupported')).toEqual([]);
        return;
      }
      const caught = mine.filter((t) => t.status === 'failed' && t.outcome === 'fail' && c.checks.some((k) => t.tags.includes(`@check:${k}`)));
      expect(caught.length, JSON.stringify(mine.map((t) => [t.title, t.status, t.outcome]))).toBeGreaterThan(0);
    });
  }
});
