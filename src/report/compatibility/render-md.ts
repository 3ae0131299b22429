// report.md: the same report for a pull request comment or a vendor's page. Shorter than the HTML
// page: it leads with the defects (worst first, each with its reproduction), evidence is cut to the
// request line, the status and the first lines of the body.
import { formatEvidence } from '../../checks/evidence.js';
import { harnessErrorsText } from '../harness-stop.js';
import { STATUS_LABEL } from './colours.js';
import { badgeLabel } from './meta.js';
import { gateDefects, leftoversText, requestsText } from './report-texts.js';
import { budgetsText } from './render-figures.js';
import { notTestedLine } from './not-tested.js';
import { depthLine } from './closing.js';
import { reproductionText, unreproducedWhat } from './reproduction.js';
import { outOfScopeReason, scopedLabel, scopeVariables, scoreText } from './scope.js';
import type { CellReport } from './rows.js';
import type { AdvisoryReport, CompatibilityReport, Defect, UnreproducedReport } from './types.js';
import { securityMd } from '../security/render.js';

const EVIDENCE_LINES = 14;

function cellText(s: string): string {
  return s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function fence(text: string): string {
  const lines = text.split('\n');
  const cut = lines.length > EVIDENCE_LINES ? [...lines.slice(0, EVIDENCE_LINES), `… (${lines.length - EVIDENCE_LINES} more lines in index.html)`] : lines;
  return ['```text', ...cut.map((l) => l.replace(/```/g, "'''")), '```'].join('\n');
}

function defectMd(d: Defect): string {
  const beyond = d.cells.filter((c) => c.beyondBaseline);
  const tolerated = d.cells.filter((c) => c.tolerated);
  const state = d.known
    ? `known (baseline: ${d.reason ?? ''})${beyond.length ? `; now also in ${beyond.map((c) => `${c.operation} · ${c.check}`).join(', ')}, which fail the gate` : ''}${tolerated.length ? `; spread tolerated in ${tolerated.map((c) => `${c.operation} · ${c.check}`).join(', ')}` : ''}`
    : 'new';
  const lines = [
    `${d.rank}. <a id="${d.id}"></a>**${d.title}** (${d.severity}; ${d.operations.length} operation(s), ${d.cells.length} cell(s); ${state})`,
    '',
    `   \`${d.id}\` signature: \`${d.signature.replace(/`/g, "'")}\``,
    `   Operations: ${d.operations.join(', ')}. Rules and checks: ${d.checks.join(', ')}.`,
  ];
  if (d.reproduction.curl) lines.push('', '   ```sh', `   ${d.reproduction.curl.replace(/```/g, "'''")}`, '   ```');
  if (d.reproduction.replay) lines.push('', `   Again: \`${d.reproduction.replay.replace(/`/g, "'")}\``);
  if (d.reproduction.note) lines.push('', `   ${d.reproduction.note}`);
  lines.push('');
  return lines.join('\n');
}

function failureMd(cell: CellReport): string {
  const defects = cell.defects?.length ? ` [defect ${cell.defects.join(', ')}]` : '';
  const head = `- **${cell.operation}** · \`${cell.check}\`: ${cell.outcome}${cell.known ? ` (known deviation: ${cell.reason ?? ''})` : ''}${defects}${cell.reproduction ? `; ${reproductionText(cell.reproduction)}` : ''}`;
  const f = cell.findings[0];
  const body = f ? `${f.title}: ${f.message}${f.evidence ? `\n\n${fence(formatEvidence(f.evidence))}` : ''}` : cell.message ? fence(cell.message) : '';
  return body ? `${head}\n\n${body.split('\n').map((l) => (l ? `  ${l}` : '')).join('\n')}\n` : head;
}

function advisoryMd(a: AdvisoryReport): string {
  const basis = a.basis ? `${a.basis.kind}: ${a.basis.ref}` : 'not described by the vendor';
  const head = `- **${a.operation}** · \`${a.check}\`: ${a.title} (advisory; rests on ${basis}; met in ${a.seen} test${a.seen === 1 ? '' : 's'})`;
  const body = `${a.message}${a.evidence ? `\n\n${fence(formatEvidence(a.evidence))}` : ''}`;
  return `${head}\n\n${body.split('\n').map((l) => (l ? `  ${l}` : '')).join('\n')}\n`;
}

function unreproducedMd(u: UnreproducedReport): string {
  const what = unreproducedWhat(u, 'overlapped');
  const head = `- **${u.operation}** · ${u.showing}: ${u.title} (${what}; first hit \`${u.check}\`; met in ${u.seen} test${u.seen === 1 ? '' : 's'})`;
  const parts = [u.message, ...(u.evidence ? [fence(formatEvidence(u.evidence))] : []), ...u.replays.map((e, i) => `${i === 0 ? 'Sent again alone:' : 'Sent again overlapped:'}\n\n${fence(formatEvidence(e))}`)];
  return `${head}\n\n${parts.join('\n\n').split('\n').map((l) => (l ? `  ${l}` : '')).join('\n')}\n`;
}

/** Operations shown in the Markdown's response-time table (the page has them all). */
const LATENCY_ROWS = 15;

/** The coverage index per group and the slowest operations with their budgets. */
function figuresMd(r: CompatibilityReport): string[] {
  const out: string[] = [];
  const c = r.coverage;
  if (c) {
    out.push(`## Coverage: index ${c.index}%, score ${c.score}%`, '');
    out.push(`> ${c.definition}`, '');
    if (c.min !== undefined) out.push(`MIN_COVERAGE=${c.min}%: ${c.belowMin ? '**the index is below it; the run fails**' : 'met'}.`, '');
    out.push('| group | operations | coverage index | score |', '|---|---:|---:|---:|');
    for (const g of c.groups) out.push(`| ${cellText(g.name)} | ${g.operations} | ${g.index}% | ${g.score}% |`);
    out.push(`| **whole run** | ${c.operations.length} | ${c.index}% | ${c.score}% |`, '');
  }
  const l = r.latency;
  if (l) {
    out.push(`## Response times (${l.operations.length} operations, ${l.answers} answers)`, '');
    out.push(`> ${l.definition}`, '');
    const over = l.operations.filter((o) => o.overBudget);
    out.push(`Budget: ${budgetsText(l.budgets)}. ${over.length ? `**Over budget over the run's answers: ${over.map((o) => o.operation).join(', ')}.**` : 'No operation is over its budget over the run\'s answers.'}`, '');
    if (l.operations.length) {
      out.push('| operation | answers | p50 ms | p95 ms | max ms | budget | responseTime |', '|---|---:|---:|---:|---:|---:|---|');
      for (const o of l.operations.slice(0, LATENCY_ROWS)) out.push(`| ${cellText(o.operation)}${o.overBudget ? ' **over**' : ''} | ${o.count} | ${o.p50} | ${o.p95} | ${o.max} | ${o.budgetMs ? `${o.budgetMs} ms` : 'none'} | ${o.check ?? 'not run'} |`);
      if (l.operations.length > LATENCY_ROWS) out.push('', `… ${l.operations.length - LATENCY_ROWS} more operations in index.html and report.json.`);
      out.push('', 'Slowest answers:', '');
      for (const s of l.slowest.slice(0, 5)) out.push(`- ${s.durationMs} ms, ${s.operation}, ${s.status} (${cellText(s.label ? `${s.intent}: ${s.label}` : s.intent)}): \`${s.curl.replace(/`/g, "'")}\``);
      out.push('');
    }
  }
  return out;
}

export function renderMarkdown(r: CompatibilityReport): string {
  const out: string[] = [];
  out.push(`# ${r.spec.title} ${r.spec.version}: compatibility report`, '');
  out.push(`**${scopedLabel(badgeLabel(r), r.scope)}: ${scoreText(r, true)}**`, '');
  out.push(`> ${r.definition}`, '');
  out.push('| | |', '|---|---|');
  out.push(`| Target | ${cellText(r.target.url ?? 'unknown')}${r.target.embedded ? ' (embedded reference shop)' : ''} |`);
  out.push(`| X-API-Version / X-Shop-Version | ${r.target.apiVersion ?? 'not sent'} / ${r.target.shopVersion ?? 'not sent'} |`);
  if (r.notes?.version) out.push(`| Version | ${cellText(r.notes.version)} |`);
  if (r.notes?.requests) out.push(`| Requests sent | ${cellText(requestsText(r.notes.requests))} |`);
  out.push(`| Spec | ${cellText(`${r.spec.title} ${r.spec.version}`)} (${r.spec.dialect}), sha256 \`${r.spec.hash.slice(0, 16)}…\` |`);
  out.push(`| Profile / depth / seed | ${r.profile} / ${r.depth ?? 'standard'} / ${r.seed ?? 'drawn per run'} |`);
  if (r.scope) out.push(`| Scope | ${cellText(`${scopeVariables(r.scope)}: ${r.score.inScope} of ${r.score.declared} declared operations in scope, ${r.counts.operations.outOfScope} out of scope`)} |`);
  out.push(`| Run | ${r.runId ?? 'unknown'}, generated ${r.generatedAt}${r.shard ? `, shard ${r.shard.current}/${r.shard.total} only` : ''} |`);
  out.push('');
  const g = r.gate;
  out.push(g.ok
    ? `CI gate: **passed** (${g.known.length} known deviation(s)${g.baselineFile ? ` from ${g.baselineFile}` : ''}).`
    : `CI gate: **failed**: ${[g.newFailures.length ? `${g.newFailures.length} failure(s) not in the baseline${gateDefects(g)}` : '', harnessErrorsText(g.harnessErrors), ...g.runErrors].filter(Boolean).join('; ')}.`);
  out.push('');
  const dc = r.counts.defects;
  out.push(`## Defects (${dc.total}: ${dc.new} new, ${dc.known} known)`, '');
  out.push('Every Fail grouped by its cause, worst first (server errors and data written wrongly first, shape problems last). Curl commands need `API_USER` and `API_PASSWORD` set.', '');
  out.push(...(r.defects.length ? r.defects.map(defectMd) : ['None: no check or rule failed.', '']));
  const ops = r.counts.operations;
  const statuses = (Object.keys(ops) as (keyof typeof ops)[]).filter((s) => s !== 'outOfScope' || r.scope);
  out.push(`Operations: ${statuses.map((s) => `${ops[s]} ${STATUS_LABEL[s]}`).join(', ')}. Tests: ${r.counts.tests}.`, '');
  const depth = depthLine(r);
  if (depth) out.push(depth, '');
  const why = notTestedLine(r.notTested);
  if (why) out.push(`${why}.`, '');

  out.push('## Resource groups', '', '| group | conformant | known deviation | failing | unsupported | not tested |', '|---|---:|---:|---:|---:|---:|');
  for (const gr of r.groups.filter((x) => x.outOfScope < x.operations)) out.push(`| ${cellText(gr.name)} | ${gr.conformant}/${gr.operations} | ${gr.known} | ${gr.failing} | ${gr.unsupported} | ${gr.untested} |`);
  out.push('');

  out.push(...figuresMd(r));

  const newF = r.failures.filter((c) => !c.known);
  const known = r.failures.filter((c) => c.known);
  out.push(`## Failures (${newF.length})`, '');
  out.push(...(newF.length ? newF.map(failureMd) : ['None outside the baseline.']), '');
  out.push(`## Known deviations (${known.length})`, '');
  out.push(...(known.length ? known.map(failureMd) : ['None.']), '');
  out.push(...securityMd(r.security));
  const advisories = r.advisories ?? [];
  out.push(`## Advisories (${advisories.length})`, '');
  out.push('Stricter than the vendor describes (our errata, a habit observed on one shop, our own rules): never a failure, never in the CI gate.', '');
  out.push(...(advisories.length ? advisories.map(advisoryMd) : ['None.']), '');
  const unreproduced = r.unreproduced ?? [];
  out.push(`## Only under concurrency, or not again (${unreproduced.length})`, '');
  out.push('Failures whose request, sent again alone, did not fail again: a concurrency defect of the operation when it failed again overlapped, else flaky. Never a failure of the rule it hit, never in the CI gate.', '');
  out.push(...(unreproduced.length ? unreproduced.map(unreproducedMd) : ['None.']), '');
  const unsupportedOps = [...new Set(r.unsupported.map((c) => c.operation))];
  out.push(`## Unsupported operations (${unsupportedOps.length})`, '');
  out.push(...(unsupportedOps.length ? unsupportedOps.map((id) => `- ${id}`) : ['None.']), '');
  if (r.notTested?.length) {
    out.push(`## Not tested (${r.notTested.reduce((a, g) => a + g.operations.length, 0)})`, '');
    for (const g of r.notTested) out.push(`- ${g.summary}: ${g.operations.map((o) => (g.cause === 'skipped' && o.reason ? `${o.id} (${cellText(o.reason)})` : o.id)).join(', ')}`);
    out.push('');
  }
  if (r.notes) {
    const n = r.notes;
    out.push(`## Operations the run stopped calling (${n.stoppedCalling.length})`, '');
    out.push(...(n.stoppedCalling.length ? n.stoppedCalling.map((x) => `- ${x.operation}: answered ${x.statuses.join(', ')}; not called again (a failing create may leave half-written records). Last: \`${cellText(x.answer.slice(0, 160))}\``) : ['None.']), '');
    const left = n.leftovers;
    out.push('## Left behind on the target', '');
    out.push(leftoversText(left), '');
    if (left?.items?.length) out.push(...left.items.map((i) => `- \`${i.what}\`: ${cellText(i.manualStep ? `${i.reason}; ${i.manualStep}` : i.reason)}`), '');
  }
  const deprecated = r.operations.filter((o) => o.deprecated);
  out.push(`## Deprecated operations (${deprecated.length})`, '');
  out.push(...(deprecated.length ? deprecated.map((o) => `- ${o.id} (${o.method} ${o.path}): ${STATUS_LABEL[o.status]}`) : ['None.']), '');
  if (r.scope) {
    const scope = r.scope;
    const left = r.groups.filter((x) => x.outOfScope > 0);
    out.push(`## Out of scope (${r.counts.operations.outOfScope} operations)`, '');
    out.push(`Operations of the groups this run left out (${scopeVariables(scope)}): not tested by design, neither failures nor part of the score.`, '');
    out.push(...(left.length ? left.map((x) => `- ${x.name} (${x.outOfScope}): ${outOfScopeReason(scope, x.name)}`) : ['None: every group the spec declares is in scope.']), '');
  }
  if (g.fixed.length) {
    out.push('## Baseline entries that now pass (remove them)', '');
    out.push(...g.fixed.map((e) => `- ${e.operation} · \`${e.check}\`: ${e.reason}`), '');
  }
  if (g.passedAtDepth?.length) {
    out.push(`## Baseline entries that passed at DEPTH=${r.depth ?? 'quick'}, not judged fixed (kept: a standard run decides)`, '');
    out.push(...g.passedAtDepth.map((e) => `- ${e.operation} · \`${e.check}\`: ${e.reason}`), '');
  }
  if (g.outOfScope.length) {
    out.push('## Baseline entries not judged (out of scope)', '');
    out.push(...g.outOfScope.map((e) => `- ${e.operation} · \`${e.check}\`: ${e.reason}`), '');
  }
  const otherFailing = r.other.filter((c) => c.outcome === 'fail' || c.outcome === 'error');
  if (otherFailing.length) {
    out.push(`## Failing tests that name no operation (${otherFailing.length})`, '');
    out.push(...otherFailing.map(failureMd), '');
  }
  out.push(`## Spec findings (${r.specFindings.length})`, '');
  out.push(...(r.specFindings.length ? r.specFindings.map((f) => `- ${f.kind} at \`${f.pointer}\`${f.operationId ? ` (${f.operationId})` : ''}: ${cellText(f.message)}`) : ['None.']), '');
  out.push(`## Applied errata (${r.errataApplied.length})`, '');
  out.push(...(r.errataApplied.length ? r.errataApplied.map((e) => `- ${cellText(e)}`) : ['None.']), '');
  return out.join('\n');
}
