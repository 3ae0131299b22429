// Playwright globalTeardown: the leftover report. Workers have deleted what they created; what
// the ledger still shows open for this run could not be removed and is listed in
// `${reportDir}/leftovers.json` (and on stderr), with `npm run cleanup` as the way out.
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { loadConfigOrExit } from '../config/config.js';
import { ledgerFile, outstandingEntries, readLedger } from '../client/ledger.js';

export default function globalTeardown(): void {
  const config = loadConfigOrExit();
  const open = outstandingEntries(readLedger(ledgerFile(config.reportDir)).filter((e) => e.run === config.runId));
  mkdirSync(config.reportDir, { recursive: true });
  writeFileSync(path.join(config.reportDir, 'leftovers.json'), JSON.stringify({ runId: config.runId, leftovers: open }, null, 2) + '\n');
  const live = open.filter((e) => !e.ephemeral);
  if (live.length) {
    const lines = live.slice(0, 20).map((e) => `  ${e.kind === 'file' ? `file ${e.id} in ${e.collection}` : e.path} (${e.operationId}) on ${e.target}`);
    process.stderr.write(`\n${live.length} record(s) this run created could not be removed:\n${lines.join('\n')}${live.length > 20 ? '\n  …' : ''}\nRun \`npm run cleanup\` to retry; ${path.relative(process.cwd(), path.join(config.reportDir, 'leftovers.json'))} lists them all.\n`);
  }
}
