// What changed between two runs (issue 34): defects new, fixed and unchanged (matched by their
// signature, src/report/defects/signature.ts), cells whose outcome changed, operations whose
// support changed, and drift in the answers (drift.ts). Each item carries its evidence from both
// runs and a key that does not say which way it went, so the noise filter can drop whatever two
// runs of the old build already differ in (Diffy's idea: `--noise OLD2`).
//
// What is never an item, because two runs of one build differ in it without any change:
// - a cell judged in one run only (Skip, Disabled, Error: which test reached a cell first, a
//   setup that could not be had, a harness error) - only Pass, Fail and Unsupported compare;
// - an operation tested in one run only (untested, out of scope);
// - a defect whose cells the other run judged none of: "new" or "fixed" needs the other run to
//   have looked. Such defects are listed apart, as not comparable;
// - a defect seen in one run only, in cells the other run fails too, whose cause there is chance:
//   found by drawn input (a property's counterexample: which keyword the seed drew decides whether
//   GX 3.2 answers 500 "preg_match(): Unknown modifier") or an answer (status and message) the same
//   run also saw break down under overlap (its unreproduced list: GX 3.2's 500 "Invalid argument
//   supplied for foreach()" lands on whichever request overlapped). Listed apart too. A defect of fixed input
//   that comes or goes in cells failing for other causes stays new or fixed: that is the build's.
import type { Outcome } from '../core/finding.js';
import type { OperationRow } from '../report/compatibility/rows.js';
import type { CompatibilityReport, Defect } from '../report/compatibility/types.js';
import { answerDrift, type DriftItem } from './drift.js';
import type { LoadedRun } from './run.js';

export type ItemCategory = 'defect-new' | 'defect-fixed' | 'support' | 'cell' | 'drift';

export interface ItemSide {
  shows: string;
  /** A request as curl (credentials as variables) that shows it. */
  curl?: string;
  /** An answer's excerpt, where the run kept one. */
  answer?: string;
}

export interface CompareItem {
  /** Direction-free: the same for a field removed and that field added (the noise filter's key). */
  key: string;
  category: ItemCategory;
  breaking: boolean;
  /** Fails `--gate-against` (new defects, lost conformance, breaking drift). */
  gates: boolean;
  title: string;
  operation?: string;
  old: ItemSide;
  new: ItemSide;
  /** The defect (defect items), as the run that shows it has it. */
  defect?: { id: string; signature: string; kind: string; severity: string; cells: string[] };
  /** The drift (drift items). */
  drift?: Omit<DriftItem, 'old' | 'new' | 'title' | 'breaking' | 'operation'>;
  /** The cell (cell items) or the operation's status (support items), old and new. */
  outcomes?: { old: string; new: string; check?: string };
}

export interface RunInfo {
  file: string;
  label: string;
  runId: string | null;
  seed: number | null;
  profile: string;
  /** DEPTH of the run (report.json's `depth`; standard for reports written before it existed). */
  depth: string;
  target: CompatibilityReport['target'];
  generatedAt: string;
  score: CompatibilityReport['score'];
  defects: number;
  /** The run wrote shapes.json (its answers can be compared). */
  shapes: boolean;
}

export interface Comparison {
  version: number;
  generatedAt: string;
  old: RunInfo;
  new: RunInfo;
  /** The second run of the old build, when given: what differs between it and `old` is noise. */
  noise: RunInfo | null;
  items: CompareItem[];
  counts: {
    items: number;
    breaking: number;
    gating: number;
    defects: { new: number; fixed: number; unchanged: number };
    cells: number;
    support: number;
    drift: number;
    /** Items the noise filter dropped (they differ between the two runs of the old build). */
    suppressed: number;
  };
  /** Defects seen in one run only whose cells the other run did not judge: not comparable, listed apart. */
  notComparable: { defect: string; title: string; in: 'old' | 'new'; cells: string[]; why: string }[];
  /** Items the noise filter dropped, by key. */
  suppressed: string[];
  /** Why some of it could not be compared (a run without shapes.json, another spec, a scope). */
  caveats: string[];
}

export const COMPARISON_VERSION = 1;

/** Outcomes that say the cell was judged: Pass, Fail, or the target lacks it. */
const JUDGED = new Set<Outcome>(['pass', 'fail', 'unsupported']);
const IMPLEMENTED = new Set(['conformant', 'failing', 'known']);

function info(run: LoadedRun): RunInfo {
  const r = run.report;
  return { file: run.file, label: run.label, runId: r.runId, seed: r.seed, profile: r.profile, depth: depthOf(r), target: r.target, generatedAt: r.generatedAt, score: r.score, defects: r.defects.length, shapes: run.shapes !== undefined };
}

function depthOf(r: CompatibilityReport): string {
  return r.depth ?? 'standard';
}

/**
 * A new run at DEPTH=quick sends one case of each kind where standard sends many: what it did not
 * see is absence of evidence. So it claims no fix (a defect it did not show, a cell it passed that
 * failed before: the cases that showed it may not have been sent), and an answer's field or header
 * it never met is not called removed as a gating change. What it saw fail still gates.
 */
export const QUICK_NOT_FIXED = 'the new run was DEPTH=quick: it sends one case of each kind, so what it did not show is not shown fixed (a standard run decides)';

function rows(r: CompatibilityReport): Map<string, OperationRow> {
  return new Map(r.operations.map((o) => [o.id, o]));
}

function cellOf(r: Map<string, OperationRow>, operation: string, check: string): Outcome | undefined {
  return r.get(operation)?.cells[check];
}

function supportOf(row: OperationRow | undefined): 'implemented' | 'unsupported' | undefined {
  if (!row) return undefined;
  if (row.status === 'unsupported') return 'unsupported';
  return IMPLEMENTED.has(row.status) ? 'implemented' : undefined;
}

function defectSide(d: Defect): ItemSide {
  const ev = d.example?.evidence;
  const side: ItemSide = { shows: `${d.title} (${d.cells.length} cell${d.cells.length === 1 ? '' : 's'}: ${d.cells.slice(0, 4).map((c) => `${c.operation} · ${c.check}`).join(', ')}${d.cells.length > 4 ? ', …' : ''})` };
  const curl = d.reproduction.curl ?? ev?.curl;
  if (curl) side.curl = curl;
  if (ev) side.answer = `${ev.status} ${ev.bodyExcerpt.slice(0, 300)}`;
  return side;
}

function cellsIn(r: Map<string, OperationRow>, d: Defect): string {
  const parts = d.cells.slice(0, 4).map((c) => `${c.operation} · ${c.check}: ${cellOf(r, c.operation, c.check) ?? 'not run'}`);
  if (d.cells.length > 4) parts.push('…');
  return parts.join(', ');
}

function defectItem(d: Defect, category: 'defect-new' | 'defect-fixed', other: Map<string, OperationRow>): CompareItem {
  const there = defectSide(d);
  const elsewhere: ItemSide = { shows: category === 'defect-new' ? `not shown; its cells: ${cellsIn(other, d)}` : `not shown any more; its cells: ${cellsIn(other, d)}` };
  return {
    key: `defect|${d.signature}`,
    category,
    breaking: false,
    gates: category === 'defect-new',
    title: `${category === 'defect-new' ? 'New' : 'Fixed'} defect: ${d.title}`,
    ...(d.operations[0] ? { operation: d.operations[0] } : {}),
    old: category === 'defect-new' ? elsewhere : there,
    new: category === 'defect-new' ? there : elsewhere,
    defect: { id: d.id, signature: d.signature, kind: d.kind, severity: d.severity, cells: d.cells.map((c) => `${c.operation} · ${c.check}`) },
  };
}

function driftItem(d: DriftItem): CompareItem {
  const { old, new: now, title, breaking, operation, ...drift } = d;
  const path = d.field ?? d.header ?? '';
  const side = (s: typeof old): ItemSide => (s.sample ? { shows: s.shows, curl: s.sample } : { shows: s.shows });
  // A move's key names both places (the fields' old container and the wrapper).
  const at = d.change === 'fields-moved' ? `${d.movedFrom ?? ''} -> ${path}` : path;
  const key = d.change === 'statuses' ? `status|${operation}|${d.kind}` : `${d.field !== undefined ? 'field' : 'header'}|${operation}|${d.kind}|${d.statusClass ?? ''}|${at}`;
  return { key, category: 'drift', breaking, gates: breaking, title, operation, old: side(old), new: side(now), drift };
}

/** The two harness builds in a few words when they differ, else undefined (unknown counts as the same). */
function otherBuilds(oldRun: LoadedRun, newRun: LoadedRun): string | undefined {
  const a = oldRun.shapes?.harness;
  const b = newRun.shapes?.harness;
  if (!a || !b) return undefined;
  const commits = a.commit !== null && b.commit !== null && a.commit !== b.commit;
  const versions = a.version !== null && b.version !== null && a.version !== b.version;
  if (!commits && !versions) return undefined;
  const word = (h: NonNullable<typeof a>): string => [h.version, h.commit?.slice(0, 7)].filter(Boolean).join(' ');
  return `${word(a)} and ${word(b)}`;
}

/** The comparison of two runs, without the noise filter (compare() applies it). */
function diff(oldRun: LoadedRun, newRun: LoadedRun): Pick<Comparison, 'items' | 'notComparable' | 'caveats'> & { unchanged: number } {
  const o = oldRun.report;
  const n = newRun.report;
  const oRows = rows(o);
  const nRows = rows(n);
  const items: CompareItem[] = [];
  const notComparable: Comparison['notComparable'] = [];
  const caveats: string[] = [];
  if (o.spec.hash !== n.spec.hash) caveats.push(`the two runs loaded different specs (${o.spec.file} ${o.spec.version}, ${n.spec.file} ${n.spec.version}): operations only one declares are not compared`);
  if (o.profile !== n.profile) caveats.push(`the two runs had different profiles (${o.profile}, ${n.profile}): what only one sends is not compared`);
  const quickNew = depthOf(n) === 'quick';
  if (depthOf(o) !== depthOf(n)) caveats.push(`the two runs looked to different depths (DEPTH=${depthOf(o)}, DEPTH=${depthOf(n)}): cells only one judged are not compared${quickNew ? '; nothing is called fixed from the quick run, and fields or headers it did not meet are not called removed' : ''}`);
  // Two quick runs: the same rule, said, so that a defect gone from the new run is not read as overlooked.
  else if (quickNew) caveats.push('both runs were DEPTH=quick: nothing is called fixed from the new run (one case passing does not show a defect gone; a standard run decides)');
  if (o.scope || n.scope) caveats.push('a run was limited to some groups (ONLY_GROUPS/SKIP_GROUPS): operations out of its scope are not compared');
  const builds = otherBuilds(oldRun, newRun);
  if (builds) caveats.push(`the two runs were made by different builds of the harness (${builds}): what changed in how it judges shows here as a change of the shop (a rule reworded: its defect new in one run and fixed in the other)`);

  // Support: implemented or Unsupported, where both runs tested the operation.
  const bothImplement = new Set<string>();
  const supportChanged = new Set<string>();
  for (const [id, nRow] of nRows) {
    const was = supportOf(oRows.get(id));
    const is = supportOf(nRow);
    if (!was || !is) continue;
    if (was === 'implemented' && is === 'implemented') {
      bothImplement.add(id);
      continue;
    }
    if (was === is) continue;
    supportChanged.add(id);
    const gone = is === 'unsupported';
    const oRow = oRows.get(id) as OperationRow;
    items.push({
      key: `support|${id}`,
      category: 'support',
      breaking: gone,
      gates: gone,
      title: gone ? `Operation gone: ${id} (${nRow.method} ${nRow.path}) is not implemented any more` : `New operation: ${id} (${nRow.method} ${nRow.path}) is implemented now`,
      operation: id,
      old: { shows: `${oRow.status}` },
      new: { shows: `${nRow.status}` },
      outcomes: { old: oRow.status, new: nRow.status },
    });
  }

  // Cells judged in both runs whose outcome changed (operations whose support changed are said above).
  for (const [id, nRow] of nRows) {
    const oRow = oRows.get(id);
    if (!oRow || supportChanged.has(id)) continue;
    for (const [check, now] of Object.entries(nRow.cells)) {
      const was = oRow.cells[check];
      if (!was || was === now || !JUDGED.has(was) || !JUDGED.has(now)) continue;
      const lost = now === 'fail';
      // A cell that passes at quick after failing: fewer cases passed, which is not a fix.
      const notFixed = quickNew && was === 'fail' && now === 'pass';
      items.push({
        key: `cell|${id}|${check}`,
        category: 'cell',
        breaking: false,
        gates: lost,
        title: `${id} · ${check}: ${was} → ${now}${notFixed ? ' (passed at DEPTH=quick, not judged fixed)' : ''}`,
        operation: id,
        old: { shows: was },
        new: { shows: now },
        outcomes: { old: was, new: now, check },
      });
    }
  }

  // Defects by signature: new, fixed, unchanged; a defect whose cells the other run did not judge is not comparable.
  const oSigs = new Map(o.defects.map((d) => [d.signature, d]));
  const nSigs = new Map(n.defects.map((d) => [d.signature, d]));
  const judgedIn = (r: Map<string, OperationRow>, d: Defect): boolean => d.cells.some((c) => JUDGED.has(cellOf(r, c.operation, c.check) as Outcome));
  const apart = (d: Defect, where: 'old' | 'new', why: string): void => {
    notComparable.push({ defect: d.signature, title: d.title, in: where, cells: d.cells.map((c) => `${c.operation} · ${c.check}`), why });
  };
  let unchanged = 0;
  for (const d of n.defects) {
    if (oSigs.has(d.signature)) {
      unchanged++;
      continue;
    }
    if (!judgedIn(oRows, d)) apart(d, 'new', NOT_JUDGED);
    else if (failsIn(oRows, d) && byChance(n, d)) apart(d, 'new', byChance(n, d) as string);
    else items.push(defectItem(d, 'defect-new', oRows));
  }
  for (const d of o.defects) {
    if (nSigs.has(d.signature)) continue;
    // Fixed when the new run judged a cell of it (passed, or failed for another cause); gone with its operation is a support change.
    const judged = d.cells.some((c) => ['pass', 'fail'].includes(cellOf(nRows, c.operation, c.check) ?? ''));
    if (!judged) apart(d, 'old', NOT_JUDGED);
    else if (quickNew) apart(d, 'old', QUICK_NOT_FIXED);
    else if (failsIn(nRows, d) && byChance(o, d)) apart(d, 'old', byChance(o, d) as string);
    else items.push(defectItem(d, 'defect-fixed', nRows));
  }

  // Drift in answers, for operations both runs implement.
  if (oldRun.shapes && newRun.shapes) items.push(...answerDrift(oldRun.shapes, newRun.shapes, bothImplement).map((d) => driftItem(quickNew && depthOf(o) !== 'quick' && REMOVALS.has(d.change) ? unseenAtQuick(d) : d)));
  else caveats.push(`${[oldRun.shapes ? '' : oldRun.file, newRun.shapes ? '' : newRun.file].filter(Boolean).join(' and ')} ${oldRun.shapes || newRun.shapes ? 'has' : 'have'} no shapes.json (a run from before it was recorded): answers are not compared`);
  return { items, notComparable, caveats, unchanged };
}

const NOT_JUDGED = 'the other run judged none of its cells';

/** Drift that rests on what the new run's answers lacked. */
const REMOVALS = new Set<DriftItem['change']>(['field-removed', 'header-removed']);

/** A removal seen by a quick run after a deeper one: said, not breaking (quick met fewer answers of the kind). */
function unseenAtQuick(d: DriftItem): DriftItem {
  return { ...d, breaking: false, title: `${d.title} (not met at DEPTH=quick, which sends fewer requests of this kind: not judged removed)` };
}

/** Every cell of the defect fails in that run too (for another cause). */
function failsIn(r: Map<string, OperationRow>, d: Defect): boolean {
  return d.cells.every((c) => cellOf(r, c.operation, c.check) === 'fail');
}

/**
 * Why the run that shows the defect may have met it by chance, or undefined: a property's
 * counterexample (its replay names the drawn path), or an answer, status and message, that run also
 * saw break down under overlap on one of its operations (report.unreproduced).
 */
function byChance(r: CompatibilityReport, d: Defect): string | undefined {
  if (/\bFC_PATH=/.test(d.reproduction.replay ?? '')) return 'found by drawn input, in cells the other run fails too: which input the seed drew decides it';
  // The signature's detail is the answer's message (numbers as #: such a message is not matched, and the defect stays new or fixed).
  const message = d.signature.split(' | ')[2] ?? '';
  const brokeDown = (r.unreproduced ?? []).some((u) => d.operations.includes(u.operation) && u.message.includes(` answered ${String(d.status)} `) && message.length > 0 && u.message.includes(message));
  if (d.status !== null && brokeDown) return `its ${String(d.status)} "${message}" is an answer its run also saw break down under overlap (not reproduced alone), in cells the other run fails too`;
  return undefined;
}

const ORDER: Record<ItemCategory, number> = { 'defect-new': 0, support: 1, drift: 2, cell: 3, 'defect-fixed': 4 };

/**
 * Compares two runs. With `noiseRun` (a second run of the old build), every item whose key also
 * differs between `oldRun` and `noiseRun` is dropped and counted as suppressed.
 */
export function compare(oldRun: LoadedRun, newRun: LoadedRun, noiseRun?: LoadedRun): Comparison {
  const { items, notComparable, caveats, unchanged } = diff(oldRun, newRun);
  let kept = items;
  let suppressed: string[] = [];
  if (noiseRun) {
    const noisy = new Set(diff(oldRun, noiseRun).items.map((i) => i.key));
    // A defect's key is its signature; a defect that came or went between the old build's runs is noise both ways.
    kept = items.filter((i) => !noisy.has(i.key));
    suppressed = items.filter((i) => noisy.has(i.key)).map((i) => i.key);
  }
  kept.sort((a, b) => ORDER[a.category] - ORDER[b.category] || Number(b.breaking) - Number(a.breaking) || (a.operation ?? '').localeCompare(b.operation ?? '') || a.title.localeCompare(b.title));
  const count = (c: ItemCategory): number => kept.filter((i) => i.category === c).length;
  return {
    version: COMPARISON_VERSION,
    generatedAt: new Date().toISOString(),
    old: info(oldRun),
    new: info(newRun),
    noise: noiseRun ? info(noiseRun) : null,
    items: kept,
    counts: {
      items: kept.length,
      breaking: kept.filter((i) => i.breaking).length,
      gating: kept.filter((i) => i.gates).length,
      defects: { new: count('defect-new'), fixed: count('defect-fixed'), unchanged },
      cells: count('cell'),
      support: count('support'),
      drift: count('drift'),
      suppressed: suppressed.length,
    },
    notComparable,
    suppressed,
    caveats,
  };
}
