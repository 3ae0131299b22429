// Deliberately leaky tests for the redaction proof: each pushes the credentials into a different
// artefact (stdout, stderr, error messages, expect diffs, steps, annotations, attachments by body
// and by path, Playwright's call log). All of them fail on purpose (the project keeps its worker
// on failure); every artefact must still be clean.
import { writeFileSync } from 'node:fs';
import { expect, test } from '../../../fixtures/index.js';

test('should leak nothing when a test prints the credentials', ({ config }) => {
  const token = Buffer.from(`${config.apiUser}:${config.apiPassword}`).toString('base64');
  console.log(`password=${config.apiPassword}`);
  process.stderr.write(`Authorization: Basic ${token}\n`);
  throw new Error(`deliberate failure with ${config.apiPassword}`);
});

test('should leak nothing from expect diffs, steps and annotations', async ({ config }, testInfo) => {
  testInfo.annotations.push({ type: 'note', description: `pw ${config.apiPassword}` });
  await test.step(`log in with ${config.apiPassword}`, () => {
    expect(`secret ${config.apiPassword}`).toBe('something else');
  });
});

test('should leak nothing from attachments', async ({ config }, testInfo) => {
  const token = Buffer.from(`${config.apiUser}:${config.apiPassword}`).toString('base64');
  await testInfo.attach('credentials.txt', { body: `user ${config.apiUser} password ${config.apiPassword}`, contentType: 'text/plain' });
  const file = testInfo.outputPath('headers.json');
  writeFileSync(file, JSON.stringify({ authorization: `Basic ${token}` }));
  await testInfo.attach('headers.json', { path: file, contentType: 'application/json' });
  expect(token).toHaveLength(0);
});

test("should leak nothing from Playwright's call log", async ({ playwright, config }) => {
  const token = Buffer.from(`${config.apiUser}:${config.apiPassword}`).toString('base64');
  const ctx = await playwright.request.newContext();
  try {
    await ctx.get('http://127.0.0.1:9/nothing-listens-here', { headers: { authorization: `Basic ${token}` }, timeout: 2000 });
  } finally {
    await ctx.dispose();
  }
});

test('should leak nothing from the exchanges of a failed test', async ({ api }) => {
  const ex = await api.call('getCustomers');
  expect(ex.response.status, JSON.stringify(ex.request)).toBe(599);
});
