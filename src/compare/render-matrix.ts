// matrix.html: one self-contained page (inline CSS, no script, nothing fetched) with the matrix
// across versions: operations × runs, each cell conformant, failing, unsupported or untested; the
// defects of each run; the breaking drift (and what else fails the gate) between neighbours.
import { STATUS_COLOUR } from '../report/compatibility/colours.js';
import { anchor, esc } from '../report/compatibility/escape.js';
import type { CompareItem } from './compare.js';
import type { Matrix, MatrixCell } from './matrix.js';
import { PAGE_CSS } from './page-css.js';

const LABEL: Record<MatrixCell, string> = { conformant: 'conformant', failing: 'failing', unsupported: 'unsupported', untested: 'untested' };
const COLOUR: Record<MatrixCell, string> = { conformant: STATUS_COLOUR.conformant, failing: STATUS_COLOUR.failing, unsupported: STATUS_COLOUR.unsupported, untested: STATUS_COLOUR.untested };

function itemHtml(i: CompareItem): string {
  const side = (s: CompareItem['old']): string => `${esc(s.shows)}${s.curl ? `<pre class="cmd">${esc(s.curl)}</pre>` : ''}`;
  return `<section class="item${i.breaking ? ' breaking' : ''}${i.gates ? ' gates' : ''}" data-key="${esc(i.key)}"><h3>${esc(i.title)}</h3><table class="sides"><tr><th>old</th><td>${side(i.old)}</td></tr><tr><th>new</th><td>${side(i.new)}</td></tr></table></section>`;
}

export function renderMatrix(m: Matrix): string {
  const head = `<tr><th>Operation</th>${m.runs.map((r, i) => `<th class="run" data-run="${i}">${esc(r.label)}<br><span class="muted">run ${esc(r.runId ?? '?')} · seed ${esc(r.seed ?? '?')}</span></th>`).join('')}</tr>`;
  const body: string[] = [];
  let group = '';
  for (const row of m.rows) {
    if (row.group !== group) {
      group = row.group;
      body.push(`<tr><th class="group" colspan="${m.runs.length + 1}">${esc(group)}</th></tr>`);
    }
    const changed = row.cells.some((c) => c !== row.cells[0]);
    body.push(`<tr class="${changed ? 'changed' : ''}" data-operation="${esc(row.id)}"><td class="op"><code>${esc(row.id)}</code> <span class="muted">${esc(row.method)} ${esc(row.path)}</span></td>${row.cells.map((c, i) => `<td class="cell ${c}" data-run="${i}" title="${esc(LABEL[c])}">${esc(LABEL[c])}</td>`).join('')}</tr>`);
  }
  const totals = `<tr><th>Conformant / failing / unsupported / untested</th>${m.runs.map((r) => `<td class="n">${r.counts.conformant} / ${r.counts.failing} / ${r.counts.unsupported} / ${r.counts.untested}</td>`).join('')}</tr>`;
  const defects = m.runs
    .map((r, i) => {
      const list = m.defects[i] ?? [];
      const bySeverity = ['critical', 'major', 'minor'].map((s) => `${list.filter((d) => d.severity === s).length} ${s}`).join(', ');
      return `<details id="${anchor('defects', String(i))}" data-run="${i}"><summary><strong>${esc(r.label)}</strong>: ${list.length} defect${list.length === 1 ? '' : 's'} (${bySeverity})</summary><ol>${list.map((d) => `<li>${esc(d.title)} <span class="muted">(${esc(d.severity)}; ${esc(d.operations.slice(0, 3).join(', '))}${d.operations.length > 3 ? ', …' : ''})</span></li>`).join('')}</ol></details>`;
    })
    .join('\n');
  const neighbours = m.neighbours
    .map((n) => {
      const from = m.runs[n.from];
      const to = m.runs[n.to];
      const k = n.counts;
      return `<section class="neighbours" data-from="${n.from}" data-to="${n.to}"><h3>${esc(from?.label)} → ${esc(to?.label)}</h3>
<p>${k.breaking} breaking for clients · defects ${k.defects.new} new, ${k.defects.fixed} fixed, ${k.defects.unchanged} unchanged · ${k.support} support change(s) · ${k.cells} cell(s) · ${k.drift} drift${n.caveats.map((c) => `<br><span class="muted">Note: ${esc(c)}.</span>`).join('')}</p>
<details${n.breaking.length ? ' open' : ''}><summary>Breaking for clients (${n.breaking.length})</summary>${n.breaking.map(itemHtml).join('\n') || '<p>None.</p>'}</details>
<details><summary>New defects and cells that fail now (${n.gating.length})</summary>${n.gating.map(itemHtml).join('\n') || '<p>None.</p>'}</details></section>`;
    })
    .join('\n');
  const legend = (Object.keys(LABEL) as MatrixCell[]).map((c) => `<span><i style="background:${COLOUR[c]}"></i>${esc(LABEL[c])}</span>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Compatibility across versions: ${esc(m.runs.map((r) => r.label).join(', '))}</title><style>${PAGE_CSS}</style></head>
<body><main>
<h1>Compatibility across versions</h1>
<table class="meta runs">${m.runs.map((r, i) => `<tr><th>${i + 1}</th><td><strong>${esc(r.label)}</strong> <span class="muted">${esc(r.target.url ?? 'embedded reference shop')} · run ${esc(r.runId ?? '?')} · seed ${esc(r.seed ?? '?')} · PROFILE=${esc(r.profile)}</span><br><code>${esc(r.file)}</code></td><td class="n">${r.score.conformant}/${r.score.declared} conformant</td></tr>`).join('')}</table>
<h2 id="matrix">Operations × versions</h2>
<p class="legend">${legend}<span class="muted">An operation in bold differs between the runs.</span></p>
<table class="matrix" id="matrix-table">${head}${body.join('\n')}${totals}</table>
<h2 id="defects">Defects per version</h2>
${defects}
<h2 id="neighbours">Between neighbours</h2>
<p class="muted">Each run against the one before it: what a client written against the earlier one meets (breaking drift, operations gone) and what fails the gate.</p>
${neighbours}
<footer>Written by <code>npm run compare</code> (shop-api-conformance) at ${esc(m.generatedAt)}.</footer>
</main></body></html>
`;
}
