// Proof that the catalogue suites work: child Playwright runs (catalogue-proof/) run them
// against in-process reference shops.
// - PROFILE=standard: the clean shop is green (only the PROFILE=full tests are skipped, as
//   Disabled), and each fault of support/catalogue-fault-cases.ts makes every test it names fail (or, for a
//   fault of what the vendor does not describe, pass with an advisory).
// - PROFILE=readonly: nothing fails and nothing writes (the write guard would fail a test that
//   tried); read tests pass, the rest are skipped with the reason.
// - PROFILE=full: the cache clears and the cron trigger pass.
import { test as base, expect } from '@playwright/test';
import { CATALOGUE_AREA_FAULTS, CATALOGUE_FAULT_CASES } from './support/catalogue-fault-cases.js';
import { expectAdvisories } from './support/proof-advisories.js';
import { runProof, type ProofRun, type ProofTest } from './support/proof-run.js';

const CONFIG = 'test/harness/catalogue-proof/catalogue-proof.config.ts';

const test = base.extend<object, { standard: ProofRun; readonlyRun: ProofRun; fullRun: ProofRun }>({
  standard: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use(await runProof(CONFIG, { RUN_ID: 'rcatproof' }));
    },
    { scope: 'worker', timeout: 600_000 },
  ],
  readonlyRun: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use(await runProof(CONFIG, { RUN_ID: 'rcatro', PROFILE: 'readonly', CATALOGUE_PROOF_CLEAN_ONLY: '1' }));
    },
    { scope: 'worker', timeout: 600_000 },
  ],
  fullRun: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use(await runProof(CONFIG, { RUN_ID: 'rcatfull', PROFILE: 'full', CATALOGUE_PROOF_CLEAN_ONLY: '1' }, ['--grep', '@cache|@cronjobs']));
    },
    { scope: 'worker', timeout: 300_000 },
  ],
});

const show = (ts: readonly ProofTest[]): string => JSON.stringify(ts.map((t) => [t.project, t.title, t.status, t.error ?? t.notes.join('; ')]), null, 1);

test.describe('catalogue suites proof @harness @catalogue', () => {
  // One child run serves the tests of a block: keep them in one worker.
  test.describe.configure({ mode: 'default' });

  test('should be green on the clean shop, skipping only the PROFILE=full tests', ({ standard }) => {
    const clean = standard.tests.filter((t) => t.project === 'clean');
    expect(clean.length, standard.output.slice(-3000)).toBeGreaterThan(100);
    expect(show(clean.filter((t) => t.status !== 'passed' && t.status !== 'skipped'))).toBe('[]');
    const skipped = clean.filter((t) => t.status === 'skipped');
    expect(skipped.every((t) => t.outcome === 'disabled' && (t.tags.includes('@cache') || t.tags.includes('@cronjobs'))), show(skipped)).toBe(true);
  });

  test('should have a proof case for every catalogue fault', () => {
    const cased = new Set(CATALOGUE_FAULT_CASES.map((c) => c.fault));
    expect(CATALOGUE_AREA_FAULTS.filter((f) => !cased.has(f))).toEqual([]);
  });

  for (const c of CATALOGUE_FAULT_CASES) {
    test(`should fail the tests that check what ${c.fault} breaks`, ({ standard }) => {
      const mine = standard.tests.filter((t) => t.project === `fault:${c.fault}`);
      for (const title of c.fails) {
        const these = mine.filter((t) => t.title === title);
        expect(these.length, `no test "${title}" ran with ${c.fault}: ${show(mine)}`).toBeGreaterThan(0);
        const held = these.filter((t) => t.status !== 'failed' || (t.error ?? '').includes('Harness error'));
        expect(show(held), `"${title}" should fail with a finding when ${c.fault} is on`).toBe('[]');
      }
      expectAdvisories(standard, c.fault, c.advises ?? []);
    });
  }
});

test.describe('catalogue suites with PROFILE=readonly and PROFILE=full @harness @catalogue', () => {
  test('should send no writes with PROFILE=readonly: read tests pass, the rest are skipped with the reason', ({ readonlyRun }) => {
    const all = readonlyRun.tests;
    expect(all.length, readonlyRun.output.slice(-3000)).toBeGreaterThan(100);
    expect(show(all.filter((t) => t.status !== 'passed' && t.status !== 'skipped'))).toBe('[]');
    const reads = all.filter((t) => t.tags.includes('@readonly'));
    expect(reads.length).toBeGreaterThanOrEqual(10);
    expect(show(reads.filter((t) => t.status !== 'passed'))).toBe('[]');
    // The list rules still judge the target's own records (no seed, no scope).
    const lists = all.filter((t) => t.title === 'should page categories from page 1 without gaps or duplicates' || t.title === 'should sort products ascending, descending and by two keys in byte order');
    expect(lists.map((t) => t.status)).toEqual(['passed', 'passed']);
    const skipped = all.filter((t) => t.status === 'skipped');
    expect(skipped.length).toBeGreaterThan(30);
    expect(show(skipped.filter((t) => !t.notes.some((n) => /PROFILE=(readonly|full)|skip: /.test(n))))).toBe('[]');
  });

  test('should clear every cache and trigger the cron job with PROFILE=full', ({ fullRun }) => {
    const ran = fullRun.tests;
    expect(ran.map((t) => t.title).sort(), fullRun.output.slice(-3000)).toHaveLength(9);
    expect(show(ran.filter((t) => t.status !== 'passed'))).toBe('[]');
  });
});
