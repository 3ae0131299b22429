// Credentials never reach an artefact. The contract proof run (support/contract-proof-run.ts)
// runs the suite with deliberate failures against faulty shops plus tests that push the password
// and the Basic token everywhere they can (proof/leaky.leak.ts), with the full reporter list
// (redacting reporter first, then html, junit, allure, compatibility, json). Every file it left
// is scanned, zips and base64 blobs included (the HTML report embeds its data as a base64 zip),
// and so is its stdout/stderr: 0 hits.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test as base } from '@playwright/test';
import { secretForms } from '../../src/client/redact.js';
import { scanTree } from '../support/artefact-scan.js';
import { contractProofRun, PROOF_PASSWORD, PROOF_USER } from './support/contract-proof-run.js';
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

test('should leave no credential in any artefact or in the output @harness @redaction', ({ proof }) => {
  const needles = secretForms(PROOF_USER, PROOF_PASSWORD);
  const leaky = proof.tests.filter((t) => t.project === 'leaky');
  expect(leaky.length, proof.output.slice(-2000)).toBe(5);
  expect(leaky.filter((t) => t.status !== 'failed').map((t) => t.title)).toEqual([]);
  const faults = proof.tests.filter((t) => t.project.startsWith('fault:') && t.status === 'failed');
  expect(faults.length).toBeGreaterThan(10);
  for (const dir of ['html/index.html', 'junit.xml', 'allure-results', 'test-results', 'results.json']) expect(existsSync(path.join(proof.reportDir, dir)), dir).toBe(true);

  const { hits, files, scanned } = scanTree(proof.reportDir, needles);
  expect(files.length).toBeGreaterThan(20);
  expect(scanned).toBeGreaterThan(files.length);
  expect(hits).toEqual([]);
  for (const n of needles) expect(proof.output.includes(n), 'child stdout/stderr').toBe(false);

  // The scan does reach the HTML report's embedded data: a test title is found inside it.
  const control = scanTree(path.join(proof.reportDir, 'html'), ['should leak nothing from attachments']).hits.map((h) => h.where);
  expect(control.some((w) => /^index\.html > base64@\d+ > .+\.json$/.test(w)), control.join('\n')).toBe(true);
});
