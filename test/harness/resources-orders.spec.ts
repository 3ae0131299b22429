// Proof that the order suites can fail and stay quiet when they should. One child
// Playwright run (orders-proof/orders-proof.config.ts) runs them against in-process reference
// shops: clean, and with each fault of support/order-fault-cases.ts running the tests it must
// break. A second child runs them clean with PROFILE=readonly. Then:
// - the clean shop is green;
// - each fault makes each of its named tests fail;
// - every fault of the order area has a case;
// - tests of deprecated operations carry `deprecated` annotations, the others none;
// - with PROFILE=readonly only @readonly tests run (the rest is Disabled) and nothing is written.
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import { readLedger } from '../../src/client/ledger.js';
import { ORDER_AREA_FAULTS, ORDER_FAULT_CASES } from './support/order-fault-cases.js';
import { runProof, type ProofRun } from './support/proof-run.js';

const CONFIG = 'test/harness/orders-proof/orders-proof.config.ts';

const test = base.extend<object, { proof: ProofRun; readonlyRun: ProofRun }>({
  proof: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use(await runProof(CONFIG, { RUN_ID: 'rordersproof' }));
    },
    { scope: 'worker', timeout: 900_000 },
  ],
  readonlyRun: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use(await runProof(CONFIG, { RUN_ID: 'rordersro', PROFILE: 'readonly', ORDERS_PROOF_CLEAN_ONLY: '1' }));
    },
    { scope: 'worker', timeout: 900_000 },
  ],
});

/** The operation ids of a test's `deprecated` annotations (`deprecated: <operationId>: <why>`). */
function deprecatedAnnotated(notes: readonly string[]): string[] {
  return notes
    .filter((n) => n.startsWith('deprecated: '))
    .map((n) => n.slice('deprecated: '.length).split(':')[0] ?? '')
    .sort();
}

const tail = (run: ProofRun) => run.output.slice(-3000);

test.describe('order suites against the reference shop @harness @orders', () => {
  // One worker for all: the child runs are worker fixtures and must start once, not once per worker.
  test.describe.configure({ mode: 'default' });

  test('should pass every order suite test on the clean shop', ({ proof }) => {
    const clean = proof.tests.filter((t) => t.project === 'clean');
    expect(clean.length, tail(proof)).toBeGreaterThan(40);
    const notPassed = clean.filter((t) => t.status !== 'passed').map((t) => `${t.title}: ${t.status} ${t.error ?? ''}`);
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
      const annotated = deprecatedAnnotated(t.notes);
      expect(annotated, t.title).toEqual(deprecatedOps);
    }
    expect(clean.some((t) => deprecatedAnnotated(t.notes).length > 0)).toBe(true);
  });

  test('should run only the read checks with PROFILE=readonly and write nothing', ({ readonlyRun }) => {
    const tests = readonlyRun.tests;
    expect(tests.length, tail(readonlyRun)).toBeGreaterThan(40);
    const readonly = tests.filter((t) => t.tags.includes('@readonly'));
    expect(readonly.length).toBeGreaterThan(3);
    expect(readonly.filter((t) => t.status !== 'passed').map((t) => `${t.title}: ${t.status}`), tail(readonlyRun)).toEqual([]);
    const writing = tests.filter((t) => !t.tags.includes('@readonly'));
    const ran = writing.filter((t) => t.status !== 'skipped' || t.outcome !== 'disabled');
    expect(ran.map((t) => `${t.title}: ${t.status}`)).toEqual([]);
    const creates = readLedger(path.join(readonlyRun.reportDir, 'ledger.jsonl')).filter((e) => e.event === 'create');
    expect(creates).toEqual([]);
  });
});
