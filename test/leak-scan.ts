// The last phase of `npm test` (and so of CI): every artefact the run wrote (reports/, test-results/)
// is searched for the run's credentials in every form secretForms() knows (plain, Basic token,
// URL-encoded, ...) and for Authorization header values left in the clear, inside zips, gzip and
// base64 blobs too (the HTML report embeds its data as a base64 zip): test/support/artefact-scan.ts,
// whose unit test plants each form, and which the redaction and report self-tests run on their own
// runs. Exit 1 with the places on any hit.
//
//   node --import tsx test/leak-scan.ts [--since=<epoch ms>] <dir> [<dir> ...]
//
// --since: only files written since then (npm test passes its start), so scratch files someone
// keeps under reports/ do not fail the run; in CI's clean clone that is everything there.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfigOrExit, PROJECT_ROOT } from '../src/config/config.js';
import { secretForms } from '../src/client/redact.js';
import { scanTree, type Hit } from './support/artefact-scan.js';

const config = loadConfigOrExit();
// The second user's credentials too (SECOND_USER/SECOND_PASSWORD: the security pack's other user).
const needles = [...secretForms(config.apiUser, config.apiPassword), ...(config.secondUser !== undefined && config.secondPassword !== undefined ? secretForms(config.secondUser, config.secondPassword) : [])];
const sinceArg = process.argv.find((a) => a.startsWith('--since='));
const since = sinceArg ? Number(sinceArg.slice('--since='.length)) : 0;
const dirs = process.argv.slice(2).filter((a) => !a.startsWith('--')).map((d) => path.resolve(PROJECT_ROOT, d)).filter((d) => existsSync(d));

const hits: Hit[] = [];
let files = 0;
let scanned = 0;
for (const dir of dirs) {
  const r = scanTree(dir, needles, { since });
  const prefix = path.relative(PROJECT_ROOT, dir);
  hits.push(...r.hits.map((h) => ({ ...h, where: path.join(prefix, h.where) })));
  files += r.files.length;
  scanned += r.scanned;
}

const names = dirs.map((d) => path.relative(PROJECT_ROOT, d) || '.').join(', ') || '(nothing to scan)';
if (hits.length) {
  console.error(`credential scan: ${hits.length} hit(s) in ${names}:`);
  // A hit names the form found and its place, never the secret itself.
  for (const h of hits.slice(0, 50)) console.error(`  ${h.where}: ${h.form}`);
  if (hits.length > 50) console.error(`  … ${hits.length - 50} more`);
  process.exitCode = 1;
} else {
  console.log(`credential scan: 0 hits in ${files} files (${scanned} files, archive entries and base64 blobs) under ${names}`);
}
