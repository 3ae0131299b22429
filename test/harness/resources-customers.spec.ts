// Proof that the customer-group suites work: child Playwright runs (customers-proof/)
// run them against in-process reference shops.
// - PROFILE=standard: the clean shop is green (only the PROFILE=full test is skipped, as
//   Disabled), and each fault of support/customer-fault-cases.ts makes every test it names fail
//   with a finding (not a harness error).
// - PROFILE=readonly: nothing fails and the ledger records no write; the @readonly tests and the
//   list rules on existing records pass, the rest are skipped as Disabled with the reason.
// - PROFILE=full: sending an e-mail passes clean and fails with email-send-stays-pending.
import { readLedger, ledgerFile } from '../../src/client/ledger.js';
import { test as base, expect } from '@playwright/test';
import { CUSTOMER_AREA_FAULTS, CUSTOMER_FAULT_CASES } from './support/customer-fault-cases.js';
import { expectAdvisories } from './support/proof-advisories.js';
import { runProof, type ProofRun, type ProofTest } from './support/proof-run.js';

const CONFIG = 'test/harness/customers-proof/customers-proof.config.ts';
const SEND = 'should send a queued e-mail and read it back as sent';

const test = base.extend<object, { standard: ProofRun; readonlyRun: ProofRun; fullRun: ProofRun }>({
  standard: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use(await runProof(CONFIG, { RUN_ID: 'rcustproof' }));
    },
    { scope: 'worker', timeout: 600_000 },
  ],
  readonlyRun: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use(await runProof(CONFIG, { RUN_ID: 'rcustro', PROFILE: 'readonly', CUSTOMERS_PROOF_MODE: 'clean' }));
    },
    { scope: 'worker', timeout: 600_000 },
  ],
  fullRun: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use(await runProof(CONFIG, { RUN_ID: 'rcustfull', PROFILE: 'full', CUSTOMERS_PROOF_MODE: 'full' }, ['--grep', '@emails']));
    },
    { scope: 'worker', timeout: 300_000 },
  ],
});

const show = (ts: readonly ProofTest[]): string => JSON.stringify(ts.map((t) => [t.project, t.title, t.status, t.error ?? t.notes.join('; ')]), null, 1);

function expectFailures(run: ProofRun, fault: string, titles: readonly string[]): void {
  const mine = run.tests.filter((t) => t.project === `fault:${fault}`);
  for (const title of titles) {
    const these = mine.filter((t) => t.title === title);
    expect(these.length, `no test "${title}" ran with ${fault}: ${show(mine)}\n${run.output.slice(-2000)}`).toBeGreaterThan(0);
    const held = these.filter((t) => t.status !== 'failed' || (t.error ?? '').includes('Harness error'));
    expect(show(held), `"${title}" should fail with a finding when ${fault} is on`).toBe('[]');
  }
}

test.describe('customer suites proof @harness @customers', () => {
  // One child run serves the tests of a block: keep them in one worker.
  test.describe.configure({ mode: 'default' });

  test('should be green on the clean shop, skipping only the PROFILE=full test', ({ standard }) => {
    const clean = standard.tests.filter((t) => t.project === 'clean');
    expect(clean.length, standard.output.slice(-3000)).toBeGreaterThan(90);
    expect(show(clean.filter((t) => t.status !== 'passed' && t.status !== 'skipped'))).toBe('[]');
    const skipped = clean.filter((t) => t.status === 'skipped');
    expect(show(skipped.filter((t) => t.title !== SEND || t.outcome !== 'disabled'))).toBe('[]');
  });

  test('should have a proof case for every fault of the customer suites', () => {
    const cased = new Set(CUSTOMER_FAULT_CASES.map((c) => c.fault));
    expect(CUSTOMER_AREA_FAULTS.filter((f) => !cased.has(f))).toEqual([]);
  });

  for (const c of CUSTOMER_FAULT_CASES.filter((x) => x.profile === undefined)) {
    test(`should ${c.fails.length ? 'fail' : 'advise on'} the tests that check what ${c.fault} breaks`, ({ standard }) => {
      expectFailures(standard, c.fault, c.fails);
      expectAdvisories(standard, c.fault, c.advises ?? []);
    });
  }
});

test.describe('customer suites with PROFILE=readonly and PROFILE=full @harness @customers', () => {
  test('should send no writes with PROFILE=readonly: read tests pass, the rest are skipped as Disabled with the reason', ({ readonlyRun }) => {
    const all = readonlyRun.tests;
    expect(all.length, readonlyRun.output.slice(-3000)).toBeGreaterThan(90);
    expect(show(all.filter((t) => t.status !== 'passed' && t.status !== 'skipped'))).toBe('[]');
    const reads = all.filter((t) => t.tags.includes('@readonly'));
    expect(reads.length).toBeGreaterThan(30);
    expect(show(reads.filter((t) => t.status !== 'passed'))).toBe('[]');
    const skipped = all.filter((t) => t.status === 'skipped');
    expect(skipped.length).toBeGreaterThan(20);
    expect(show(skipped.filter((t) => t.outcome !== 'disabled' || !t.notes.some((n) => /PROFILE=readonly/.test(n))))).toBe('[]');
    const writes = readLedger(ledgerFile(readonlyRun.reportDir));
    expect(writes, 'the ledger of a readonly run should be empty').toEqual([]);
  });

  test('should send a queued e-mail with PROFILE=full, and fail when sending leaves it pending', ({ fullRun }) => {
    const sends = fullRun.tests.filter((t) => t.title === SEND);
    expect(show(sends.filter((t) => t.project === 'clean' && t.status !== 'passed')), fullRun.output.slice(-3000)).toBe('[]');
    expect(sends.filter((t) => t.project === 'clean')).toHaveLength(1);
    for (const c of CUSTOMER_FAULT_CASES.filter((x) => x.profile === 'full')) expectFailures(fullRun, c.fault, c.fails);
  });
});
