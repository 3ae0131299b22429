// PROFILE=readonly against the reference shop: the contract suite sends no writes (the ledger
// stays empty), tests of writing operations are Disabled with the reason, and the reads are
// still judged and pass.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { runProof } from './support/proof-run.js';

test('should send no writes and disable the write checks with PROFILE=readonly @harness @contract', async () => {
  const run = await runProof('test/harness/proof/proof.config.ts', { PROFILE: 'readonly', RUN_ID: 'rreadonly' }, ['--project', 'clean']);
  expect(run.tests.length, run.output.slice(-2000)).toBeGreaterThan(40);
  expect(run.tests.filter((t) => t.status === 'failed').map((t) => `${t.title} ${t.error ?? ''}`)).toEqual([]);
  const ledger = path.join(run.reportDir, 'ledger.jsonl');
  expect(existsSync(ledger) ? readFileSync(ledger, 'utf8') : '').toBe('');
  const writes = run.tests.filter((t) => ['@op:createAddress', '@op:createManufacturers', '@op:updateManufacturers', '@op:updateOrderStatuses'].some((op) => t.tags.includes(op)));
  expect(writes.length).toBeGreaterThan(20);
  expect(writes.filter((t) => t.outcome !== 'disabled').map((t) => `${t.tags.join(' ')}: ${t.outcome}`)).toEqual([]);
  expect(writes.every((t) => t.notes.some((n) => n.includes('PROFILE=readonly')))).toBe(true);
  const reads = run.tests.filter((t) => t.tags.includes('@readonly') && !t.tags.includes('@check:transportSecurity'));
  expect(reads.length).toBeGreaterThan(20);
  expect(reads.filter((t) => t.outcome !== 'pass').map((t) => `${t.tags.join(' ')}: ${t.outcome} ${t.notes.join(' | ')}`)).toEqual([]);
});
