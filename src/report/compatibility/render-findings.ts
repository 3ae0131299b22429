// The sections of the page (src/report/compatibility/render-html.ts) that show what a run found,
// with its evidence: the defects, worst first, each with one reproduction and links to its cells;
// a failure cell with its findings and a link to its defect (and how it reproduced, when it was
// replayed); an advisory; a failure that did not fail again alone.
import { formatEvidence } from '../../checks/evidence.js';
import { anchor, esc } from './escape.js';
import { findingHtml, opLabel, outcomePill, pill, testsHtml } from './render-parts.js';
import { reproductionText, unreproducedWhat } from './reproduction.js';
import type { CellReport } from './rows.js';
import type { AdvisoryReport, CompatibilityReport, Defect, UnreproducedReport } from './types.js';

function cellEvidence(cell: CellReport): string {
  const parts = cell.findings.map(findingHtml);
  if (!parts.length && cell.message) parts.push(`<pre class="evidence">${esc(cell.message)}</pre>`);
  if (!parts.length && cell.note) parts.push(`<p>${esc(cell.note)}</p>`);
  if (!parts.length) parts.push('<p class="muted">No evidence was recorded for this test; see the Playwright report.</p>');
  return parts.join('\n');
}

export function failureHtml(report: CompatibilityReport, cell: CellReport): string {
  const classes = ['failure', cell.outcome, cell.known ? 'known' : ''].filter(Boolean).join(' ');
  const known = cell.known ? `<p><strong>Known deviation</strong> (baseline): ${esc(cell.reason ?? '')}</p>` : '';
  const repro = cell.reproduction ? `<p class="repro">${esc(reproductionText(cell.reproduction))}</p>` : '';
  const byId = new Map(report.defects.map((d) => [d.id, d]));
  const defects = (cell.defects ?? []).map((id) => byId.get(id)).filter((d): d is Defect => d !== undefined);
  const linked = defects.length ? `<p class="muted">Defect${defects.length === 1 ? '' : 's'}: ${defects.map((d) => `<a href="#${esc(d.id)}">#${d.rank} ${esc(d.title)}</a>`).join('; ')}</p>` : '';
  return `<section class="${classes}" id="${anchor('f', cell.operation, cell.check)}" data-operation="${esc(cell.operation)}" data-check="${esc(cell.check)}">
<h3>${outcomePill(cell.outcome)} ${esc(cell.operation)} <span class="muted">${esc(opLabel(report, cell.operation))}</span> · ${esc(cell.check)}</h3>
${known}${linked}${repro}${cellEvidence(cell)}
${testsHtml(cell)}
</section>`;
}

const SEVERITY_COLOUR: Record<Defect['severity'], string> = { critical: '#b71c1c', major: '#e65100', minor: '#546e7a' };

function defectRow(d: Defect): string {
  const state = d.known ? `known${d.cells.some((c) => c.beyondBaseline) ? ', reached more cells (fails the gate)' : d.cells.some((c) => c.tolerated) ? ', spread tolerated' : ''}` : 'new';
  return `<tr data-defect="${esc(d.id)}"><td class="n">${d.rank}</td><td>${pill(d.severity, SEVERITY_COLOUR[d.severity])}</td><td><a href="#${esc(d.id)}">${esc(d.title)}</a></td><td class="n">${d.operations.length}</td><td class="n">${d.cells.length}</td><td>${esc(state)}</td></tr>`;
}

function defectHtml(report: CompatibilityReport, d: Defect): string {
  const beyond = d.cells.filter((c) => c.beyondBaseline);
  const tolerated = d.cells.filter((c) => c.tolerated);
  const known = d.known
    ? `<p><strong>Known</strong> (baseline): ${esc(d.reason ?? '')}${beyond.length ? ` <strong>It now reaches ${beyond.length} cell(s) the baseline does not name, which fail the gate:</strong> ${esc(beyond.map((c) => `${c.operation} · ${c.check}`).join(', '))}.` : ''}${tolerated.length ? ` Its spread is tolerated in ${tolerated.length} cell(s) the baseline does not name: ${esc(tolerated.map((c) => `${c.operation} · ${c.check}`).join(', '))}.` : ''}</p>`
    : '';
  const cells = d.cells.map((c) => `<a href="#${anchor('f', c.operation, c.check)}">${esc(c.operation)} · ${esc(c.check)}</a>`).join(' ');
  const repro = [
    d.reproduction.curl ? `<p>Reproduce (one request as the run sent it; set <code>API_USER</code> and <code>API_PASSWORD</code> first; records the run made are gone after it):</p><pre class="repro-cmd">${esc(d.reproduction.curl)}</pre>` : '',
    d.reproduction.replay ? `<p>Run the test that showed it again:</p><pre class="repro-cmd">${esc(d.reproduction.replay)}</pre>` : '',
    d.reproduction.note ? `<p class="muted">Note: ${esc(d.reproduction.note)}.</p>` : '',
  ].join('');
  return `<section class="defect${d.known ? ' known' : ''}" id="${esc(d.id)}" data-defect="${esc(d.id)}">
<h3>#${d.rank} ${pill(d.severity, SEVERITY_COLOUR[d.severity])} ${esc(d.title)}</h3>
<p class="sig">${esc(d.id)} · signature: ${esc(d.signature)}</p>
${known}<p>${d.operations.length} operation(s): ${esc(d.operations.map((o) => `${o}${opLabel(report, o) ? ` (${opLabel(report, o)})` : ''}`).join(', '))}. Rules and checks: ${esc(d.checks.join(', '))}.</p>
${repro}
${d.example ? `<details><summary>Evidence</summary>${findingHtml(d.example)}</details>` : ''}
<p class="cells">${d.cells.length} cell(s): ${cells}</p>
</section>`;
}

export function defectsHtml(r: CompatibilityReport): string {
  const c = r.counts.defects;
  const intro = `<p class="muted">Every Fail, grouped by its cause (the same problem, the same status, the same message or schema path, the same kind of input), ranked worst first: server errors and data written wrongly first, shape problems last. Each has one reproduction and links to every cell it fails; the cells below link back.</p>`;
  if (!r.defects.length) return `<h2 id="defects">Defects (0)</h2>\n${intro}\n<p class="muted">None: no check or rule failed.</p>`;
  return `<h2 id="defects">Defects (${c.total}: ${c.new} new, ${c.known} known)</h2>
${intro}
<table class="defects"><tr><th>#</th><th>severity</th><th>defect</th><th>operations</th><th>cells</th><th>baseline</th></tr>${r.defects.map(defectRow).join('')}</table>
${r.defects.map((d) => defectHtml(r, d)).join('\n')}`;
}

export function advisoryHtml(report: CompatibilityReport, a: AdvisoryReport): string {
  const basis = a.basis ? `${a.basis.kind}: ${a.basis.ref}` : 'not described by the vendor';
  const tests = a.tests.map((t) => `<li><code>${esc(t.title)}</code> <span class="muted">${esc(t.file)}:${t.line}</span></li>`);
  return `<section class="apart advisory" id="${anchor('a', a.operation, `${a.check} ${a.title}`)}" data-operation="${esc(a.operation)}" data-check="${esc(a.check)}">
<h3>${esc(a.operation)} <span class="muted">${esc(opLabel(report, a.operation))}</span> · ${esc(a.check)}</h3>
<div class="finding"><strong>${esc(a.title)}</strong> <span class="muted">(advisory; rests on ${esc(basis)}; met in ${a.seen} test${a.seen === 1 ? '' : 's'})</span><div>${esc(a.message)}</div></div>
${a.evidence ? `<pre class="evidence">${esc(formatEvidence(a.evidence))}</pre>` : ''}
<ul class="muted">${tests.join('')}${a.seen > a.tests.length ? `<li>… ${a.seen - a.tests.length} more</li>` : ''}</ul>
</section>`;
}

export function unreproducedHtml(report: CompatibilityReport, u: UnreproducedReport): string {
  const tests = u.tests.map((t) => `<li><code>${esc(t.title)}</code> <span class="muted">${esc(t.file)}:${t.line}</span></li>`);
  const what = unreproducedWhat(u);
  const replays = u.replays.map((e, i) => `<p class="muted">${i === 0 ? 'Sent again alone:' : 'Sent again overlapped:'}</p><pre class="evidence">${esc(formatEvidence(e))}</pre>`);
  return `<section class="apart ${u.showing}" id="${anchor('u', u.operation, `${u.showing} ${u.title}`)}" data-operation="${esc(u.operation)}" data-check="${esc(u.check)}">
<h3>${esc(u.operation)} <span class="muted">${esc(opLabel(report, u.operation))}</span> · ${esc(u.showing)}</h3>
<div class="finding"><strong>${esc(u.title)}</strong> <span class="muted">(${esc(what)}; first hit ${esc(u.check)}; met in ${u.seen} test${u.seen === 1 ? '' : 's'})</span><div>${esc(u.message)}</div></div>
${u.evidence ? `<p class="muted">The answer in the run:</p><pre class="evidence">${esc(formatEvidence(u.evidence))}</pre>` : ''}
${replays.join('\n')}
<ul class="muted">${tests.join('')}${u.seen > u.tests.length ? `<li>… ${u.seen - u.tests.length} more</li>` : ''}</ul>
</section>`;
}
