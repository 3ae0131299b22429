// `npm run defects -- <report.json> [--members=1,4] [--top=N]`: the defects of an earlier run,
// grouped again with today's signatures, one line each (rank, kind, cells, operations, title,
// signature), and for the ranks given with --members what each group holds: per distinct request
// (operation, check, method, intent, input, status, message) how many findings. That is how a group
// that mixes two causes shows itself (issue 24): two kinds of request, or two messages, in one
// group. Reads only; writes nothing.
import path from 'node:path';
import { groupDefects } from '../report/defects/group.js';
import { inputKind, messageSignature, serverMessage, signaturesOf } from '../report/defects/signature.js';
import { readCompatibilityReport } from '../report/compatibility/write.js';
import type { CellReport, Defect } from '../report/compatibility/types.js';

interface Args {
  file: string;
  members: number[];
  top: number;
}

function fail(message: string): never {
  process.stderr.write(`npm run defects: ${message}\n`);
  process.exit(2);
}

function parseArgs(argv: string[]): Args {
  let file: string | undefined;
  const args: Omit<Args, 'file'> = { members: [], top: Infinity };
  for (const a of argv) {
    const m = /^--(members|top)=(.+)$/.exec(a);
    if (m?.[1] === 'members') args.members = (m[2] ?? '').split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0);
    else if (m?.[1] === 'top') args.top = Number(m[2]);
    else if (!a.startsWith('--') && !file) file = path.resolve(a);
    else fail(`unknown argument ${a}; use <report.json> [--members=1,4] [--top=N]`);
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

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const report = readCompatibilityReport(args.file);
  const cells = [...report.failures, ...report.other].map(({ defects: _, ...c }) => ({ ...c }));
  const defects = groupDefects(cells);
  const failCells = cells.filter((c) => c.outcome === 'fail').length;
  console.log(`${defects.length} defects over ${failCells} Fail cells (${report.target.url}, ${report.target.shopVersion ?? 'version unknown'})`);
  for (const d of defects.slice(0, args.top)) console.log([`#${d.rank}`, d.kind, `${d.cells.length} cells`, `${d.operations.length} ops`, cut(d.title, 120), `[${d.signature}]`].join('\t'));
  for (const rank of args.members) {
    const d = defects[rank - 1];
    if (!d) fail(`no defect #${rank} (${defects.length} defects)`);
    console.log(`\n#${d.rank} ${d.title}\n  ${d.signature}\n  operations: ${d.operations.join(', ')}`);
    for (const [k, n] of members(d, cells)) console.log(`  ${String(n).padStart(3)} × ${k}`);
  }
}

main();
