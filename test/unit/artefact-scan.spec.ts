// The artefact credential scanner (test/support/artefact-scan.ts) on a fake artefact tree with one
// planted leak per form and place, and clean files beside them that must stay quiet.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { gzipSync, zipSync } from 'fflate';
import { secretForms } from '../../src/client/redact.js';
import { scanTree } from '../support/artefact-scan.js';

const USER = 'admin@example.test';
const PASSWORD = 'Planted-Secret-1';
const b64 = (s: string | Uint8Array): string => Buffer.from(s).toString('base64');

/** Planted files: path -> contents. Each holds one leak only the named mechanism finds. */
function plantedTree(): Record<string, string | Uint8Array> {
  const token = b64(`${USER}:${PASSWORD}`);
  const reportZip = zipSync({ 'data/abc.json': Buffer.from(JSON.stringify({ title: 'should x', stdout: [`curl -u ${USER}:${PASSWORD}`] })) });
  return {
    // The password in the clear.
    'test-results/plain.log': `password was ${PASSWORD}\n`,
    // user:password as a Basic token, inside a blob report's zip.
    'blob/report.zip': zipSync({ 'report.jsonl': Buffer.from(`{"h":"Basic ${token}"}`) }),
    // The HTML report's embedded base64 zip, holding the credentials in a JSON entry.
    'html/index.html': `<script>window.playwrightReportBase64 = "data:application/zip;base64,${b64(reportZip)}";</script>`,
    // base64 of user:password alone, unpadded, as some tools print it.
    'allure-results/a-attachment.txt': `token ${token.replace(/=+$/, '')}\n`,
    // base64url of a short binary with the password: its `-` at index 1 leaves a standard-alphabet
    // reader only a misaligned run, so only decoding the whole URL-safe run finds it.
    'allure-report/index.html': `<img src="data:application/octet-stream;base64,${b64(Buffer.concat([Buffer.from([0x03, 0xe0]), Buffer.from(`pw=${PASSWORD};`)])).replace(/\+/g, '-').replace(/\//g, '_')}">`,
    // A gzip stream (e.g. a compressed log).
    'logs/run.log.gz': gzipSync(Buffer.from(`login ${PASSWORD}`)),
    // An Authorization header with a credential that is not the run's (a probe's, a user's).
    'junit.xml': `<system-out>curl -H 'Authorization: Bearer eyJhbGciOi.J9.x1y2z3'</system-out>`,
  };
}

const CLEAN: Record<string, string | Uint8Array> = {
  'clean/redacted.txt': `curl -H 'authorization: Basic [REDACTED]' -H "Authorization": "Bearer [REDACTED]"`,
  'clean/prose.md': 'The API uses HTTP Basic authentication over HTTPS. Authorization: see the README.',
  'clean/ids.json': JSON.stringify({ op: 'getOrdersItemsAttributeProperty', hash: 'a3f9c2d1e4b5a6f7c8d9e0f1a2b3c4d5e6f7a8b9' }),
  'clean/broken.zip': Buffer.from('PK\u0003\u0004 not really a zip'),
};

test.describe('artefact credential scan @unit', () => {
  test('should find each planted leak form in its place and nothing in clean files', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'artefact-scan-'));
    try {
      const planted = plantedTree();
      for (const [file, body] of Object.entries({ ...planted, ...CLEAN })) {
        mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        writeFileSync(path.join(dir, file), body);
      }
      const { hits, files, scanned } = scanTree(dir, secretForms(USER, PASSWORD));
      expect(files.sort()).toEqual(Object.keys({ ...planted, ...CLEAN }).sort());
      expect(scanned).toBeGreaterThan(files.length);
      const byFile = (f: string) => hits.filter((h) => h.where.split(' > ')[0]?.split(' @')[0] === f);
      for (const file of Object.keys(planted)) expect(byFile(file).length, `a leak in ${file}`).toBeGreaterThan(0);
      for (const file of Object.keys(CLEAN)) expect(byFile(file), `no leak in ${file}`).toEqual([]);
      // Found where it is: inside the archive entry, the decoded blob, the decoded zip's entry.
      expect(byFile('blob/report.zip').map((h) => h.where)).toContain('blob/report.zip > report.jsonl');
      expect(byFile('html/index.html').some((h) => /^html\/index\.html > base64@\d+ > data\/abc\.json$/.test(h.where))).toBe(true);
      expect(byFile('allure-report/index.html').some((h) => / > base64@\d+$/.test(h.where))).toBe(true);
      expect(byFile('logs/run.log.gz').map((h) => h.where)).toContain('logs/run.log.gz > (gunzip)');
      expect(byFile('junit.xml').map((h) => h.form)).toEqual(['Authorization header value']);
      // A hit never repeats the secret.
      for (const h of hits) for (const form of secretForms(USER, PASSWORD)) expect(`${h.where} ${h.form}`).not.toContain(form);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('should scan only files written since a time when asked', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'artefact-scan-'));
    try {
      writeFileSync(path.join(dir, 'old.log'), PASSWORD);
      const later = Date.now() + 60_000;
      expect(scanTree(dir, [PASSWORD]).hits.length).toBe(1);
      expect(scanTree(dir, [PASSWORD], { since: later })).toEqual({ hits: [], files: [], scanned: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
