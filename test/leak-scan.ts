// The last phase of `npm test` (and so of CI): every artefact the run wrote (reports/, test-results/)
// is searched for the run's credentials in every form secretForms() knows (plain, Basic token,
// URL-encoded, ...), inside zips and base64 blobs too (the HTML report embeds its data as a base64
// zip). The redaction self-test proves the scanner on deliberate leaks; this runs it on the real
// run's output. Exit 1 with the places on any hit.
//
//   node --import tsx test/leak-scan.ts [--since=<epoch ms>] <dir> [<dir> ...]
//
// --since: only files written since then (npm test passes its start), so scratch files someone
// keeps under reports/ do not fail the run; in CI's clean clone that is everything there.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { loadConfigOrExit, PROJECT_ROOT } from '../src/config/config.js';
import { secretForms } from '../src/client/redact.js';
import { scanBuffer, type Hit } from './harness/support/artefact-scan.js';

const config = loadConfigOrExit();
const needles = secretForms(config.apiUser, config.apiPassword);
const sinceArg = process.argv.find((a) => a.startsWith('--since='));
const since = sinceArg ? Number(sinceArg.slice('--since='.length)) : 0;
const dirs = process.argv.slice(2).filter((a) => !a.startsWith('--')).map((d) => path.resolve(PROJECT_ROOT, d)).filter((d) => existsSync(d));

const hits: Hit[] = [];
let files = 0;
let scanned = 0;
const walk = (d: string): void => {
  for (const name of readdirSync(d)) {
    const p = path.join(d, name);
    const st = statSync(p);
    if (st.isDirectory()) walk(p);
    else if (st.mtimeMs >= since) {
      files++;
      scanned += scanBuffer(readFileSync(p), path.relative(PROJECT_ROOT, p), needles, hits);
    }
  }
};
for (const dir of dirs) walk(dir);

const names = dirs.map((d) => path.relative(PROJECT_ROOT, d) || '.').join(', ') || '(nothing to scan)';
if (hits.length) {
  console.error(`credential scan: ${hits.length} hit(s) in ${names}:`);
  // Never print the secret itself: name the form by its length and place.
  for (const h of hits.slice(0, 50)) console.error(`  ${h.where}: a credential form (${h.needle.length} chars)`);
  if (hits.length > 50) console.error(`  … ${hits.length - 50} more`);
  process.exitCode = 1;
} else {
  console.log(`credential scan: 0 hits in ${files} files (${scanned} files, archive entries and base64 blobs) under ${names}`);
}
