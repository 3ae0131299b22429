// `npm run bench:shop [-- --duration=10] [--connections=10,50]`: throughput of the reference shop
// (in-process, like the harness's workers start it) on a list read and a create, with autocannon.
// The shop must keep up with the harness, so that a run's wall time goes to checks, not waiting.
// Prints requests/s and p99 latency per scenario; never fails on the figures.
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { DEFAULT_PASSWORD, DEFAULT_USER } from '../src/config/config.js';
import { createShop } from '../reference/shop.js';
import { headerHelp, printHelpAndExit, wantsHelp } from '../src/core/help.js';

if (wantsHelp(process.argv.slice(2))) printHelpAndExit(headerHelp(fileURLToPath(import.meta.url)));

function flag(name: string, fallback: string): string {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.slice(name.length + 3) : fallback;
}

const duration = Number(flag('duration', '10'));
const connectionsList = flag('connections', '10,50').split(',').map(Number);
if (!Number.isFinite(duration) || duration <= 0 || connectionsList.some((c) => !Number.isInteger(c) || c < 1)) {
  process.stderr.write('usage: bench/shop-throughput.ts [--duration=<seconds>] [--connections=10,50]\n');
  process.exit(2);
}

const auth = `Basic ${Buffer.from(`${DEFAULT_USER}:${DEFAULT_PASSWORD}`).toString('base64')}`;
// A guest: guests may share e-mails, so every create succeeds.
const guest = JSON.stringify([{ gender: 'f', firstname: 'Bench', lastname: 'Mark', email: 'bench@example.test', isGuest: true }]);

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

const scenarios: Scenario[] = [
  { name: 'GET /customers (list)', method: 'GET', path: '/customers' },
  { name: 'POST /customers (create)', method: 'POST', path: '/customers', body: guest },
];

const shop = await createShop({ rateLimit: { limit: 1e9, windowSec: 900 } });
console.log(`reference shop bench: ${os.cpus().length} cores, node ${process.version}, ${duration} s per run, shop in-process at ${shop.url}\n`);
console.log(`${'scenario'.padEnd(28)} ${'conns'.padStart(5)} ${'req/s'.padStart(9)} ${'p99 ms'.padStart(8)} ${'non-2xx'.padStart(8)} ${'errors'.padStart(7)}`);
try {
  // Warm-up (JIT, validator compilation), not reported.
  for (const s of scenarios) await autocannon({ url: `${shop.url}${s.path}`, method: s.method, connections: 10, duration: 1, headers: { authorization: auth, 'content-type': 'application/json' }, ...(s.body ? { body: s.body } : {}) });
  for (const s of scenarios) {
    for (const connections of connectionsList) {
      shop.reset();
      const r = await autocannon({
        url: `${shop.url}${s.path}`,
        method: s.method,
        connections,
        duration,
        headers: { authorization: auth, ...(s.body ? { 'content-type': 'application/json' } : {}) },
        ...(s.body ? { body: s.body } : {}),
      });
      console.log(`${s.name.padEnd(28)} ${String(connections).padStart(5)} ${r.requests.average.toFixed(0).padStart(9)} ${String(r.latency.p99).padStart(8)} ${String(r.non2xx).padStart(8)} ${String(r.errors).padStart(7)}`);
    }
  }
} finally {
  await shop.close();
}
