// index.html: ONE self-contained page (inline CSS and SVG, no script, no external resource) that a
// vendor can publish and a QA lead can read: the score and what it means, the defects (every Fail
// grouped by its cause, worst first, each with one reproduction and links to its cells), the
// per-group picture, the coverage index and response times (render-figures.ts), every failure cell
// with its evidence and a link to its defect (render-findings.ts), then what is apart from
// failures (known deviations, advisories, unsupported and deprecated operations, in a scoped run
// the operations out of scope, the baseline), the full matrix, spec findings and errata.
import { OUTCOMES } from '../../core/finding.js';
import { harnessErrorsText } from '../harness-stop.js';
import { OUTCOME_COLOUR, OUTCOME_LETTER, STATUS_COLOUR, STATUS_LABEL } from './colours.js';
import { esc } from './escape.js';
import { badgeLabel } from './meta.js';
import { groupOverviewSvg } from './render-svg.js';
import { outOfScopeReason, scopedLabel, scopeVariables, scoreText } from './scope.js';
import { advisoryHtml, defectsHtml, failureHtml, unreproducedHtml } from './render-findings.js';
import { listOrNone, opLabel, outcomePill, pill } from './render-parts.js';
import { gateDefects, leftoversText, requestsText } from './report-texts.js';
import { coverageHtml, FIGURES_CSS, latencyHtml } from './render-figures.js';
import { SECURITY_CSS, securityHtml } from '../security/render.js';
import { notTestedLine } from './not-tested.js';
import { depthLine } from './closing.js';
import type { CellReport, GroupSummary, OperationRow } from './rows.js';
import type { CompatibilityReport } from './types.js';

const CSS = `
:root { --fg:#1c2330; --muted:#5b6575; --line:#dde3ea; --bg:#f6f8fa; }
* { box-sizing: border-box; }
body { font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); margin: 0; background: #fff; }
main { max-width: 1180px; margin: 0 auto; padding: 24px; }
h1 { font-size: 24px; margin: 0 0 4px; } h2 { font-size: 19px; margin: 32px 0 8px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
h3 { font-size: 15px; margin: 0; }
.muted { color: var(--muted); }
table { border-collapse: collapse; } th, td { text-align: left; padding: 3px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
.meta th { font-weight: 600; color: var(--muted); white-space: nowrap; }
.score { display: flex; gap: 24px; align-items: center; background: var(--bg); border: 1px solid var(--line); border-radius: 8px; padding: 16px 20px; margin: 16px 0; }
.score .big { font-size: 40px; font-weight: 700; line-height: 1; }
.gate { padding: 8px 12px; border-radius: 6px; margin: 8px 0; font-weight: 600; }
.gate.ok { background: #e8f5e9; color: #1b5e20; } .gate.bad { background: #ffebee; color: #b71c1c; }
.pill { display: inline-block; padding: 0 8px; border-radius: 10px; color: #fff; font-size: 12px; font-weight: 600; }
.failure, .apart { border: 1px solid var(--line); border-left: 4px solid #c62828; border-radius: 6px; padding: 10px 14px; margin: 10px 0; }
.failure.known { border-left-color: #b26a00; } .failure.error { border-left-color: #6a1b9a; }
.apart { border-left-color: #5c6bc0; } .apart.advisory { border-left-color: #00838f; }
.repro { font-weight: 600; }
table.defects td { vertical-align: top; } table.defects td.n { text-align: right; white-space: nowrap; }
.defect { border: 1px solid var(--line); border-left: 4px solid #c62828; border-radius: 6px; padding: 10px 14px; margin: 10px 0; }
.defect.known { border-left-color: #b26a00; } .defect .sig { font: 11px ui-monospace, monospace; color: var(--muted); word-break: break-all; }
pre.repro-cmd { background: var(--bg); border: 1px solid var(--line); padding: 8px 10px; border-radius: 6px; white-space: pre-wrap; word-break: break-all; font: 12px/1.45 ui-monospace, monospace; }
.cells a { margin-right: 8px; white-space: nowrap; }
pre.evidence { background: #0f1720; color: #e6edf3; padding: 10px 12px; border-radius: 6px; overflow-x: auto; font: 12px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; white-space: pre-wrap; word-break: break-word; }
.finding { margin: 8px 0 0; }
table.matrix td.cell { text-align: center; font: 600 11px ui-monospace, monospace; color: #fff; min-width: 22px; }
table.matrix td.cell.known { outline: 2px dashed #b26a00; outline-offset: -3px; }
table.matrix th.rot { writing-mode: vertical-rl; transform: rotate(180deg); font-weight: 500; font-size: 11px; white-space: nowrap; padding: 4px 2px; }
details { margin: 6px 0; } summary { cursor: pointer; }
code { font: 12px ui-monospace, monospace; background: var(--bg); padding: 0 3px; border-radius: 3px; }
footer { margin-top: 40px; color: var(--muted); font-size: 12px; }
`;

function metaHtml(r: CompatibilityReport): string {
  const rows: [string, string][] = [
    ['Spec', `${r.spec.title} ${r.spec.version} (${r.spec.dialect}, ${r.spec.file})`],
    ['Spec hash', `sha256 ${r.spec.hash}`],
    ['Target', `${r.target.url ?? 'unknown'}${r.target.embedded ? ' (embedded reference shop)' : ''}`],
    ['X-API-Version', r.target.apiVersion ?? 'not sent'],
    ['X-Shop-Version', r.target.shopVersion ?? 'not sent'],
    ...(r.notes?.version ? ([['Version', r.notes.version]] as [string, string][]) : []),
    ...(r.notes?.requests ? ([['Requests sent', requestsText(r.notes.requests)]] as [string, string][]) : []),
    ['Profile', r.profile],
    ['Depth', r.depth ?? 'standard'],
    ['Scope', r.scope ? `${scopeVariables(r.scope)}: ${r.score.inScope} of ${r.score.declared} declared operations in scope, ${r.counts.operations.outOfScope} out of scope` : 'every resource group'],
    ['Seed', r.seed === null ? 'drawn per property run (see the property tests)' : String(r.seed)],
    ['Run', `${r.runId ?? 'unknown'}${r.startedAt ? `, started ${r.startedAt}` : ''}; report generated ${r.generatedAt}`],
  ];
  if (r.shard) rows.push(['Shard', `${r.shard.current}/${r.shard.total}: this page covers one shard only; merge the blob reports for the whole run`]);
  return `<table class="meta">${rows.map(([k, v]) => `<tr><th>${esc(k)}</th><td>${esc(v)}</td></tr>`).join('')}</table>`;
}

function gateHtml(r: CompatibilityReport): string {
  const g = r.gate;
  const base = g.baselineFile ? `baseline ${g.baselineFile}` : 'no baseline file';
  const lines: string[] = [];
  if (g.ok) lines.push(`<div class="gate ok" id="gate">CI gate: passed. ${g.known.length} known deviation(s) from the ${esc(base)}.</div>`);
  else {
    const security = g.security && !g.security.ok ? `${g.security.failing.length} security finding(s) at ${g.security.threshold} or worse not in the baseline (SECURITY_GATE)` : '';
    const why = [g.newFailures.length ? `${g.newFailures.length} failure(s) not in the baseline${gateDefects(g)}` : '', security, harnessErrorsText(g.harnessErrors), ...g.runErrors].filter(Boolean).join('; ');
    lines.push(`<div class="gate bad" id="gate">CI gate: failed: ${esc(why)} (${esc(base)}, ${g.known.length} known deviation(s)).</div>`);
  }
  return lines.join('\n');
}

function countsLine(r: CompatibilityReport): string {
  const tests = OUTCOMES.filter((o) => r.counts.testsByOutcome[o]).map((o) => `${r.counts.testsByOutcome[o]} ${o}`).join(', ');
  return `${r.counts.tests} tests (${tests || 'none'}) over ${r.counts.testedOperations} of ${r.score.declared} declared operations.`;
}

function scoreHtml(r: CompatibilityReport): string {
  const ops = r.counts.operations;
  const statuses = (['conformant', 'known', 'failing', 'unsupported', 'untested', 'outOfScope'] as const).filter((s) => s !== 'outOfScope' || r.scope);
  const parts = statuses.map((s) => (s === 'untested' && ops.untested ? `<a href="#not-tested">${pill(`${ops[s]} ${STATUS_LABEL[s]}`, STATUS_COLOUR[s])}</a>` : pill(`${ops[s]} ${STATUS_LABEL[s]}`, STATUS_COLOUR[s]))).join(' ');
  // Why operations were not tested, beside the score, so ten grey operations do not read as ten defects.
  const why = notTestedLine(r.notTested);
  // A run at quick depth says beside the score what it did not look at: its passes say less.
  const depth = depthLine(r);
  // A scoped run states its score for the scope, and says so next to the number.
  const scope = r.scope
    ? `<p id="score-scope"><strong>${esc(scopedLabel('Scope', r.scope))}:</strong> ${esc(`${scoreText(r)}; the ${ops.outOfScope} others are out of scope (${scopeVariables(r.scope)}): not tested by design, not failures.`)}</p>`
    : '';
  return `<div class="score" id="score">
<div><div class="big" id="score-value">${r.score.conformant}/${r.score.inScope}</div><div class="muted">operations conformant (${r.score.percent}%)${r.scope ? ' in scope' : ''}</div>${r.coverage ? `<div class="muted" id="score-coverage"><a href="#coverage">coverage index ${r.coverage.index}%</a></div>` : ''}</div>
<div><div>${parts}</div>${depth ? `<p id="score-depth"><strong>Depth:</strong> ${esc(depth)}</p>` : ''}${why ? `<p id="score-not-tested">${esc(why)}.</p>` : ''}<p>${esc(countsLine(r))}</p>${scope}</div>
</div>
<p id="definition"><strong>Conformant operation:</strong> ${esc(r.definition)}</p>
${gateHtml(r)}`;
}

function matrixTable(r: CompatibilityReport, rows: readonly OperationRow[]): string {
  // The same columns in every group's table, so the tables read as one matrix.
  const cols = r.checks;
  const known = new Set(r.failures.filter((f) => f.known).map((f) => `${f.operation}\u0000${f.check}`));
  const notTestedReason = new Map((r.notTested ?? []).flatMap((g) => g.operations.map((o) => [o.id, o.reason ?? g.summary] as const)));
  const head = `<tr><th>operation</th><th>status</th>${cols.map((c) => `<th class="rot">${esc(c)}</th>`).join('')}</tr>`;
  const body = rows.map((row) => {
    const tds = cols.map((c) => {
      const o = row.cells[c];
      if (!o) return '<td class="cell" title="not run"></td>';
      const k = known.has(`${row.id}\u0000${c}`);
      return `<td class="cell${k ? ' known' : ''}" style="background:${OUTCOME_COLOUR[o]}" title="${esc(`${row.id} · ${c}: ${o}${k ? ' (known deviation)' : ''}`)}">${OUTCOME_LETTER[o]}</td>`;
    });
    const why = row.status === 'untested' ? notTestedReason.get(row.id) : undefined;
    const status = pill(STATUS_LABEL[row.status], STATUS_COLOUR[row.status]);
    return `<tr><td><code>${esc(row.id)}</code><br><span class="muted">${esc(`${row.method} ${row.path}`)}</span></td><td>${why ? `<a href="#not-tested" title="${esc(why)}">${status}</a>` : status}</td>${tds.join('')}</tr>`;
  });
  return `<table class="matrix">${head}${body.join('')}</table>`;
}

function inScopeGroups(r: CompatibilityReport): GroupSummary[] {
  return r.groups.filter((g) => g.outOfScope < g.operations);
}

function outOfScopeGroups(r: CompatibilityReport): GroupSummary[] {
  return r.groups.filter((g) => g.outOfScope > 0);
}

function outOfScopeHtml(r: CompatibilityReport): string {
  const scope = r.scope;
  if (!scope) return '';
  // One row per group left out: with ONLY_GROUPS that is most of the spec, so a table, not boxes.
  const rows = outOfScopeGroups(r).map((g) => {
    const ids = r.operations.filter((row) => row.declared && row.group === g.name && row.status === 'outOfScope').map((row) => row.id);
    return `<tr data-group="${esc(g.name)}"><td><strong>${esc(g.name)}</strong></td><td>${g.outOfScope}</td><td>${esc(outOfScopeReason(scope, g.name))}</td><td class="muted">${esc(ids.join(', '))}</td></tr>`;
  });
  return `<h2 id="out-of-scope">Out of scope (${r.counts.operations.outOfScope})</h2>
<p class="muted">Operations of the resource groups this run left out (${esc(scopeVariables(scope))}). Never meant to be tested in this run: not failures, and not part of the score, which is stated for the ${r.score.inScope} operations in scope.</p>
${rows.length ? `<table><tr><th>group</th><th>operations</th><th>reason</th><th>operation ids</th></tr>${rows.join('')}</table>` : '<p class="muted">None: every group the spec declares is in scope.</p>'}
`;
}

function matrixHtml(r: CompatibilityReport): string {
  const legend = OUTCOMES.map((o) => `${pill(`${OUTCOME_LETTER[o]} ${o}`, OUTCOME_COLOUR[o])}`).join(' ');
  const table = (g: GroupSummary, note: string): string => {
    const rows = r.operations.filter((row) => row.declared && row.group === g.name);
    return `<details><summary><strong>${esc(g.name)}</strong> <span class="muted">${esc(note)}</span></summary>${matrixTable(r, rows)}</details>`;
  };
  // Groups out of scope come last, each with the reason (a group is wholly in or out of scope).
  const scope = r.scope;
  const groups = [
    ...inScopeGroups(r).map((g) => table(g, `${g.conformant}/${g.operations} conformant`)),
    ...(scope ? outOfScopeGroups(r).map((g) => table(g, outOfScopeReason(scope, g.name))) : []),
  ];
  const undeclared = r.operations.filter((row) => !row.declared);
  if (undeclared.length) groups.push(`<details><summary><strong>not in the spec</strong> <span class="muted">operations tests named that the spec does not declare</span></summary>${matrixTable(r, undeclared)}</details>`);
  return `<p>${legend} · a dashed outline marks a known deviation.</p>${groups.join('\n')}`;
}

/** Why the operations counted "not tested" were not: the profile, skipped setups, or no test. */
function notTestedHtml(r: CompatibilityReport): string {
  const groups = r.notTested;
  // Reports written before the reasons were kept say nothing here.
  if (!groups) return '';
  const n = groups.reduce((a, g) => a + g.operations.length, 0);
  const sections = groups.map((g) => {
    const items = g.operations.map((o) => `<li data-operation="${esc(o.id)}"><code>${esc(o.id)}</code> <span class="muted">${esc(opLabel(r, o.id))}</span>${g.cause === 'skipped' && o.reason ? `: ${esc(o.reason)}` : ''}</li>`);
    return `<section class="apart not-tested" data-cause="${esc(g.cause)}"${g.needs ? ` data-needs="${esc(g.needs)}"` : ''}><h3>${esc(g.summary)}</h3><ul>${items.join('')}</ul></section>`;
  });
  return `<h2 id="not-tested">Not tested (${n})</h2>
<p class="muted">Operations no check could judge in this run, and why. Not failures, and not conformant: they count against the score until a run tests them.</p>
${listOrNone(sections, 'None: every operation in scope was tested.')}
`;
}

/** What the run stopped calling, and what it left behind on the target. */
function notesHtml(r: CompatibilityReport): string {
  const n = r.notes;
  if (!n) return '';
  const stopped = n.stoppedCalling.map((s) => `<section class="apart" data-operation="${esc(s.operation)}"><h3>${esc(s.operation)} <span class="muted">${esc(opLabel(r, s.operation))}</span></h3><p>Answered ${esc(s.statuses.join(', '))}; the run stopped calling it (a create that fails may leave half-written records behind). Its own checks judged the recorded answer; tests that needed it as setup were skipped, naming it.</p><pre>${esc(`${s.request}\n-> ${s.answer}`)}</pre></section>`);
  const left = n.leftovers;
  const items = (left?.items ?? []).map((i) => `<li class="leftover${i.manualStep ? ' manual' : ''}"><code>${esc(i.what)}</code>: ${esc(i.manualStep ? `${i.reason}; ${i.manualStep}` : i.reason)}</li>`);
  const leftItems = items.length ? `\n<ul id="leftovers-list">${items.join('')}</ul>${(left?.records ?? 0) > items.length ? `<p class="muted">… ${(left?.records ?? 0) - items.length} more in ${esc(left?.file ?? '')}.</p>` : ''}` : '';
  return `<h2 id="stopped">Operations the run stopped calling (${stopped.length})</h2>
${listOrNone(stopped, 'None: no create answered 5xx repeatedly.')}
<h2 id="leftovers">Left behind on the target</h2>
<p id="leftovers-summary">${esc(leftoversText(left))}</p>${leftItems}
`;
}

export function renderHtml(r: CompatibilityReport): string {
  const live = (c: CellReport): boolean => !r.operations.find((o) => o.id === c.operation)?.deprecated;
  const newFailures = r.failures.filter((c) => !c.known && live(c));
  const known = r.failures.filter((c) => c.known && live(c));
  const advisories = r.advisories ?? [];
  const deprecated = r.operations.filter((o) => o.deprecated);
  const deprecatedHtml = deprecated.map((row) => {
    const cells = [...r.failures, ...r.unsupported].filter((c) => c.operation === row.id);
    return `<section class="apart" data-operation="${esc(row.id)}"><h3>${esc(row.id)} <span class="muted">${esc(`${row.method} ${row.path}`)}</span> ${pill(STATUS_LABEL[row.status], STATUS_COLOUR[row.status])}</h3>${cells.map((c) => failureHtml(r, c)).join('\n')}</section>`;
  });
  const unsupported = r.unsupported.filter(live);
  const unsupportedOps = [...new Set(unsupported.map((c) => c.operation))];
  const unsupportedHtml = unsupportedOps.map((id) => {
    const cells = unsupported.filter((c) => c.operation === id);
    const note = cells.find((c) => c.findings[0])?.findings[0]?.message ?? cells.find((c) => c.note)?.note ?? '';
    return `<section class="apart" data-operation="${esc(id)}"><h3>${esc(id)} <span class="muted">${esc(opLabel(r, id))}</span></h3><p>${esc(note)}</p><p class="muted">Unsupported for: ${esc(cells.map((c) => c.check).join(', '))}</p></section>`;
  });
  const otherFailing = r.other.filter((c) => c.outcome === 'fail' || c.outcome === 'error');
  const otherRows = r.other.map((c) => `<tr><td><code>${esc(c.check)}</code></td><td>${outcomePill(c.outcome)}${c.known ? ' known deviation' : ''}</td><td>${c.tests.length}</td></tr>`);
  const baselineItems = [
    ...r.gate.fixed.map((e) => `<li><strong>now passes, can be removed:</strong> <code>${esc(e.operation)}</code> · <code>${esc(e.check)}</code>: ${esc(e.reason)}</li>`),
    ...r.gate.unmatched.map((e) => `<li class="muted">not seen failing or passing in this run: <code>${esc(e.operation)}</code> · <code>${esc(e.check)}</code>: ${esc(e.reason)}</li>`),
    ...(r.gate.undecided ?? []).map((e) => `<li class="muted">passed where property tests draw new cases each run, so not shown fixed (kept): <code>${esc(e.operation)}</code> · <code>${esc(e.check)}</code>: ${esc(e.reason)}</li>`),
    ...(r.gate.passedAtDepth ?? []).map((e) => `<li class="muted">passed at DEPTH=${esc(r.depth ?? 'quick')}, not judged fixed (one case where standard sends many; a standard run decides; kept): <code>${esc(e.operation)}</code> · <code>${esc(e.check)}</code>: ${esc(e.reason)}</li>`),
    ...(r.gate.notRun ?? []).map((e) => `<li class="muted">not run at DEPTH=${esc(r.depth ?? 'quick')} (its cell was not exercised; kept): <code>${esc(e.operation)}</code> · <code>${esc(e.check)}</code>: ${esc(e.reason)}</li>`),
    ...r.gate.outOfScope.map((e) => `<li class="muted">not judged, it covers operations out of this run's scope${r.scope ? ` (${esc(scopeVariables(r.scope))})` : ''}: <code>${esc(e.operation)}</code> · <code>${esc(e.check)}</code>: ${esc(e.reason)}</li>`),
  ];
  const findings = r.specFindings.map((f) => `<tr><td>${esc(f.kind)}</td><td><code>${esc(f.pointer)}</code></td><td>${esc(f.operationId ?? '')}</td><td>${esc(f.message)}</td></tr>`);
  const title = `${r.spec.title} ${r.spec.version}: compatibility report`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>${CSS}${FIGURES_CSS}${SECURITY_CSS}</style>
</head>
<body>
<main>
<h1>${esc(title)}</h1>
<p class="muted">${esc(badgeLabel(r))} · generated by shop-api-conformance</p>
${metaHtml(r)}
${scoreHtml(r)}

${defectsHtml(r)}

${securityHtml(r.security)}

<h2 id="groups">Resource groups</h2>
${groupOverviewSvg(inScopeGroups(r))}

${coverageHtml(r)}

${latencyHtml(r)}

<h2 id="failures">Failures (${newFailures.length})</h2>
<p class="muted">Fail and Error cells not covered by the baseline, worst first, each with the evidence the check recorded (credentials redacted) and a link to its defect.</p>
${listOrNone(newFailures.map((c) => failureHtml(r, c)), 'No failures outside the baseline.')}

<h2 id="known">Known deviations (${known.length})</h2>
<p class="muted">Failures the baseline lists with a reason. They do not fail CI, and they still count against the score.</p>
${listOrNone(known.map((c) => failureHtml(r, c)), 'None.')}

<h2 id="advisories">Advisories (${advisories.length})</h2>
<p class="muted">Findings of rules stricter than the vendor's description (our spec's errata, a habit observed on one shop version, this project's own rules), with their evidence. Not failures: they change no outcome, no score and never the CI gate.</p>
${listOrNone(advisories.map((a) => advisoryHtml(r, a)), 'None.')}

<h2 id="concurrency">Only under concurrency, or not again (${(r.unreproduced ?? []).length})</h2>
<p class="muted">Failures whose request, sent again alone (every other worker waiting), did not fail again. Those that failed again when sent overlapped with other requests are defects of the operation under concurrent requests; the others are flaky answers. Which rule such an answer hits is chance, so they are not failures of it: they change no cell, no score and never the CI gate.</p>
${listOrNone((r.unreproduced ?? []).map((u) => unreproducedHtml(r, u)), 'None: every failure failed again when sent alone.')}

<h2 id="unsupported">Unsupported operations (${unsupportedOps.length})</h2>
<p class="muted">Operations the target does not implement (404 for the whole path, 405, 501). Not failures, and not conformant.</p>
${listOrNone(unsupportedHtml, 'None: the target answered every operation that was tested.')}

${notTestedHtml(r)}
${notesHtml(r)}
<h2 id="deprecated">Deprecated operations (${deprecated.length})</h2>
${listOrNone(deprecatedHtml, 'The spec marks no operation deprecated.')}

${outOfScopeHtml(r)}<h2 id="baseline">Baseline</h2>
<p>${esc(r.gate.baselineFile ? `${r.gate.baselineFile}: ${r.gate.known.length} entries matched failures.` : 'No baseline file: every failure fails CI.')}</p>
${baselineItems.length ? `<ul>${baselineItems.join('')}</ul>` : ''}

<h2 id="matrix">Matrix: operations × checks</h2>
${matrixHtml(r)}

<h2 id="other">Tests that name no operation (${r.other.length})</h2>
${r.other.length ? `<table><tr><th>check or test</th><th>outcome</th><th>tests</th></tr>${otherRows.join('')}</table>${otherFailing.map((c) => failureHtml(r, c)).join('\n')}` : '<p class="muted">None.</p>'}

<h2 id="spec-findings">Spec findings (${r.specFindings.length})</h2>
${findings.length ? `<table><tr><th>kind</th><th>where</th><th>operation</th><th>message</th></tr>${findings.join('')}</table>` : '<p class="muted">The spec loaded without findings.</p>'}

<h2 id="errata">Applied errata (${r.errataApplied.length})</h2>
${r.errataApplied.length ? `<ul>${r.errataApplied.map((e) => `<li>${esc(e)}</li>`).join('')}</ul>` : '<p class="muted">No errata were applied to the spec.</p>'}

<footer>report.json schema ${r.schemaVersion} · run status ${esc(r.runStatus)} · Outcomes rank Disabled &lt; Skip &lt; Pass &lt; Unsupported &lt; Fail &lt; Error; a cell shows the worst outcome of its tests.</footer>
</main>
</body>
</html>
`;
}
