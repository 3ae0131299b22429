// Every Fail cell's findings, grouped into defects by their signature (signature.ts), ranked worst
// first, each with a title in the shop's terms, one reproduction and the cells it fails. A cell
// may show several defects (one answer lacks a field, another crashes); each cell links to its
// own. Error cells are the harness's, not the target's: they stay failures, but no defect.
import type { Finding } from '../../core/finding.js';
import { shellQuote } from '../../core/shell.js';
import { titleGrep } from '../../properties/replay.js';
import type { VerdictRecord } from '../../core/verdict.js';
import type { ReportFinding } from '../compatibility/test-record.js';
import type { CellReport } from '../compatibility/rows.js';
import type { Defect } from '../compatibility/types.js';
import { inputKind, messageSignature, serverMessage, signaturesOf, type DefectKind, type Signature } from './signature.js';

/** Worst first: what breaks a shop's data or answers first, what only looks wrong last. */
const KIND_ORDER: Record<DefectKind, number> = { 'server-error': 0, 'no-answer': 1, data: 2, security: 3, behaviour: 4, other: 5, status: 6, shape: 7 };

const SEVERITY: Record<DefectKind, Defect['severity']> = { 'server-error': 'critical', 'no-answer': 'critical', data: 'critical', security: 'critical', behaviour: 'major', other: 'major', status: 'minor', shape: 'minor' };

const TESTS_KEPT = 5;

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function article(input: string): string {
  if (/^(a|an|the|without|with|same|read|undeclared|POST|upload|any)\b/i.test(input)) return input;
  return `${/^[aeiou]/i.test(input) ? 'an' : 'a'} ${input}`;
}

function cut(s: string, max = 160): string {
  return s.length > max ? `${s.slice(0, max)}…` : s;
}

/** One schema problem in plain words: `/email is missing`, `/addonValues is not a string`. */
export function schemaWords(problem: string): string {
  const lacks = /^lacks (.+)$/.exec(problem);
  if (lacks) {
    const props = (lacks[1] ?? '').split(', ');
    return `${props.map((p) => `\`${p}\``).join(', ')} ${props.length === 1 ? 'is' : 'are'} missing`;
  }
  const type = /^(\S*) must be (\w+)$/.exec(problem);
  if (type) return `${type[1]} is not ${/^[aeiou]/.test(type[2] ?? '') ? 'an' : 'a'} ${type[2]}`;
  if (/must NOT have additional properties$/.test(problem)) return `${problem.split(' ')[0]} carries fields the schema does not declare`;
  return problem;
}

/** The kinds of input a group's findings were, most frequent first: `an out-of-range id or a wrong-typed id`. */
function inputsOf(findings: readonly ReportFinding[]): string[] {
  const count = new Map<string, number>();
  for (const f of findings) count.set(inputKind(f.evidence), (count.get(inputKind(f.evidence)) ?? 0) + 1);
  return [...count].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([k]) => k);
}

function orList(inputs: readonly string[], max = 3): string {
  const shown = inputs.slice(0, max).map(article);
  if (inputs.length > max) shown.push('other invalid input');
  return shown.length > 1 ? `${shown.slice(0, -1).join(', ')} or ${shown[shown.length - 1] ?? ''}` : (shown[0] ?? '');
}

/**
 * What is wrong, in the shop's terms, from the signature and the findings that show it (the first
 * is the example). A server error that names its cause is one defect for all the invalid input
 * that met it; its title says which kinds of input those were.
 */
export function defectTitle(sig: Signature, findings: readonly ReportFinding[] = []): string {
  const example = findings[0];
  const st = sig.status ?? 0;
  switch (sig.problem) {
    case 'server-error': {
      const to = sig.input === 'invalid input' ? orList(inputsOf(findings)) || article(sig.input) : article(sig.input);
      return `Answers ${st} ${example?.evidence ? `"${cut(serverMessage(example.evidence), 100)}"` : ''} to ${to}`.replace(/\s+/g, ' ');
    }
    case 'no-answer':
      return `Gives no answer (${sig.detail}) to ${article(sig.input)}`;
    case 'invalid-input-accepted': {
      const held = sig.detail ? ` with ${sig.detail}` : '';
      return READ_METHODS.has(example?.evidence?.method ?? 'POST') ? `Answers ${st}${held} to ${article(sig.input)} instead of refusing it with a 4xx` : `Accepts ${article(sig.input)} (answers ${st}${held} instead of refusing it with a 4xx)`;
    }
    case 'refused-with-another-status':
      return `Refuses ${article(sig.input)} with ${st}, not the status the rule or the description names for it`;
    case 'valid-request-refused':
      return `Refuses ${article(sig.input)} that ${sig.detail} needs, with ${st}${example?.evidence ? ` "${cut(serverMessage(example.evidence), 100)}"` : ''}`;
    case 'undeclared-method-served':
      return `Serves a method the path does not declare (answers ${st})`;
    case 'served-without-valid-credentials':
      return `Does not refuse a request ${sig.input} with 401 (answers ${st})`;
    case 'responseSchemaConformance':
      return `Answers ${st >= 400 ? 'error' : `${Math.floor(st / 100)}xx`} bodies that break the declared schema: ${cut(schemaWords(sig.detail), 200)}${sig.input === 'any input' ? '' : ` (to ${article(sig.input)})`}`;
    case 'errorBodyShape': {
      const kind = /: (an empty body|a JSON array|an HTML page|text)$/.exec(sig.detail)?.[1];
      return `errorBodyShape: ${cut(example?.title ?? sig.detail, 200)}${kind ? `, ${kind} instead` : ''} (error answers)`;
    }
    case 'statusCodeConformance':
      return `Answers ${st} to ${article(sig.input)}, a status the operation does not declare for it`;
    case 'negativeDataRejection':
      return `Answers ${st} to ${article(sig.input)} instead of a 4xx`;
    case 'methodOverride':
      return 'Ignores X-HTTP-Method-Override: a POST with it is not handled as the method it names';
    case 'responseTime':
      return 'Answers slowly: the p95 response time is over the budget (MAX_RESPONSE_MS / RESPONSE_BUDGETS)';
    case 'rule':
      return cut(example?.title ?? sig.detail, 200);
    case 'assertion':
      return `Failed: ${cut(sig.detail, 200)}`;
    default:
      return `${sig.problem}: ${cut(example?.title ?? sig.detail, 200)}${sig.kind === 'shape' ? ` (${st >= 400 ? 'error' : `${Math.floor(st / 100)}xx`} answers)` : ''}`;
  }
}

/** A curl that can be sent as printed: not an upload whose file is only described. */
function runnable(f: ReportFinding): boolean {
  return !!f.evidence?.curl && !/ -F '/.test(f.evidence.curl);
}

/** A read of the shop's own records: it shows the same answer after the run (the run's own records are gone). */
function standalone(f: ReportFinding): boolean {
  const ev = f.evidence;
  return !!ev && READ_METHODS.has(ev.method ?? 'GET') && !f.check.startsWith('rule:') && ev.intent !== 'follow-up' && ev.intent !== 'setup';
}

/**
 * The finding of a defect to show and reproduce: one that can be sent as printed, a read of the
 * shop's own records before anything that depends on the run's, the shortest request of those.
 */
function pick(candidates: readonly ReportFinding[]): ReportFinding | undefined {
  return [...candidates].sort((a, b) => Number(runnable(b)) - Number(runnable(a)) || Number(standalone(b)) - Number(standalone(a)) || (a.evidence?.curl.length ?? 1e9) - (b.evidence?.curl.length ?? 1e9))[0];
}

/** What a reader should know before sending the curl, when it may not show the same answer. */
function reproductionNote(example: ReportFinding): string | undefined {
  if (!runnable(example)) return 'the upload is described, not attached: the replay command sends it';
  if (!READ_METHODS.has(example.evidence?.method ?? 'GET')) return 'this request writes to the shop and may name records the run made (gone after it): send it to a test shop, or use the replay command, which makes them again';
  if (!standalone(example)) return 'the test judged records it made (gone after the run): if the curl answers 404, the replay command makes them again';
  return undefined;
}

/**
 * The command that runs the test that showed it again: the run's target and settings as variables
 * (`env`, src/config/replay.ts: BASE_URL, credentials as "$API_USER", REPORT_DIR apart from the
 * run's), its spec file and its title path; property tests: the replay with seed and path, which
 * their worker wrote with the same variables.
 */
function replayOf(cell: CellReport, env: readonly string[]): string | undefined {
  if (cell.replay) return cell.replay;
  const t = cell.tests[0];
  if (!t) return undefined;
  const within = t.title.startsWith(`${t.file} › `) ? t.title.slice(t.file.length + 3) : t.title;
  return [...env, 'npx playwright test', shellQuote(t.file), '-g', shellQuote(titleGrep(within.split(' › ').join(' ')))].join(' ');
}

/** The signatures a failing cell's findings show (a cell without findings: its message's). */
export function cellSignatures(findings: readonly ReportFinding[], message: string | undefined): { sig: Signature; finding?: ReportFinding }[] {
  const failing = findings.filter((f) => f.outcome === 'fail');
  return failing.length ? failing.flatMap((f) => signaturesOf(f).map((sig) => ({ sig, finding: f }))) : [{ sig: messageSignature(message) }];
}

/**
 * The defects one failed test shows, as the report will group them: per Fail cell of the test, the
 * findings of the cell's own column if it has any, else all of them (as the matrix keeps them).
 */
export function testDefects(verdict: VerdictRecord, message: string | undefined, toReport: (f: Finding) => ReportFinding): { sig: Signature; title: string }[] {
  if (verdict.outcome !== 'fail') return [];
  const failing = verdict.findings.filter((f) => f.outcome === 'fail').map(toReport);
  const columns = verdict.cells ? [...new Set(verdict.cells.filter((c) => c.outcome === 'fail').map((c) => c.check))] : verdict.checks;
  const out = new Map<string, { sig: Signature; title: string }>();
  for (const column of columns) {
    const mine = failing.filter((f) => f.check === column);
    const shown = cellSignatures(mine.length ? mine : failing, message);
    for (const { sig, finding } of shown) {
      if (out.has(sig.id)) continue;
      const same = shown.filter((s) => s.sig.id === sig.id && s.finding && s.finding !== finding).map((s) => s.finding as ReportFinding);
      out.set(sig.id, { sig, title: defectTitle(sig, finding ? [finding, ...same] : same) });
    }
  }
  return [...out.values()];
}

interface Building {
  sig: Signature;
  /** The worst kind among its findings (a rule's words may be met in tests of several rules). */
  kind: DefectKind;
  findings: ReportFinding[];
  cells: Map<string, CellReport>;
}

/** Groups the Fail cells' findings into defects, ranked, and links each cell to its defects (`cell.defects`). */
export function groupDefects(cells: readonly CellReport[], replayEnv: readonly string[] = []): Defect[] {
  const byText = new Map<string, Building>();
  for (const cell of cells) {
    if (cell.outcome !== 'fail') continue;
    const ids: string[] = [];
    for (const { sig, finding } of cellSignatures(cell.findings, cell.message)) {
      let b = byText.get(sig.text);
      if (!b) byText.set(sig.text, (b = { sig, kind: sig.kind, findings: [], cells: new Map() }));
      if (KIND_ORDER[sig.kind] < KIND_ORDER[b.kind]) b.kind = sig.kind;
      if (finding) b.findings.push(finding);
      b.cells.set(`${cell.operation}\u0000${cell.check}`, cell);
      if (!ids.includes(sig.id)) ids.push(sig.id);
    }
    cell.defects = ids;
  }
  const defects = [...byText.values()].map((b): Defect => {
    const example = pick(b.findings);
    const cellList = [...b.cells.values()];
    const first = cellList.find((c) => c.tests.length) ?? cellList[0];
    const replay = first ? replayOf(first, replayEnv) : undefined;
    const curl = example?.evidence?.curl;
    const reproduction: Defect['reproduction'] = {};
    if (curl) reproduction.curl = curl;
    if (replay) reproduction.replay = replay;
    const note = example && curl ? reproductionNote(example) : undefined;
    if (note) reproduction.note = note;
    const tests = new Map<string, { title: string; file: string; line: number }>();
    for (const c of cellList) for (const t of c.tests) if (tests.size < TESTS_KEPT) tests.set(t.title, t);
    const d: Defect = {
      id: b.sig.id,
      signature: b.sig.text,
      kind: b.kind,
      title: defectTitle(b.sig, example ? [example, ...b.findings.filter((f) => f !== example)] : b.findings),
      severity: SEVERITY[b.kind],
      rank: 0,
      status: b.sig.status ?? null,
      input: b.sig.input,
      operations: [...new Set(cellList.map((c) => c.operation))].sort(),
      checks: [...new Set(cellList.map((c) => c.check))].sort(),
      cells: cellList.map((c) => ({ operation: c.operation, check: c.check })).sort((x, y) => x.operation.localeCompare(y.operation) || x.check.localeCompare(y.check)),
      reproduction,
      tests: [...tests.values()],
    };
    if (example) d.example = example;
    return d;
  });
  defects.sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || b.cells.length - a.cells.length || b.operations.length - a.operations.length || a.signature.localeCompare(b.signature));
  defects.forEach((d, i) => (d.rank = i + 1));
  return defects;
}
