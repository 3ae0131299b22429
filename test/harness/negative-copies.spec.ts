// A negative probe breaks exactly one rule: the broken copies of a create's valid body
// carry unique values of their own. Sent with the e-mail the valid create had just registered, a
// body that mistypes only isGuest met "E-Mail already used" on GX 4.8 and passed; with a fresh
// e-mail GX 4.8 stores a registree. Here the reference shop accepts wrong types
// (`wrong-types-accepted`) and refuses a registree's e-mail twice, as GX 4.8 does: the contract
// check of createCustomers must fail on the mistyped body (accepted with a 2xx). Without the fresh
// values the copy was refused for its e-mail and the mistyped isGuest went unseen (checked).
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { CompatibilityReport } from '../../src/report/compatibility/types.js';
import { runNode, selfTestDir, tsx } from '../reports/support/child.js';

test('should send a create\'s broken copies with fresh unique values, so only the broken rule refuses them @harness', async () => {
  test.setTimeout(240_000);
  const dir = selfTestDir('negative-copies');
  rmSync(dir, { recursive: true, force: true });
  const run = await runNode(tsx('src/cli/conformance.ts', '--reporter', 'dot', 'suites/contract', '--grep', '@op:createCustomers\\b.*@check:(negativeDataRejection|statusCodeConformance)\\b'), { REPORT_DIR: dir, RUN_ID: 'rnegcopy', SHOP_FAULTS: 'wrong-types-accepted' });
  const report = JSON.parse(readFileSync(path.join(dir, 'compatibility', 'report.json'), 'utf8')) as CompatibilityReport;
  const cell = report.failures.find((c) => c.operation === 'createCustomers' && c.check === 'negativeDataRejection');
  const mistyped = cell?.findings.find((f) => /^body field of the wrong type/.test(f.evidence?.label ?? ''));
  expect(mistyped?.evidence?.status, run.output.slice(-3000)).toBeGreaterThanOrEqual(200);
  expect(mistyped?.evidence?.status).toBeLessThan(300);
});
