// `npm run bench:shapes [-- <report folder>...]`: what recording the answers' shapes costs (issue
// 34). It reports and never gates.
//
// - In the run, per answer: the reference shop's answers to every GET of a collection (its lists
//   and records, from small to the largest it has), each added to a test's tallies 200 times
//   (src/core/shapes.ts addAnswer); microseconds per answer, and for each report folder given the
//   run's CPU estimate (its answers times the mean cost).
// - At the end of a run, per report folder given (default: reports): the compatibility reporter's
//   part (src/compare/shapes-file.ts: every verdict record's tallies summed into shapes.json and
//   written), timed from the verdict records in its allure-results; the size of shapes.json; what
//   the tallies add to the verdict records (attachments of every test: test-results, allure-results,
//   blob reports of a sharded run).
// - Comparing: `npm run compare` of the first two folders given, timed (reading both runs included).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createShop } from '../reference/shop.js';
import { BUNDLED_SPEC, DEFAULT_PASSWORD, DEFAULT_USER } from '../src/config/config.js';
import { headerHelp, printHelpAndExit, wantsHelp } from '../src/core/help.js';
import { catalogueFor } from '../src/spec/cache.js';
import { addAnswer, type AnswerTallies } from '../src/core/shapes.js';
import type { Exchange } from '../src/core/exchange.js';
import type { Traffic } from '../src/core/traffic.js';
import { parseVerdict } from '../src/core/verdict.js';
import { compare } from '../src/compare/compare.js';
import { loadRun } from '../src/compare/run.js';
import { writeShapes } from '../src/compare/shapes-file.js';
import type { CompatibilityReport } from '../src/report/compatibility/types.js';

const ROUNDS = 200;

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(0)} KB`;
}

async function perAnswer(): Promise<number> {
  const shop = await createShop();
  try {
    const catalogue = await catalogueFor(BUNDLED_SPEC, undefined);
    const exchanges: Exchange[] = [];
    for (const op of catalogue.operations.filter((o) => o.method === 'get' && !o.path.includes('{'))) {
      const res = await fetch(`${shop.url}${op.path}`, { headers: { authorization: `Basic ${Buffer.from(`${DEFAULT_USER}:${DEFAULT_PASSWORD}`).toString('base64')}` } });
      const text = await res.text();
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        continue;
      }
      exchanges.push({ operationId: op.id, intent: 'positive', request: { method: 'GET', url: `${shop.url}${op.path}`, headers: {}, auth: 'default' }, response: { status: res.status, headers: Object.fromEntries(res.headers), json, text, durationMs: 1 } });
    }
    const sizes = exchanges.map((e) => e.response.text.length).sort((a, b) => a - b);
    const started = performance.now();
    for (let i = 0; i < ROUNDS; i++) {
      const tallies: AnswerTallies = {};
      for (const ex of exchanges) addAnswer(tallies, ex, false);
    }
    const us = ((performance.now() - started) * 1000) / (ROUNDS * exchanges.length);
    process.stdout.write(`per answer: ${us.toFixed(1)} µs (mean over ${exchanges.length} answers of the reference shop's collection GETs, ${sizes[0] ?? 0}-${sizes[sizes.length - 1] ?? 0} bytes, median ${sizes[Math.floor(sizes.length / 2)] ?? 0}; ${ROUNDS} rounds)\n`);
    return us;
  } finally {
    await shop.close();
  }
}

function verdictTraffics(dir: string): { traffics: Traffic[]; answersBytes: number; verdictBytes: number } {
  const traffics: Traffic[] = [];
  let answersBytes = 0;
  let verdictBytes = 0;
  const results = path.join(dir, 'allure-results');
  for (const name of readdirSync(results)) {
    if (!name.endsWith('-attachment.json')) continue;
    const text = readFileSync(path.join(results, name), 'utf8');
    const v = parseVerdict(text);
    if (!v?.traffic) continue;
    verdictBytes += text.length;
    traffics.push(v.traffic);
    for (const t of Object.values(v.traffic)) answersBytes += JSON.stringify(t.answers ?? {}, null, 2).length;
  }
  return { traffics, answersBytes, verdictBytes };
}

async function main(): Promise<void> {
  if (wantsHelp(process.argv.slice(2))) printHelpAndExit(headerHelp(fileURLToPath(import.meta.url)));
  const dirs = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  if (!dirs.length) dirs.push('reports');
  const missing = dirs.filter((d) => !existsSync(path.join(d, 'compatibility', 'report.json')));
  if (missing.length) {
    process.stderr.write(`npm run bench:shapes: no compatibility/report.json in ${missing.join(', ')}: give the report folders of runs (REPORT_DIR)\n`);
    process.exit(2);
  }
  const us = await perAnswer();
  for (const dir of dirs) {
    const report = JSON.parse(readFileSync(path.join(dir, 'compatibility', 'report.json'), 'utf8')) as CompatibilityReport;
    const answers = report.notes?.requests?.total ?? 0;
    const { traffics, answersBytes, verdictBytes } = verdictTraffics(dir);
    const out = mkdtempSync(path.join(tmpdir(), 'bench-shapes-'));
    try {
      const started = performance.now();
      const file = writeShapes(out, traffics, report, (s) => s);
      const ms = performance.now() - started;
      process.stdout.write(
        `${dir}: ${report.target.shopVersion ?? report.target.url ?? '?'}: ${answers.toLocaleString('en-US')} requests, so about ${((answers * us) / 1000).toFixed(0)} ms of CPU recording in the run; ` +
          `shapes.json ${kb(statSync(file).size)}, summed and written in ${ms.toFixed(0)} ms from ${traffics.length} verdict records; ` +
          `the tallies add ${kb(answersBytes)} to those records (${kb(verdictBytes)} with them)\n`,
      );
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }
  if (dirs.length >= 2) {
    const started = performance.now();
    const c = compare(loadRun(dirs[0] as string), loadRun(dirs[1] as string));
    process.stdout.write(`compare ${dirs[0] ?? ''} ${dirs[1] ?? ''}: ${(performance.now() - started).toFixed(0)} ms (both runs read), ${c.counts.items} items\n`);
  }
}

await main();
