// The known-deviations baseline (conformance.baseline.json, or .yaml/.yml, at the project root):
// failures a team has decided to live with for now, each by operation and check, each with a
// reason, and (since report schema 3) by the defect it names: its signature. A run fails CI only
// on failures the baseline does not know; baseline entries whose cells now pass are reported so
// they can be removed. An entry naming a defect knows that defect in the cells it names and nothing
// else: a new defect in a cell that holds a known one is a new failure, and so is a known defect
// that reaches a cell no entry naming it names (for a CI owner a defect that reaches one
// more operation is a regression; a signature is specific enough that unrelated operations do not
// share it by accident). Spread is tolerated only where an entry says so, with its reason
// (`spread`). An entry naming no defect knows its cell whatever fails in it (older baselines;
// `baseline:update` adds the signatures). Known deviations stay visible in every report: the
// baseline changes the exit code, never the matrix or the score. A run limited by
// ONLY_GROUPS/SKIP_GROUPS only says "now passes" of entries wholly inside its scope.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import type { Outcome } from '../../core/finding.js';
import { normaliseColumn } from '../../core/keys.js';
import type { CellReport } from './rows.js';
import { parseSecurityBaseline } from '../security/baseline.js';
import type { SecurityBaselineEntry } from '../security/types.js';
import { OTHER_OPERATION, type BaselineEntry, type Defect, type Gate } from './types.js';

export const BASELINE_NAMES = ['conformance.baseline.json', 'conformance.baseline.yaml', 'conformance.baseline.yml'] as const;

export class BaselineError extends Error {
  override name = 'BaselineError';
}

export interface Baseline {
  /** Absolute path, or undefined when the project has none. */
  file: string | undefined;
  entries: BaselineEntry[];
  /** Security findings known by signature (the file's `security` list; src/report/security/baseline.ts). */
  security?: SecurityBaselineEntry[];
}

/** The baseline file of a project: the first of BASELINE_NAMES that exists. */
export function findBaseline(root: string): string | undefined {
  return BASELINE_NAMES.map((n) => path.join(root, n)).find((f) => existsSync(f));
}

function isYaml(file: string): boolean {
  return /\.ya?ml$/i.test(file);
}

export function parseBaseline(text: string, file: string): BaselineEntry[] {
  let doc: unknown;
  try {
    doc = isYaml(file) ? parseYaml(text) : JSON.parse(text);
  } catch (err) {
    throw new BaselineError(`${file} is not valid ${isYaml(file) ? 'YAML' : 'JSON'}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
  }
  if (doc === null || doc === undefined) return [];
  const list = (doc as { deviations?: unknown }).deviations;
  if (typeof doc !== 'object' || Array.isArray(doc) || (list !== undefined && !Array.isArray(list))) {
    throw new BaselineError(`${file} must be an object with a "deviations" list.`);
  }
  return ((list ?? []) as unknown[]).map((raw, i) => {
    const where = `${file}: deviations[${i}]`;
    if (typeof raw !== 'object' || raw === null) throw new BaselineError(`${where} is not an object.`);
    const e = raw as Record<string, unknown>;
    const field = (k: keyof BaselineEntry): string => {
      const v = e[k];
      if (typeof v !== 'string' || !v.trim()) throw new BaselineError(`${where} needs a non-empty "${k}" (every known deviation says which operation, which check, and why).`);
      return v.trim();
    };
    if (e.evidence !== undefined && typeof e.evidence !== 'string') throw new BaselineError(`${where}: "evidence" must be a string (a request and its answer).`);
    if (e.unstable !== undefined && (typeof e.unstable !== 'string' || !e.unstable.trim())) throw new BaselineError(`${where}: "unstable" must say why the cell fails in some runs of an unchanged shop and not in others.`);
    if (e.defect !== undefined && (typeof e.defect !== 'string' || !e.defect.trim())) throw new BaselineError(`${where}: "defect" must be a defect's signature (report.json defects[].signature).`);
    if (e.spread !== undefined && (typeof e.spread !== 'string' || !e.spread.trim())) throw new BaselineError(`${where}: "spread" must say why the defect is accepted in cells the entry does not name.`);
    if (e.spread !== undefined && e.defect === undefined) throw new BaselineError(`${where}: "spread" needs a "defect": it tolerates that defect beyond the entry's cells.`);
    return {
      operation: field('operation'),
      check: normaliseColumn(field('check')),
      reason: field('reason'),
      ...(typeof e.defect === 'string' ? { defect: e.defect.trim() } : {}),
      ...(typeof e.evidence === 'string' && e.evidence.trim() ? { evidence: e.evidence.trim() } : {}),
      ...(typeof e.unstable === 'string' ? { unstable: e.unstable.trim() } : {}),
      ...(typeof e.spread === 'string' ? { spread: e.spread.trim() } : {}),
    };
  });
}

/** Reads a baseline; no file means an empty one. An invalid file throws BaselineError. */
export function readBaseline(file: string | undefined): Baseline {
  if (!file || !existsSync(file)) return { file, entries: [] };
  const text = readFileSync(file, 'utf8');
  const entries = parseBaseline(text, file);
  const security = parseSecurityBaseline(text, file);
  if (typeof security === 'string') throw new BaselineError(security);
  return { file, entries, ...(security.length ? { security } : {}) };
}

const HEADER =
  'Known deviations: failures that do not fail `npm run conformance`. Each entry names an operation ' +
  '(or "*"), a check or rule column (or "*"), the defect (its signature in report.json) and why the deviation is accepted. ' +
  'An entry knows its defect in the cells it names, and nothing else there; "spread" (a reason) tolerates the defect in any cell. `npm run baseline:update` rewrites this file from a run.';

/** `security`: the file's known security findings, kept as they are (baseline:update does not judge them). */
export function formatBaseline(entries: readonly BaselineEntry[], file: string, security: readonly SecurityBaselineEntry[] = []): string {
  const sorted = [...entries].sort((a, b) => a.operation.localeCompare(b.operation) || a.check.localeCompare(b.check) || (a.defect ?? '').localeCompare(b.defect ?? ''));
  const rest = security.length ? { security } : {};
  const doc = { $comment: HEADER, version: 1, deviations: sorted, ...rest };
  return isYaml(file) ? `# ${HEADER}\n${stringifyYaml({ version: 1, deviations: sorted, ...rest })}` : `${JSON.stringify(doc, null, 2)}\n`;
}

export function writeBaseline(file: string, entries: readonly BaselineEntry[], security: readonly SecurityBaselineEntry[] = []): void {
  writeFileSync(file, formatBaseline(entries, file, security));
}

/** The entry names this cell (its operation and check, or "*"). */
export function matches(entry: BaselineEntry, operation: string, check: string): boolean {
  return (entry.operation === '*' || entry.operation === operation) && (entry.check === '*' || entry.check === normaliseColumn(check));
}

/** Test files whose tests draw new cases each run (fast-check properties and model runs). */
const DRAWN = /(^|\/)suites\/(properties|model)\//;

export function isFailing(o: Outcome): boolean {
  return o === 'fail' || o === 'error';
}

export interface GateInput {
  baseline: Baseline;
  /** Every cell of the run (including tests that name no operation); Fail cells carry their defect ids. */
  cells: Iterable<CellReport>;
  /** The run's defects (groupDefects): marked known or not here. */
  defects?: readonly Defect[];
  runErrors: string[];
  projectRoot: string;
  /**
   * Set when ONLY_GROUPS/SKIP_GROUPS limited the run: the declared operations it left out (maybe
   * none). Undefined for a whole-spec run.
   */
  outOfScope?: ReadonlySet<string> | undefined;
  /** DEPTH of the run: at quick no entry is called fixed (src/config/depth.ts; Gate.notRun, Gate.passedAtDepth). */
  depth?: string | undefined;
}

/**
 * Whether a scoped run can tell that an entry no failure matched is fixed: not when the entry
 * covers an operation the run left out, or may ("*" covers them all; tests that name no operation
 * may belong to a group left out). A pass in scope says nothing of the tests that did not run.
 */
function coversOutOfScope(entry: BaselineEntry, outOfScope: ReadonlySet<string> | undefined): boolean {
  if (!outOfScope) return false;
  return entry.operation === '*' || entry.operation === OTHER_OPERATION || outOfScope.has(entry.operation);
}

/**
 * Marks failing cells and defects the baseline knows, and decides whether the run passes the gate.
 * A Fail cell is known when every defect in it is known there: named by an entry that names the
 * cell (or by one whose `spread` tolerates it anywhere), or the cell is named by an entry that
 * names no defect; an Error cell (the harness broke: no defect) when an entry that names no defect
 * names it. A defect the baseline names that shows in a cell no entry naming it names is a new
 * failure there (`reached`), unless an entry tolerates its spread (`spread`, with the reason).
 */
export function applyBaseline(input: GateInput): Gate {
  const { entries } = input.baseline;
  const gate: Gate = {
    baselineFile: input.baseline.file ? path.relative(input.projectRoot, input.baseline.file) || input.baseline.file : null,
    ok: false,
    newFailures: [],
    harnessErrors: [],
    known: [],
    fixed: [],
    unmatched: [],
    outOfScope: [],
    runErrors: [...input.runErrors],
  };
  const defects = new Map((input.defects ?? []).map((d) => [d.id, d]));
  const bySignature = new Map<string, BaselineEntry[]>();
  for (const e of entries) if (e.defect !== undefined) bySignature.set(e.defect, [...(bySignature.get(e.defect) ?? []), e]);
  const cellOnly = entries.filter((e) => e.defect === undefined);
  const failedMatch = new Set<BaselineEntry>();
  const passedMatch = new Set<BaselineEntry>();
  const drawnPass = new Set<BaselineEntry>();
  /** Defects no entry names, and named defects in cells no entry naming them names (untolerated). */
  const newDefects = new Set<string>();
  const knownDefects = new Set<string>();
  /** Per defect the cells it reached beyond the entries naming it: tolerated (spread) or not (reached). */
  const beyond = new Map<string, { tolerated: boolean; cells: { operation: string; check: string }[] }>();
  for (const cell of input.cells) {
    const cellHits = cellOnly.filter((e) => matches(e, cell.operation, cell.check));
    if (isFailing(cell.outcome)) {
      const ids = cell.outcome === 'fail' ? (cell.defects ?? []) : [];
      const unknown: string[] = [];
      let reason: string | undefined;
      for (const id of ids) {
        const sig = defects.get(id)?.signature;
        const named = sig === undefined ? [] : (bySignature.get(sig) ?? []);
        const here = named.filter((e) => matches(e, cell.operation, cell.check));
        const tolerant = named.filter((e) => e.spread !== undefined);
        const knownBy = here.length ? here : tolerant;
        if (knownBy.length) {
          knownBy.forEach((e) => failedMatch.add(e));
          reason ??= knownBy[0]?.reason;
          if (!here.length) note(beyond, id, true, cell);
          continue;
        }
        // A cell-only entry knows whatever fails in its cell (older baselines).
        if (cellHits.length) continue;
        unknown.push(id);
        if (named.length) note(beyond, id, false, cell);
      }
      const known = ids.length ? unknown.length === 0 : cellHits.length > 0;
      if (known) {
        reason ??= cellHits[0]?.reason ?? '';
        cellHits.forEach((h) => failedMatch.add(h));
        cell.known = true;
        cell.reason = reason;
        gate.known.push({ operation: cell.operation, check: cell.check, outcome: cell.outcome, reason });
      } else {
        delete cell.known;
        delete cell.reason;
        unknown.forEach((id) => newDefects.add(id));
        // An Error cell is the harness's: it fails the gate, never as the target's failure.
        if (cell.outcome === 'error') gate.harnessErrors?.push({ operation: cell.operation, check: cell.check });
        else gate.newFailures.push({ operation: cell.operation, check: cell.check, outcome: cell.outcome, ...(unknown.length ? { defects: unknown } : {}) });
      }
      for (const id of ids) if (!unknown.includes(id)) knownDefects.add(id);
    } else if (cell.outcome === 'pass') {
      const hits = entries.filter((e) => matches(e, cell.operation, cell.check));
      hits.forEach((h) => passedMatch.add(h));
      if (cell.tests.some((t) => DRAWN.test(t.file))) hits.forEach((h) => drawnPass.add(h));
    }
  }
  // A defect is known when the baseline knows it in every cell it shows. One the baseline names
  // that reached a cell no entry naming it names is said, and fails the gate there unless an
  // entry tolerates its spread.
  const spread: { id: string; cells: { operation: string; check: string }[] }[] = [];
  const reached: { id: string; cells: { operation: string; check: string }[] }[] = [];
  for (const d of defects.values()) {
    const named = bySignature.get(d.signature) ?? [];
    const past = beyond.get(d.id);
    for (const c of d.cells) {
      const out = past?.cells.some((x) => x.operation === c.operation && x.check === c.check) ?? false;
      delete c.beyondBaseline;
      delete c.tolerated;
      if (out && past?.tolerated) c.tolerated = true;
      else if (out) c.beyondBaseline = true;
    }
    if (past) (past.tolerated ? spread : reached).push({ id: d.id, cells: past.cells });
    // Known: the baseline names it (where it reached more cells, those cells fail the gate), or
    // entries that name no defect know every cell it shows.
    if (named.length || (knownDefects.has(d.id) && !newDefects.has(d.id))) {
      d.known = true;
      d.reason = named[0]?.reason ?? cellOnly.find((e) => d.cells.some((c) => matches(e, c.operation, c.check)))?.reason ?? '';
    } else {
      delete d.known;
      delete d.reason;
    }
  }
  gate.undecided = [];
  // A quick run sends one case where standard sends many: a cell it passed may still fail on the
  // cases it did not send, so no entry is fixed at quick. Where quick ran the entry's cell and it
  // passed, the user is told so (the deviation may be gone: a standard run decides); where it did
  // not run the cell (or the entry names "*", which reaches cells quick never runs), it was not
  // run. Neither fails the gate: the gate fails only on what quick saw fail.
  const quick = input.depth === 'quick';
  if (quick) {
    gate.notRun = [];
    gate.passedAtDepth = [];
  }
  for (const e of entries) {
    if (failedMatch.has(e)) continue;
    if (quick) (passedMatch.has(e) && e.operation !== '*' && e.check !== '*' && !coversOutOfScope(e, input.outOfScope) ? gate.passedAtDepth : gate.notRun)?.push(e);
    else if (coversOutOfScope(e, input.outOfScope)) gate.outOfScope.push(e);
    else if (drawnPass.has(e)) gate.undecided.push(e);
    else if (passedMatch.has(e)) gate.fixed.push(e);
    else gate.unmatched.push(e);
  }
  // Cells arrive in the order tests ended, which differs between runs (and shards): sort, so the
  // same results always give the same gate.
  const byCell = (a: { operation: string; check: string }, b: { operation: string; check: string }): number => a.operation.localeCompare(b.operation) || a.check.localeCompare(b.check);
  gate.newFailures.sort(byCell);
  gate.harnessErrors?.sort(byCell);
  gate.known.sort(byCell);
  const byId = (a: { id: string }, b: { id: string }): number => a.id.localeCompare(b.id);
  for (const x of [...spread, ...reached]) x.cells.sort(byCell);
  gate.defects = {
    new: [...newDefects].filter((id) => !(bySignature.get(defects.get(id)?.signature ?? '') ?? []).length).sort(),
    known: [...knownDefects].filter((id) => !newDefects.has(id)).sort(),
    reached: reached.sort(byId),
    spread: spread.sort(byId),
    cellOnly: cellOnly.length,
  };
  gate.ok = gate.newFailures.length === 0 && !gate.harnessErrors?.length && gate.runErrors.length === 0;
  return gate;
}

/** Notes a cell a named defect reached beyond the entries naming it. */
function note(beyond: Map<string, { tolerated: boolean; cells: { operation: string; check: string }[] }>, id: string, tolerated: boolean, cell: { operation: string; check: string }): void {
  const b = beyond.get(id) ?? { tolerated, cells: [] };
  // One untolerated cell makes the defect's spread a regression, whatever other cells tolerate.
  b.tolerated &&= tolerated;
  if (!b.cells.some((c) => c.operation === cell.operation && c.check === cell.check)) b.cells.push({ operation: cell.operation, check: cell.check });
  beyond.set(id, b);
}

/**
 * The baseline after a run: entries whose cells failed again or did not run (or were out of a
 * scoped run's reach) are kept (with their reasons), entries whose cells now pass go, and new
 * failures are added, one entry per new defect and cell, with a reason that says it still has to
 * be written. An entry that names no defect is replaced by one per defect its cell shows now, with
 * its reason (`defectsOf`), so a new defect in that cell is told apart from then on; so is an entry
 * whose signature its failing cell no longer shows (re-keyed after the signatures changed).
 */
export function updatedEntries(old: readonly BaselineEntry[], gate: Gate, describe: (operation: string, check: string) => string, defectsOf: (operation: string, check: string) => readonly Defect[] = () => []): BaselineEntry[] {
  // The gate may come from report.json: compare entries by value, not by reference.
  const kept = old.filter((e) => !gate.fixed.some((f) => f.operation === e.operation && f.check === e.check && f.reason === e.reason && f.defect === e.defect));
  const out: BaselineEntry[] = [];
  const has = (e: BaselineEntry): boolean => out.some((o) => o.operation === e.operation && o.check === e.check && o.defect === e.defect);
  for (const e of kept) {
    const inCell = e.operation !== '*' && e.check !== '*' ? defectsOf(e.operation, e.check) : [];
    // An entry naming no defect gets the signatures its cell shows now; one whose signature its
    // failing cell no longer shows (the grouping changed) is re-keyed to what it shows,
    // with its reason, so a reviewer's words are not lost to a new signature.
    const shown = e.defect === undefined || (inCell.length && !inCell.some((d) => d.signature === e.defect)) ? inCell : [];
    if (!shown.length) {
      if (!has(e)) out.push(e);
      continue;
    }
    for (const d of shown) {
      const named: BaselineEntry = { ...e, defect: d.signature };
      if (!has(named)) out.push(named);
    }
  }
  for (const f of gate.newFailures) {
    const todo = `TODO: say why this is accepted. Recorded by baseline:update: ${describe(f.operation, f.check)}`;
    const ds = defectsOf(f.operation, f.check).filter((d) => !f.defects || f.defects.includes(d.id));
    if (!ds.length) {
      const e: BaselineEntry = { operation: f.operation, check: f.check, reason: todo };
      if (!has(e)) out.push(e);
    }
    for (const d of ds) {
      // A known defect that reached this cell: the reason it is accepted elsewhere is a start, not an answer.
      const elsewhere = d.known && d.reason ? ` Known in other cells as: ${d.reason}` : '';
      const e: BaselineEntry = { operation: f.operation, check: f.check, defect: d.signature, reason: `TODO: say why this is accepted. Recorded by baseline:update: ${d.title}. ${describe(f.operation, f.check)}${elsewhere}` };
      if (!has(e)) out.push(e);
    }
  }
  return out;
}
