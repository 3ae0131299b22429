// `npm run defects -- <report.json> [--members=1,4] [--mixed] [--top=N] [--send=N]`: the defects of an earlier run,
// grouped again with today's signatures, one line each (rank, kind, cells, operations, title,
// signature), and for the ranks given with --members what each group holds: per distinct request
// (operation, check, method, intent, input, status, message) how many findings. That is how a group
// that mixes two causes shows itself: two kinds of request, or two messages, in one
// group. `--mixed` lists the groups whose findings differ in status, server message or kind of
// input: the ones to inspect with --members. `--send=N` sends the curl of each of the first N defects as printed (set API_USER and
// API_PASSWORD: the report has them redacted) and says whether the answer is still the one the
// defect names: the same status, and the same signature (a server error's message, invalid input
// answered 2xx, ...), or for a schema defect the same schema problems at the paths the run saw.
// Writes nothing itself; a curl that writes writes to the shop (the page says which do).
// `--base=<url>` sends them to another instance of the same shop instead of the run's target (the
// run's API base URL in each curl is replaced, nothing else).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { CONFIG_FIELDS } from '../config/config.js';
import { printHelpAndExit, variableRows, wantsHelp, type Help } from '../core/help.js';
import { groupDefects } from '../report/defects/group.js';
import { inputKind, messageSignature, normalise, serverMessage, signaturesOf } from '../report/defects/signature.js';
import { readCompatibilityReport } from '../report/compatibility/write.js';
import type { ReportFinding } from '../report/compatibility/test-record.js';
import type { CellReport } from '../report/compatibility/rows.js';
import type { Defect } from '../report/compatibility/types.js';

interface Args {
  file: string;
  members: number[];
  top: number;
  send: number;
  mixed: boolean;
  base?: string;
}

function fail(message: string): never {
  process.stderr.write(`npm run defects: ${message}\n`);
  process.exit(2);
}

const HELP: Help = {
  usage: 'npm run defects -- <report.json> [--members=1,4] [--mixed] [--top=N] [--send=N [--base=<url>]]',
  about:
    "Lists the defects of an earlier run's report.json, grouped again with today's signatures, one line each (rank, kind, cells, operations, title, signature). " +
    'Writes nothing itself; with --send, a curl that writes writes to the shop.',
  sections: [
    {
      title: 'Options',
      rows: [
        ['<report.json>', 'REPORT_DIR/compatibility/report.json of a run'],
        ['--members=1,4', 'what defects #1 and #4 hold: each distinct request and answer, with how many findings'],
        ['--mixed', 'list the groups whose findings differ in status, server message or kind of input'],
        ['--top=N', 'only the first N defects'],
        ['--send=N', "send the curl of each of the first N defects again and say whether the shop still answers as the defect says (needs API_USER and API_PASSWORD: the report's curls have them redacted)"],
        ['--base=<url>', "with --send: send to another instance of the same shop (the run's API base URL in each curl is replaced)"],
        ['--help, -h', 'this help; reads and sends nothing'],
      ],
    },
    { title: 'Variables', rows: variableRows(CONFIG_FIELDS.filter((f) => ['API_USER', 'API_PASSWORD'].includes(f.env))) },
    { title: 'Exit codes', rows: ['0    listed (and sent)', '2    a bad argument, or no report.json'] },
  ],
};

function parseArgs(argv: string[]): Args {
  if (wantsHelp(argv)) printHelpAndExit(HELP);
  let file: string | undefined;
  const args: Omit<Args, 'file'> = { members: [], top: Infinity, send: 0, mixed: false };
  for (const a of argv) {
    if (a === '--mixed') {
      args.mixed = true;
      continue;
    }
    const m = /^--(members|top|send|base)=(.+)$/.exec(a);
    if (m?.[1] === 'members') args.members = (m[2] ?? '').split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0);
    else if (m?.[1] === 'top') args.top = Number(m[2]);
    else if (m?.[1] === 'send') args.send = Number(m[2]);
    else if (m?.[1] === 'base') args.base = (m[2] ?? '').replace(/\/+$/, '');
    else if (!a.startsWith('--') && !file) file = path.resolve(a);
    else fail(`unknown argument ${a}; use <report.json> [--members=1,4] [--mixed] [--top=N] [--send=N [--base=<url>]]`);
  }
  if (!file) fail('name a report.json (REPORT_DIR/compatibility/report.json of a run)');
  return { file, ...args };
}

function cut(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

/** What one group holds (the findings that show it), by distinct request and answer, most frequent first. */
export function members(defect: Defect, cells: readonly CellReport[]): [string, number][] {
  const where = new Set(defect.cells.map((c) => `${c.operation}\u0000${c.check}`));
  const seen = new Map<string, number>();
  for (const cell of cells) {
    if (!where.has(`${cell.operation}\u0000${cell.check}`) || !cell.defects?.includes(defect.id)) continue;
    const failing = cell.findings.filter((f) => f.outcome === 'fail');
    if (!failing.length && messageSignature(cell.message).id === defect.id) {
      const key = `${cell.operation} | ${cell.check} | ${cut(cell.message ?? '', 100)}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    for (const f of failing) {
      if (!signaturesOf(f).some((s) => s.id === defect.id)) continue;
      const ev = f.evidence;
      const answer = ev ? `${ev.status} ${cut(ev.status >= 400 ? serverMessage(ev) : f.title, 90)}` : cut(f.title, 90);
      const key = [cell.operation, f.check, `${ev?.method ?? ''} ${ev?.intent ?? ''}`.trim(), `${inputKind(ev)}: ${cut(ev?.label ?? '', 50)}`, answer].join(' | ');
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
  }
  return [...seen].sort((a, b) => b[1] - a[1]);
}

/** What differs among a group's findings: statuses, server messages (normalised) and kinds of input. */
export function spread(defect: Defect, cells: readonly CellReport[]): { statuses: string[]; messages: string[]; inputs: string[] } {
  const statuses = new Set<string>();
  const messages = new Set<string>();
  const inputs = new Set<string>();
  for (const cell of cells) {
    if (!cell.defects?.includes(defect.id)) continue;
    for (const f of cell.findings) {
      if (f.outcome !== 'fail' || !signaturesOf(f).some((s) => s.id === defect.id)) continue;
      const ev = f.evidence;
      statuses.add(String(ev?.status ?? '-'));
      if (ev && ev.status >= 400) messages.add(cut(normalise(serverMessage(ev)), 90));
      inputs.add(inputKind(ev));
    }
  }
  return { statuses: [...statuses], messages: [...messages], inputs: [...inputs] };
}

/** The value at a JSON pointer (`/0/names`), or undefined. */
function at(doc: unknown, pointer: string): unknown {
  let v = doc;
  // ajv's root is '', the record-relative root of our evidence '/'.
  for (const raw of pointer.split('/').slice(1).filter(Boolean)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

/** Whether a body still shows one schema error the run saw: a required property missing, a value of the wrong type. */
function stillShows(body: unknown, e: { path: string; message: string }): boolean | undefined {
  const req = /^must have required property '([^']+)'$/.exec(e.message);
  const v = at(body, e.path);
  if (req) return v !== null && typeof v === 'object' && !Object.prototype.hasOwnProperty.call(v, req[1] ?? '');
  const type = /^must be (\w+)$/.exec(e.message);
  if (type) return v !== undefined && jsonType(v) !== type[1] && !(type[1] === 'number' && jsonType(v) === 'integer');
  return undefined;
}

interface Sent {
  status: number | undefined;
  body: string;
  verdict: string;
}

/** Sends a defect's curl as printed and judges its answer against the defect. */
export function send(d: Defect, target?: { from: string; to: string }): Sent | undefined {
  const printed = d.reproduction.curl;
  const curl = printed && target ? printed.split(target.from).join(target.to) : printed;
  const example: ReportFinding | undefined = d.example;
  if (!curl || !example?.evidence) return undefined;
  const out = spawnSync('bash', ['-c', `${curl} --max-time 30`], { encoding: 'utf8', env: process.env, timeout: 40_000 });
  const text = out.stdout ?? '';
  const heads = [...text.matchAll(/^HTTP\/[\d.]+ (\d{3})[^\n]*\n/gm)];
  const last = heads[heads.length - 1];
  const status = last ? Number(last[1]) : undefined;
  const rest = last ? text.slice((last.index ?? 0) + last[0].length) : '';
  const body = rest.replace(/^[\s\S]*?\r?\n\r?\n/, '');
  if (status === undefined) return { status, body, verdict: `no answer (${(out.stderr ?? '').trim().slice(0, 80) || `exit ${out.status ?? '?'}`})` };
  if (status !== example.evidence.status) return { status, body, verdict: `other status (the run saw ${example.evidence.status})` };
  if (example.check === 'responseSchemaConformance') {
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return { status, body, verdict: 'body is not JSON now' };
    }
    // The errors the run saw that the answer still shows (those this cannot judge are kept), grouped
    // again: the defect's signature among theirs means its problem is still there.
    const errors = example.evidence.schemaErrors ?? [];
    const still = errors.filter((e) => stillShows(json, e) !== false);
    const again = signaturesOf({ ...example, evidence: { ...example.evidence, status, bodyExcerpt: body, schemaErrors: still } });
    const unjudged = errors.filter((e) => stillShows(json, e) === undefined).length;
    if (!still.length) return { status, body, verdict: 'schema problem gone' };
    return { status, body, verdict: again.some((s) => s.id === d.id) ? `same answer (same schema problem${unjudged ? `; ${unjudged} error(s) not rechecked` : ''})` : 'schema problem gone' };
  }
  const again = signaturesOf({ ...example, evidence: { ...example.evidence, status, bodyExcerpt: body } });
  return { status, body, verdict: again.some((s) => s.id === d.id) ? 'same answer (same signature)' : `other answer: ${again[0]?.text ?? '?'}` };
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const report = readCompatibilityReport(args.file);
  const cells = [...report.failures, ...report.other].map(({ defects: _, ...c }) => ({ ...c }));
  const defects = groupDefects(cells, report.replayEnv ?? []);
  const failCells = cells.filter((c) => c.outcome === 'fail').length;
  console.log(`${defects.length} defects over ${failCells} Fail cells (${report.target.url}, ${report.target.shopVersion ?? 'version unknown'})`);
  for (const d of defects.slice(0, args.top)) console.log([`#${d.rank}`, d.kind, `${d.cells.length} cells`, `${d.operations.length} ops`, cut(d.title, 120), `[${d.signature}]`].join('\t'));
  if (args.send > 0) {
    if (!process.env.API_USER || !process.env.API_PASSWORD) fail('--send needs API_USER and API_PASSWORD (the curls have them redacted)');
    const target = args.base && report.target.url ? { from: report.target.url.replace(/\/+$/, ''), to: args.base } : undefined;
    if (args.base && !target) fail('--base: the report names no target URL to replace');
    console.log(`\nThe curls of the first ${args.send} defects, sent as printed${target ? ` to ${target.to} instead of ${target.from}` : ''}:`);
    let same = 0;
    let sent = 0;
    for (const d of defects.slice(0, args.send)) {
      const r = send(d, target);
      if (!r) {
        console.log(`#${d.rank}\tno curl to send (${d.reproduction.note ?? 'no request recorded'})`);
        continue;
      }
      sent++;
      if (r.verdict.startsWith('same')) same++;
      console.log(`#${d.rank}\t${r.status ?? '-'}\t${r.verdict}\t${cut(d.title, 90)}${d.reproduction.note ? `\t(note: ${cut(d.reproduction.note, 60)})` : ''}`);
    }
    console.log(`${sent} sent, ${same} gave the answer their defect names`);
  }
  if (args.mixed) {
    console.log('\nGroups whose findings differ in status, server message or kind of input (inspect with --members):');
    for (const d of defects) {
      const x = spread(d, cells);
      if (x.statuses.length > 1 || x.messages.length > 1 || x.inputs.length > 1) console.log(`#${d.rank}\t${d.cells.length} cells\t${cut(d.title, 90)}\n\tstatuses ${x.statuses.join(', ')} | inputs ${x.inputs.join('; ')}${x.messages.length > 1 ? `\n\tmessages ${x.messages.join(' ;; ')}` : ''}`);
    }
  }
  for (const rank of args.members) {
    const d = defects[rank - 1];
    if (!d) fail(`no defect #${rank} (${defects.length} defects)`);
    console.log(`\n#${d.rank} ${d.title}\n  ${d.signature}\n  operations: ${d.operations.join(', ')}`);
    for (const [k, n] of members(d, cells)) console.log(`  ${String(n).padStart(3)} × ${k}`);
  }
}

main();
