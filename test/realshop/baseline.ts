// A real shop's baseline (spec/baselines/<shop>.baseline.json), rewritten from the phase's runs of
// that shop: every cell that failed in one of them (standard or readonly) gets an entry, each with
// a reason and the request that shows it; entries whose cells no longer fail go.
//
//   REALSHOP_SHOPS=gx48 npm run test:realshop -- --update-baselines [--fresh]
//                                                     run the shop, then rewrite
//   node --import tsx test/realshop/baseline.ts gx48 [--from reports/realshop/gx48] [--fresh]
//                                                     rewrite from the reports of the last phase run
//
// Entries kept from the old file keep their reason (stays() says which are kept), but for an
// "unreviewed" one that this rewrite can name. A new entry names the defect the report grouped the
// cell's findings into (src/report/defects): its signature, its title in the shop's terms, its one
// reproduction; a cell no defect covers falls back to naming it from the evidence (namedDefect) or
// reads "unreviewed: from run <date>: <the finding>". Error cells (harness errors) never go into a
// baseline.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../src/config/config.js';
import { isFailing, matches, readBaseline } from '../../src/report/compatibility/baseline.js';
import type { CellReport } from '../../src/report/compatibility/rows.js';
import type { BaselineEntry, CompatibilityReport, Defect } from '../../src/report/compatibility/types.js';
import { shopByKey, type ShopDef } from './shops.js';

export interface BaselineRewrite {
  entries: BaselineEntry[];
  added: number;
  removed: number;
  /** New entries that name the defect, and those left "unreviewed". */
  named: number;
  unreviewed: number;
}

const EXCERPT = 200;

/** A file path into the shop's web root (`/tmp/gambio/npm-test-gx48/shop/`): instance-specific. */
const SHOP_PATH = /(?:\/[\w.-]+)+\/shop\//g;
/** A run id (src/config: `r` + yymmddHHMM + four characters), as the run's data carries it. */
const RUN_ID = /\br\d{10}[a-z0-9]{1,4}\b/g;
/** A run id an excerpt cut short (`qa-r2611252…`), and a shop's loopback origin (its port is the instance's). */
const CUT_RUN_ID = /\br\d{4,10}[a-z0-9]{0,3}(?=…)/g;
const LOOPBACK = /https?:\/\/127\.0\.0\.1:\d+/g;
/** Where in the shop's files a PHP error happened, cut short in a message (`, called in /tmp/gambio…`). */
const CALLED_IN_CUT = /,? called in \/[^\s…]*…/g;

const oneLine = (s: string): string => s.replace(/\s+/g, ' ').trim();
const cut = (s: string, n = EXCERPT): string => (s.length > n ? `${s.slice(0, n)}…` : s);

/** The shop's own error message in a body excerpt (`"message": "…"`), when it has one. */
function shopMessage(body: string): string | undefined {
  const m = /"message"\s*:\s*"((?:[^"\\]|\\.)*)"/.exec(body);
  // Without where in the shop's files it happened (the instance's path, line numbers).
  return m?.[1] ? cut(oneLine(m[1].replace(/\\(.)/g, '$1').replace(/,? called in \S+ on line \d+/g, '').replace(SHOP_PATH, '<shop>/')), 140) : undefined;
}

/** Run id and target as placeholders, the shop's file paths cut, so entries compare across runs and instances. */
function neutral(text: string, report: Pick<CompatibilityReport, 'runId' | 'target'>): string {
  let t = text;
  if (report.target.url) {
    t = t.split(report.target.url).join('$BASE_URL');
    t = t.split(new URL(report.target.url).origin).join('<origin>');
  }
  if (report.runId) t = t.split(report.runId).join('<run>');
  return anyRun(t);
}

/** Other runs' ids (records an earlier run left, a shared list) and the shop's file paths. */
function anyRun(text: string): string {
  return text.replace(RUN_ID, '<run>').replace(CUT_RUN_ID, '<run>').replace(LOOPBACK, '<origin>').replace(SHOP_PATH, '<shop>/').replace(CALLED_IN_CUT, '…');
}

/** The request and its answer, as the GX 3.2 baseline writes them (`curl … -> status body`). */
function evidenceText(curl: string, status: string, body: string, report: Pick<CompatibilityReport, 'runId' | 'target'>): string {
  const c = neutral(curl.replace(/ -H 'user-agent: [^']*'/g, '').replace(/ -H 'accept: application\/json'/g, ''), report);
  return `${cut(c, 600)} -> ${status} ${cut(oneLine(neutral(body, report)))}`;
}

/** The evidence of a cell: its first finding's exchange, else the request and answer its failure message prints. */
export function evidenceOf(cell: Pick<CellReport, 'findings' | 'message'>, report: Pick<CompatibilityReport, 'runId' | 'target'>): string | undefined {
  const e = cell.findings[0]?.evidence;
  if (e?.curl) return evidenceText(e.curl, String(e.status), e.bodyExcerpt, report);
  const lines = (cell.message ?? '').split('\n');
  const req = lines.findIndex((l) => l.trim().startsWith('request:'));
  if (req < 0) return undefined;
  const curl = (lines[req] ?? '').trim().slice('request:'.length).trim();
  const status = /^\s*response:\s*(\d{3})/.exec(lines[req + 1] ?? '')?.[1] ?? '?';
  const bodyAt = lines.findIndex((l, i) => i > req && l.trim().startsWith('body:'));
  const body = bodyAt > 0 ? [(lines[bodyAt] ?? '').trim().slice('body:'.length), ...lines.slice(bodyAt + 1, bodyAt + 30)].join(' ') : '';
  return evidenceText(curl, status, body, report);
}

/**
 * The defect a failing cell shows, where its first finding says it without room for doubt; else
 * undefined (the entry is then "unreviewed").
 */
export function namedDefect(cell: Pick<CellReport, 'check' | 'findings' | 'message'>): string | undefined {
  const f = cell.findings[0];
  const e = f?.evidence;
  if (!f || !e) return namedFromMessage(cell.message);
  const input = e.label ? ` to a request with ${e.label}` : '';
  const said = shopMessage(e.bodyExcerpt);
  const declared = e.declaredStatuses.length ? e.declaredStatuses.join(', ') : 'other statuses';
  if (e.status >= 500 && ['notAServerError', 'negativeDataRejection', 'statusCodeConformance'].includes(cell.check)) {
    return `Answers ${e.status}${input} where the spec declares ${declared}${said ? ` (the shop's message: ${said})` : ''}.`;
  }
  if (cell.check === 'methodOverride') {
    const m = /X-HTTP-Method-Override: (\w+)/.exec(`${e.label ?? ''} ${f.message}`);
    return `X-HTTP-Method-Override${m ? `: ${m[1]}` : ''} is not honoured (the v2 guide routes such a POST as the method it names): ${cut(oneLine(f.message), 160)}`;
  }
  if (cell.check === 'statusCodeConformance' && e.status >= 200 && e.status < 300) {
    return `Answers ${e.status}${input} where the spec declares ${declared}.`;
  }
  return undefined;
}

/** A rule test's failure message that shows a 5xx answer (`tried:`, `response: 500`, `body:`, `declared:`). */
function namedFromMessage(message: string | undefined): string | undefined {
  if (!message) return undefined;
  const status = Number(/^\s*response:\s*(\d{3})/m.exec(message)?.[1] ?? 0);
  if (status < 500) return undefined;
  const tried = /^\s*tried:\s*(.+)$/m.exec(message)?.[1]?.trim();
  const declared = /^\s*declared:\s*(.+)$/m.exec(message)?.[1]?.trim();
  const said = shopMessage(message.slice(message.search(/^\s*body:/m)));
  return `Answers ${status}${tried ? ` (tried: ${tried})` : ''}${declared ? ` where the spec declares ${declared}` : ''}${said ? ` (the shop's message: ${said})` : ''}.`;
}

/** What a failing cell's test said, in one line: its first finding, else the finding its failure message prints. */
function describe(cell: CellReport, report: Pick<CompatibilityReport, 'runId' | 'target'>): string {
  const f = cell.findings[0];
  if (f) return cut(oneLine(neutral(`${f.title}: ${f.message}`, report)));
  const lines = (cell.message ?? cell.outcome).split('\n').map((l) => l.trim()).filter(Boolean);
  const x = lines.findIndex((l) => l.startsWith('✗'));
  const said = x >= 0 ? [lines[x], lines[x + 1]].filter((l): l is string => l !== undefined && !/^(request|response|body):/.test(l)) : lines.slice(0, 1);
  if (lines[0]?.startsWith('PropertyFailure') && x > 0) said.unshift(lines[0].replace(/^PropertyFailure: /, ''));
  return cut(oneLine(neutral(said.join(' ').replace(/^✗ /, '').replace(/ \((?:fail|error), \w+\)/, ''), report)));
}

/**
 * Failing (Fail, not Error) cells of the reports, first report first: the evidence comes from the
 * first run that failed a cell. Every run's cell is listed, not only the first: the same cell may
 * show another defect in another run (GX 4.8's readonly run meets its order items with an id the
 * standard run never sends), and the gate knows a cell only by the defects its entries name.
 */
function failing(reports: readonly CompatibilityReport[]): { cell: CellReport; report: CompatibilityReport }[] {
  const out: { cell: CellReport; report: CompatibilityReport }[] = [];
  for (const report of reports) {
    for (const cell of [...report.failures, ...report.other]) if (cell.outcome === 'fail') out.push({ cell, report });
  }
  return out;
}

const COMMENT = (shop: ShopDef): string =>
  `Known deviations of ${shop.title} (API ${shop.versions.api}), the vendor's own shop, from the Shop API v2 description this harness tests: ` +
  `the baseline of the real-shop phase of npm test (test/realshop/run.ts). Each entry names the shop's defect with the request that shows it, ` +
  `or says "unreviewed: from run <date>" where nobody has yet named it. Rewrite it from a run with ` +
  `\`REALSHOP_SHOPS=${shop.key} npm run test:realshop -- --update-baselines\`, or from the last run's reports with ` +
  `\`node --import tsx test/realshop/baseline.ts ${shop.key}\`. A user testing that shop version may use it with ` +
  `\`npm run conformance -- --baseline ${shop.baseline}\`.`;

/**
 * Whether an old entry stays. It stays when a cell of some run failed under it. Else it goes when
 * some run's gate decided its cells pass (the same judgement as gate.ts's "now passes"), and stays
 * when no run decided it: a drawn property or model test passed this time (which does not show the
 * deviation is gone), or its cells were not judged (Skip, Unsupported: GX 4.8's support gate does
 * not decide the same way every run), as `npm run baseline:update` keeps them. `fresh`
 * keeps only entries whose cells failed: a clean rebuild, e.g. after the harness's verdicts changed.
 */
function stays(e: BaselineEntry, reports: readonly CompatibilityReport[], fresh: boolean): boolean {
  const same = (x: { operation: string; check: string }): boolean => x.operation === e.operation && x.check === e.check;
  if (reports.some((r) => [...r.failures, ...r.other].some((c) => isFailing(c.outcome) && matches(e, c.operation, c.check)))) return true;
  // An entry declared unstable (it fails in some runs of an unchanged shop) is not judged by one
  // rewrite's runs passing it: the next run may fail it again. A person removes it, or --fresh.
  if (!fresh && e.unstable) return true;
  return !fresh && !reports.some((r) => r.gate.fixed.some(same));
}

/** The defects of a report (grouped by signature, src/report/defects) that fail a cell. */
function defectsOfCell(report: CompatibilityReport, cell: Pick<CellReport, 'operation' | 'check'>): Defect[] {
  return (report.defects ?? []).filter((d) => d.cells.some((c) => c.operation === cell.operation && c.check === cell.check));
}

/** A defect as a baseline reason: what is wrong in the shop's terms, its kind and severity. */
function defectReason(d: Defect, report: CompatibilityReport): string {
  return cut(oneLine(neutral(`${d.title} (${d.severity} ${d.kind} defect; ${d.cells.length} cell(s) on ${d.operations.length} operation(s) in the run it was named from)`, report)), 400);
}

/** A defect's evidence: its one reproduction and the answer it got. */
function defectEvidence(d: Defect, report: CompatibilityReport): string | undefined {
  const e = d.example?.evidence;
  const curl = e?.curl ?? d.reproduction.curl;
  if (!curl) return d.reproduction.note ? neutral(d.reproduction.note, report) : undefined;
  return evidenceText(curl, e ? String(e.status) : '?', e?.bodyExcerpt ?? '', report);
}

/**
 * The new entries from the runs' reports and the old entries; pure (the file is the caller's).
 * A failing cell gets one entry per defect it shows (the entry names the defect's signature, so a
 * new defect in the same cell is a new failure), with the defect's title as the reason
 * and its reproduction as evidence; a cell no defect covers (none should) falls back to the
 * older naming from its first finding.
 */
export function rebuiltEntries(old: readonly BaselineEntry[], reports: readonly CompatibilityReport[], date: string, fresh = false): BaselineRewrite {
  const cells = failing(reports);
  // A kept entry whose reason is still the "unreviewed" placeholder gets the defect's name when
  // this rewrite can name it; every other reason is a reviewer's and stays as written.
  const kept = old
    .filter((e) => stays(e, reports, fresh))
    .map((e) => {
      e = { ...e, reason: anyRun(e.reason), ...(e.evidence ? { evidence: anyRun(e.evidence) } : {}) };
      if (!e.reason.startsWith('unreviewed:')) return e;
      const hit = cells.find(({ cell }) => cell.operation === e.operation && cell.check === e.check);
      if (!hit) return e;
      const first = defectsOfCell(hit.report, hit.cell)[0];
      if (first) return { ...e, reason: defectReason(first, hit.report) };
      const named = namedDefect(hit.cell);
      return named ? { ...e, reason: neutral(named, hit.report) } : e;
    });
  // An entry whose signature its failing cell no longer shows (the grouping changed) is
  // re-keyed: one entry per defect the cell shows now, with its reason where a reviewer wrote it
  // (a generated one is written again from the defect).
  const generated = /\((critical|major|minor) [\w-]+ defect; \d+ cell\(s\)/;
  const rekeyed: BaselineEntry[] = [];
  for (const e of [...kept]) {
    if (e.defect === undefined) continue;
    const hits = cells.filter(({ cell }) => cell.operation === e.operation && cell.check === e.check);
    const shown = hits.flatMap((hit) => defectsOfCell(hit.report, hit.cell).map((d) => ({ d, report: hit.report })));
    if (!shown.length || shown.some(({ d }) => d.signature === e.defect)) continue;
    kept.splice(kept.indexOf(e), 1);
    for (const { d, report } of shown) {
      if (rekeyed.some((x) => x.operation === e.operation && x.check === e.check && x.defect === d.signature)) continue;
      const evidence = defectEvidence(d, report) ?? e.evidence;
      rekeyed.push({ ...e, defect: d.signature, reason: generated.test(e.reason) ? defectReason(d, report) : e.reason, ...(evidence ? { evidence } : {}) });
    }
  }
  kept.push(...rekeyed);
  // A kept entry that names no defect knows its whole cell; one that names a defect knows only it.
  // Added entries count too: a later run's cell adds only the defects the earlier runs' did not.
  const added: BaselineEntry[] = [];
  const knows = (cell: CellReport, signature: string | undefined): boolean =>
    [...kept, ...added].some((e) => matches(e, cell.operation, cell.check) && (e.defect === undefined || e.defect === signature));
  let named = 0;
  let unreviewed = 0;
  for (const { cell, report } of cells) {
    const defects = defectsOfCell(report, cell);
    if (defects.length) {
      for (const d of defects) {
        if (knows(cell, d.signature)) continue;
        named++;
        // The cell's own exchange where it shows only this defect, else the defect's reproduction.
        const evidence = (defects.length === 1 ? evidenceOf(cell, report) : undefined) ?? defectEvidence(d, report);
        added.push({ operation: cell.operation, check: cell.check, reason: defectReason(d, report), defect: d.signature, ...(evidence ? { evidence } : {}) });
      }
      continue;
    }
    if (knows(cell, undefined)) continue;
    const defect = namedDefect(cell);
    if (defect) named++;
    else unreviewed++;
    const evidence = evidenceOf(cell, report);
    added.push({ operation: cell.operation, check: cell.check, reason: defect ? neutral(defect, report) : `unreviewed: from run ${date}: ${describe(cell, report)}`, ...(evidence ? { evidence } : {}) });
  }
  const entries = [...kept, ...added].sort((a, b) => a.operation.localeCompare(b.operation) || a.check.localeCompare(b.check) || (a.defect ?? '').localeCompare(b.defect ?? ''));
  return { entries, added: added.length, removed: old.length - kept.length, named, unreviewed };
}

/** Rewrites the shop's baseline file from its runs' reports; keeps the file's own $comment. */
export function rewriteBaseline(shop: ShopDef, runs: readonly { label: string; report: CompatibilityReport }[], file: string, fresh = false, now = new Date()): BaselineRewrite {
  const old = readBaseline(file).entries;
  const date = (runs[0]?.report.startedAt ?? now.toISOString()).slice(0, 10);
  const result = rebuiltEntries(old, runs.map((r) => r.report), date, fresh);
  let comment = COMMENT(shop);
  if (existsSync(file)) {
    const doc = JSON.parse(readFileSync(file, 'utf8')) as { $comment?: unknown };
    if (typeof doc.$comment === 'string') comment = doc.$comment;
  }
  writeFileSync(file, `${JSON.stringify({ $comment: comment, version: 1, deviations: result.entries }, null, 2)}\n`);
  return result;
}

/** CLI: rewrite from reports/realshop/<shop>/<run>/compatibility/report.json of the last phase run. */
function main(): void {
  const args = process.argv.slice(2);
  const key = args.find((a) => !a.startsWith('--'));
  const fromArg = args.find((a) => a.startsWith('--from='))?.slice('--from='.length) ?? (args.includes('--from') ? args[args.indexOf('--from') + 1] : undefined);
  if (!key) {
    process.stderr.write('usage: node --import tsx test/realshop/baseline.ts <shop> [--from <folder of its runs>] [--fresh]\n');
    process.exit(2);
  }
  const shop = shopByKey(key);
  const dir = path.resolve(PROJECT_ROOT, fromArg ?? `reports/realshop/${shop.key}`);
  const labels = ['standard', 'standard-2', 'readonly'].filter((l) => existsSync(path.join(dir, l, 'compatibility/report.json')));
  if (!labels.length) {
    process.stderr.write(`no compatibility report under ${dir}/<standard|readonly>/compatibility/ (run the phase first)\n`);
    process.exit(1);
  }
  const runs = labels.map((label) => ({ label, report: JSON.parse(readFileSync(path.join(dir, label, 'compatibility/report.json'), 'utf8')) as CompatibilityReport }));
  const file = path.join(PROJECT_ROOT, shop.baseline);
  const r = rewriteBaseline(shop, runs, file, args.includes('--fresh'));
  process.stdout.write(`Wrote ${shop.baseline} from ${labels.join(', ')}: ${r.entries.length} entries (${r.added} added: ${r.named} naming the defect, ${r.unreviewed} unreviewed; ${r.removed} removed)\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
