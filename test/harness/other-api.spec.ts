// The contract suite is not tied to the shop: with SPEC pointing at another API's OpenAPI 3 spec
// (a lending library) and a tiny server implementing it, the suite generates its tests from that
// spec (its groups and operationIds in the tags), runs green against the well-behaved server, and
// fails the right checks against a broken one.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { LIBRARY_SPEC, startLibrary, type LibraryFault } from './support/library-server.js';
import { runProof } from './support/proof-run.js';

const USER = 'librarian@example.test';
const PASSWORD = 'Library-Secret-31x';

async function runAgainstLibrary(faults: LibraryFault[], args: string[] = []) {
  const library = await startLibrary({ user: USER, password: PASSWORD, faults });
  try {
    return await runProof('test/harness/proof/other-api.config.ts', { BASE_URL: library.url, SPEC: LIBRARY_SPEC, API_USER: USER, API_PASSWORD: PASSWORD, RUN_ID: `rlib${faults.length}` }, args);
  } finally {
    await library.close();
  }
}

test.describe('contract suite on another API @harness @contract', () => {
  test('should generate, run and pass the checks of every operation of the other spec', async () => {
    const run = await runAgainstLibrary([]);
    const ops = new Set(run.tests.flatMap((t) => t.tags.filter((g) => g.startsWith('@op:'))));
    expect([...ops].sort(), run.output.slice(-2000)).toEqual(['@op:createBook', '@op:createLoan', '@op:deleteBook', '@op:getBook', '@op:getMember', '@op:listBooks', '@op:listLoans', '@op:returnLoan', '@op:updateBook', '@op:uploadBookCover']);
    const groups = new Set(run.tests.map((t) => t.tags.find((g) => !g.includes(':') && g !== '@readonly')));
    expect([...groups].sort()).toEqual(['@books', '@loans', '@members']);
    const bad = run.tests.filter((t) => t.status !== 'passed' && t.status !== 'skipped');
    expect(bad.map((t) => `${t.title} ${t.tags.join(' ')}: ${t.error ?? ''}`)).toEqual([]);
    expect(run.tests.filter((t) => t.outcome === 'error')).toEqual([]);
    // Skips carry their reason: plain http is not probed on an http target.
    const skipped = run.tests.filter((t) => t.status === 'skipped');
    expect(skipped.map((t) => t.notes.find((n) => n.startsWith('skip: ')))).toEqual(skipped.map(() => 'skip: the target is http; transportSecurity applies to https targets'));
    expect(run.tests.filter((t) => t.outcome === 'pass').length).toBeGreaterThan(60);
    // Preflight saw the other API and the run reported against it.
    const target = JSON.parse(readFileSync(path.join(run.reportDir, 'target.json'), 'utf8')) as { spec: { title: string }; url: string };
    expect(target.spec.title).toBe('Lending Library API');
    expect(existsSync(path.join(run.reportDir, 'html/index.html'))).toBe(true);
    // Loans have no DELETE in this spec, and books lent by them cannot be deleted (409): the
    // leftover report names exactly those.
    const leftovers = JSON.parse(readFileSync(path.join(run.reportDir, 'leftovers.json'), 'utf8')) as { leftovers: { path: string }[] };
    const paths = leftovers.leftovers.map((e) => e.path);
    expect(paths.filter((p) => !/^\/(books|loans)\/\d+$/.test(p))).toEqual([]);
    expect(paths.some((p) => p.startsWith('/books/')) && paths.some((p) => p.startsWith('/loans/'))).toBe(true);
    expect(run.output).toMatch(/\d+ record\(s\) this run created could not be removed:/);
    expect(run.exitCode).toBe(0);
  });

  test('should fail the checks a broken server breaks', async () => {
    const run = await runAgainstLibrary(['open-auth', 'book-without-created-at'], ['--grep', '@op:(listBooks|getBook)\\b']);
    const failed = (check: string, op: string) => run.tests.some((t) => t.status === 'failed' && t.outcome === 'fail' && t.tags.includes(`@check:${check}`) && t.tags.includes(`@op:${op}`));
    expect(failed('authRequired', 'listBooks'), run.output.slice(-3000)).toBe(true);
    expect(failed('responseSchemaConformance', 'getBook')).toBe(true);
    expect(run.tests.filter((t) => t.outcome === 'error')).toEqual([]);
  });
});
