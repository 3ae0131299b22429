// The verdicts of the fault matrix, from the raw results of one run (pure, self-tested).
// A fault is caught when a test carrying one of its `catches` tags fails with it on (a check's
// Fail; for contract tests also Unsupported where the clean shop said otherwise), and that same
// test does not fail on the clean shop. A fault that breaks only a demand the vendor does not
// describe (`shows: 'advisory'`) is caught instead when such a test records an advisory finding
// of one of those rules/checks with it on and none on the clean shop, and no such test fails
// over it (a Fail there would name no defect of a shop); an advisory never catches a fault that
// expects a Fail. Harness errors and timeouts catch nothing: they say the harness broke, not that
// a check saw the defect. The clean shop must have no failure at all.
// The defects a fault's failures show (grouped as the compatibility report groups them) prove the
// grouping: each fault makes exactly one defect, or defect-reasons.ts says why it makes more.
import { columnName } from '../../src/core/keys.js';
import type { Fault } from '../../reference/faults/types.js';
import { Redactor } from '../../src/client/redact.js';
import { VERDICT_VERSION } from '../../src/core/verdict.js';
import { reportFinding } from '../../src/report/compatibility/record.js';
import { testDefects } from '../../src/report/defects/group.js';
import { DEFECT_REASONS } from './defect-reasons.js';
import { cleanProjectName, type MatrixPlan } from './plan.js';
import type { RawResult, RawRun } from './raw.js';

export interface TestRef {
  id: string;
  /** The expected tag it carries (caught), or its tags (extra failures). */
  tags: string[];
  /** fail, unsupported, error, timedOut, ... */
  outcome: string;
  error?: string;
}

/**
 * What catches a fault: a Fail (the default), an advisory for a demand the vendor does not
 * describe, or a security finding of one of the fault's `finds` kinds (the security pack, issue 33).
 */
export type Shows = 'fail' | 'advisory' | 'security';

export interface FaultVerdict {
  fault: string;
  area: string;
  description: string;
  catches: string[];
  shows: Shows;
  caught: boolean;
  /** Why it was not caught, naming the fault and the tags (empty when caught). */
  reason: string;
  /** Tests with an expected tag that caught the fault (outcome `advisory` for an advisory fault). */
  caughtBy: TestRef[];
  /** Advisory faults: tests with an expected tag that failed with it on (and not on the clean shop): a Fail for what the vendor does not describe. */
  failedInstead: TestRef[];
  /** Fail faults: tests with an expected tag that only recorded an advisory of its rules/checks (an advisory never catches them). */
  advisedOnly: string[];
  /** Advisory faults: tests with an expected tag whose advisory shows on the clean shop too (prove nothing). */
  advisedCleanToo: string[];
  /** Tags of `catches` no test in the run carries. */
  missingTags: string[];
  /** Tests the project ran / that failed (any reason). */
  ran: number;
  failed: number;
  /** Failures of tests WITHOUT an expected tag (smoke set): the fault broke more than its rule. */
  extraFailures: TestRef[];
  /** Tests with an expected tag that failed as harness errors or timeouts. */
  harnessErrors: TestRef[];
  /** Tests with an expected tag that failed here but fail on the clean shop too (prove nothing). */
  failsCleanToo: string[];
  /** The defects its Fail tests show (caught and extra failures), as the compatibility report groups them. */
  defects: { id: string; title: string; tests: number }[];
  /** One defect, or a stated reason for more (or none): the grouping's proof for this fault. */
  grouping: { ok: boolean; note: string };
}

export interface CleanVerdict {
  project: string;
  ran: number;
  failures: TestRef[];
  /** Tests that recorded a security finding on the clean shop (its tags: the kinds): the clean shop must have none. */
  security?: TestRef[];
}

export interface MatrixResult {
  generatedAt: string;
  durationMs: number;
  settings: { quick: boolean; only: string[]; profile: string; fcRuns: number; fcSeed?: number | undefined };
  /** `byAdvisory`: faults with `shows: 'advisory'` caught by an advisory finding (of `caught`). */
  score: { caught: number; total: number; byAdvisory: number };
  /** Faults whose failures make exactly one defect, or more for a stated reason. */
  grouping: { ok: number; total: number };
  cleanGreen: boolean;
  /** `caught 37/37, clean run green` */
  summary: string;
  ok: boolean;
  clean: CleanVerdict[];
  faults: FaultVerdict[];
  /** Errors outside tests (config, loading): any makes the matrix fail. */
  errors: string[];
}

const FAILED = new Set(['failed', 'timedOut', 'interrupted']);

/** A failure that says the harness broke, not that a check saw the defect: Error in its verdict record, or a timeout. */
function isHarnessError(r: RawResult): boolean {
  return r.status !== 'failed' || r.outcome === 'error';
}

function ref(r: RawResult, tags: string[]): TestRef {
  return { id: r.id, tags, outcome: r.status === 'failed' ? (r.outcome ?? 'fail') : r.outcome === 'unsupported' ? 'unsupported' : r.status, ...(r.error ? { error: r.error } : {}) };
}

/** Did this result (fault on) show the defect, given the same test on the clean shop? */
function verdictOf(r: RawResult, clean: RawResult | undefined): 'caught' | 'harness' | 'clean-fails' | 'none' {
  const failed = FAILED.has(r.status);
  const unsupported = r.status === 'skipped' && r.outcome === 'unsupported' && clean?.outcome !== 'unsupported';
  if (!failed && !unsupported) return 'none';
  if (clean && FAILED.has(clean.status)) return 'clean-fails';
  if (failed && isHarnessError(r)) return 'harness';
  return 'caught';
}

/** The column a `catches` tag names, as findings name their check (`@rule:sort` -> `rule:sort`, `@check:x` -> `x`). */
export function columnOfTag(tag: string): string {
  const t = tag.startsWith('@') ? tag.slice(1) : tag;
  const colon = t.indexOf(':');
  return colon < 0 ? t : columnName(t.slice(0, colon), t.slice(colon + 1));
}

function advised(r: RawResult | undefined, columns: readonly string[]): boolean {
  return (r?.advisories ?? []).some((c) => columns.includes(c));
}

function found(r: RawResult | undefined, kinds: readonly string[]): boolean {
  return (r?.security ?? []).some((k) => kinds.includes(k));
}

/**
 * Did this result (an advisory or a security fault on) show it as what the fault shows, given the
 * same test on the clean shop? `shown` reads that from a result: an advisory of one of the fault's
 * columns, or a security finding of one of its kinds. A Fail is `failed` (named, never a catch: it
 * would name no defect of a shop), unless the clean shop fails it too or the harness broke.
 */
function shownVerdictOf(r: RawResult, clean: RawResult | undefined, shown: (x: RawResult | undefined) => boolean): 'caught' | 'failed' | 'harness' | 'clean-fails' | 'clean-advises' | 'none' {
  if (clean && FAILED.has(clean.status) && (FAILED.has(r.status) || shown(r))) return 'clean-fails';
  if (FAILED.has(r.status)) return isHarnessError(r) ? 'harness' : 'failed';
  if (!shown(r)) return 'none';
  if (shown(clean)) return 'clean-advises';
  return 'caught';
}

function list(tags: readonly string[]): string {
  return tags.join(', ');
}

export function judgeFault(fault: Fault, project: string, results: RawResult[], cleanById: Map<string, RawResult>, tagsInRun: ReadonlySet<string>, reasons: Readonly<Record<string, readonly [number, string]>> = DEFECT_REASONS): FaultVerdict {
  const catches = [...fault.catches];
  const shows: Shows = fault.shows ?? 'fail';
  const columns = catches.map(columnOfTag);
  const missingTags = catches.filter((t) => !tagsInRun.has(t));
  const mine = results.filter((r) => r.project === project);
  const v: FaultVerdict = {
    fault: fault.name,
    area: fault.area,
    description: fault.description,
    catches,
    shows,
    caught: false,
    reason: '',
    caughtBy: [],
    failedInstead: [],
    advisedOnly: [],
    advisedCleanToo: [],
    missingTags,
    ran: mine.length,
    failed: mine.filter((r) => FAILED.has(r.status)).length,
    extraFailures: [],
    harnessErrors: [],
    failsCleanToo: [],
    defects: [],
    grouping: { ok: false, note: '' },
  };
  let tagged = 0;
  for (const r of mine) {
    const expected = r.tags.filter((t) => catches.includes(t));
    if (!expected.length) {
      if (FAILED.has(r.status)) v.extraFailures.push(ref(r, r.tags));
      continue;
    }
    tagged++;
    const clean = cleanById.get(r.id);
    if (shows === 'advisory' || shows === 'security') {
      const verdict = shownVerdictOf(r, clean, shows === 'security' ? (x) => found(x, fault.finds ?? []) : (x) => advised(x, columns));
      if (verdict === 'caught') v.caughtBy.push({ ...ref(r, expected), outcome: shows });
      else if (verdict === 'failed') v.failedInstead.push(ref(r, expected));
      else if (verdict === 'harness') v.harnessErrors.push(ref(r, expected));
      else if (verdict === 'clean-fails') v.failsCleanToo.push(r.id);
      else if (verdict === 'clean-advises') v.advisedCleanToo.push(r.id);
      continue;
    }
    const verdict = verdictOf(r, clean);
    if (verdict === 'caught') v.caughtBy.push(ref(r, expected));
    else if (verdict === 'harness') v.harnessErrors.push(ref(r, expected));
    else if (verdict === 'clean-fails') v.failsCleanToo.push(r.id);
    else if (verdict === 'none' && advised(r, columns) && !advised(clean, columns)) v.advisedOnly.push(r.id);
  }
  v.caught = v.caughtBy.length > 0 && v.failedInstead.length === 0;
  const shown = new Map<string, { id: string; title: string; tests: number }>();
  for (const r of mine) {
    if (r.status !== 'failed' || r.outcome !== 'fail' || (cleanById.get(r.id) && FAILED.has(cleanById.get(r.id)?.status ?? ''))) continue;
    for (const d of r.defects ?? defectsOf(r)) {
      const e = shown.get(d.id) ?? { ...d, tests: 0 };
      e.tests++;
      shown.set(d.id, e);
    }
  }
  v.defects = [...shown.values()].sort((a, b) => b.tests - a.tests || a.title.localeCompare(b.title));
  v.grouping = groupingOf(v, reasons[fault.name]);
  if (!v.caught) {
    const what = shows === 'advisory' ? `recorded an advisory of ${list(columns)} because of it` : shows === 'security' ? `recorded a security finding of ${list(fault.finds ?? [])} because of it` : 'failed because of it';
    if (missingTags.length === catches.length) v.reason = `not caught: no test carries ${catches.length > 1 ? 'any of the tags' : 'the tag'} ${list(catches)}`;
    else if (!mine.length) v.reason = `not caught: its project ran no test (expected tags ${list(catches)})`;
    else if (v.failedInstead.length) {
      v.reason = `not caught: ${v.failedInstead.length} test(s) tagged ${list(catches.filter((t) => !missingTags.includes(t)))} failed with it on, but it breaks only a demand the vendor does not describe (shows: ${shows}), so a Fail names no defect of the shop: the demand's basis is wrong`;
    } else {
      const parts = [`none of the ${tagged} test(s) tagged ${list(catches.filter((t) => !missingTags.includes(t)))} ${what}`];
      if (v.harnessErrors.length) parts.push(`${v.harnessErrors.length} ended in harness errors or timeouts`);
      if (v.failsCleanToo.length) parts.push(`${v.failsCleanToo.length} fail on the clean shop too`);
      if (v.advisedCleanToo.length) parts.push(`${v.advisedCleanToo.length} record the advisory on the clean shop too`);
      if (v.advisedOnly.length) parts.push(`${v.advisedOnly.length} recorded only an advisory of it, which never catches a fault that expects a Fail (if the vendor does not describe the rule, the fault shows: advisory)`);
      if (missingTags.length) parts.push(`no test carries ${list(missingTags)}`);
      v.reason = `not caught: ${parts.join('; ')}`;
    }
  }
  return v;
}

/** The raw results were redacted before they were recorded. */
const NO_SECRETS = new Redactor([]);

/** The defects a Fail shows, grouped as the compatibility report groups them. */
function defectsOf(r: RawResult): { id: string; title: string }[] {
  if (!r.verdict) return [];
  const v = { version: VERDICT_VERSION, group: '', advisories: [], notes: [], leftovers: [], deprecated: [], ...r.verdict };
  return testDefects(v, r.error, (f) => reportFinding(f, NO_SECRETS)).map((d) => ({ id: d.sig.id, title: d.title }));
}

/**
 * One defect per fault, else the reason defect-reasons.ts states, for at most the number it
 * states (a fault caught only as Unsupported makes none).
 */
function groupingOf(v: FaultVerdict, reason: readonly [number, string] | undefined): { ok: boolean; note: string } {
  const n = v.defects.length;
  const list = v.defects.map((d) => `${d.id} ${d.title}`).join('; ');
  if (n === 1) return { ok: true, note: 'one defect' };
  if (n === 0 && v.caughtBy.length && v.caughtBy.every((t) => t.outcome === 'unsupported')) return { ok: true, note: 'no defect: the fault takes an operation away, which is Unsupported, not a failure' };
  if (n === 0 && !v.caught) return { ok: true, note: 'no defect: not caught' };
  if (n === 0 && v.shows === 'advisory') return { ok: true, note: 'no defect: an advisory, never a Fail' };
  if (n === 0 && v.shows === 'security') return { ok: true, note: 'no defect: a security finding, never a Fail' };
  if (!reason) return { ok: false, note: `${n} defects and no reason in test/faults/defect-reasons.ts: ${list}` };
  const [most, why] = reason;
  if (n > most) return { ok: false, note: `${n} defects, more than the ${most} test/faults/defect-reasons.ts explains (${why}): ${list}` };
  return { ok: true, note: `${n} defects: ${why}` };
}

export interface AnalyseOptions {
  quick: boolean;
  only: string[];
  profile: string;
  fcRuns: number;
  fcSeed?: number | undefined;
  now?: Date;
  /** Why a fault makes more than one defect, and how many at most (default: defect-reasons.ts). */
  reasons?: Readonly<Record<string, readonly [number, string]>>;
}

/** ` (2 by an advisory, 14 by a security finding)`, or nothing when all were caught by a Fail. */
function caughtHow(byAdvisory: number | undefined, bySecurity: number): string {
  const parts = [byAdvisory !== undefined ? `${byAdvisory} by an advisory` : '', bySecurity ? `${bySecurity} by a security finding` : ''].filter(Boolean);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

export function analyse(plan: MatrixPlan, raw: RawRun, opts: AnalyseOptions): MatrixResult {
  const byProject = new Map<string, RawResult[]>();
  for (const r of raw.results) byProject.set(r.project, [...(byProject.get(r.project) ?? []), r]);
  const tagsInRun = new Set(raw.results.flatMap((r) => r.tags));

  const clean: CleanVerdict[] = plan.projects
    .filter((p) => p.fault === undefined)
    .map((p) => {
      const rs = byProject.get(p.name) ?? [];
      const security = rs.filter((r) => r.security?.length).map((r) => ({ ...ref(r, r.security ?? []), outcome: 'security' }));
      return { project: p.name, ran: rs.length, failures: rs.filter((r) => FAILED.has(r.status)).map((r) => ref(r, r.tags)), ...(security.length ? { security } : {}) };
    });
  const errors = [...raw.errors];
  for (const c of clean) if (c.ran === 0) errors.push(`the clean project ${c.project} ran no test`);

  const faults = plan.faults.map((f) => {
    const project = plan.projects.find((p) => p.fault === f.name);
    const cleanName = cleanProjectName(project?.variant ?? { tls: false });
    const cleanById = new Map((byProject.get(cleanName) ?? []).map((r) => [r.id, r]));
    return judgeFault(f, project?.name ?? '', raw.results, cleanById, tagsInRun, opts.reasons);
  });

  const caught = faults.filter((f) => f.caught).length;
  const grouped = faults.filter((f) => f.grouping.ok).length;
  const advisoryFaults = faults.filter((f) => f.shows === 'advisory');
  const byAdvisory = advisoryFaults.filter((f) => f.caught).length;
  const cleanFailures = clean.reduce((n, c) => n + c.failures.length, 0);
  // The clean shop has no weakness the security pack checks: a finding there is a scanner's mistake or the shop's.
  const cleanSecurity = clean.reduce((n, c) => n + (c.security?.length ?? 0), 0);
  const cleanGreen = cleanFailures === 0 && cleanSecurity === 0 && clean.every((c) => c.ran > 0);
  const bySecurity = faults.filter((f) => f.shows === 'security' && f.caught).length;
  const summary = [
    `caught ${caught}/${faults.length}${caughtHow(advisoryFaults.length ? byAdvisory : undefined, bySecurity)}`,
    cleanGreen ? 'clean run green' : `clean run: ${[`${cleanFailures} failure(s)`, cleanSecurity ? `${cleanSecurity} test(s) with security findings` : ''].filter(Boolean).join(', ')}`,
    `one defect per fault ${grouped}/${faults.length}`,
    ...(errors.length ? [`${errors.length} run error(s)`] : []),
  ].join(', ');
  return {
    generatedAt: (opts.now ?? new Date()).toISOString(),
    durationMs: raw.durationMs,
    settings: { quick: opts.quick, only: opts.only, profile: opts.profile, fcRuns: opts.fcRuns, fcSeed: opts.fcSeed },
    score: { caught, total: faults.length, byAdvisory },
    grouping: { ok: grouped, total: faults.length },
    cleanGreen,
    summary,
    ok: caught === faults.length && grouped === faults.length && cleanGreen && errors.length === 0,
    clean,
    faults,
    errors,
  };
}

/** For `npm test`'s closing line: one per fault, one for the clean run, one for the grouping, one for run errors. */
export function matrixCounts(m: MatrixResult): { passed: number; failed: number; skipped: number } {
  const notCaught = m.faults.length - m.score.caught;
  const groupedAll = m.grouping.ok === m.grouping.total;
  return { passed: m.score.caught + (m.cleanGreen ? 1 : 0) + (groupedAll ? 1 : 0), failed: notCaught + (m.cleanGreen ? 0 : 1) + (groupedAll ? 0 : 1) + (m.errors.length ? 1 : 0), skipped: 0 };
}
