// comparison.html: one self-contained page (inline CSS, no script, nothing fetched) that says what
// changed between two runs: the two runs, the counts, then every item with its evidence from both
// runs side by side - new defects, operations whose support changed, drift in answers (breaking
// first), cells whose outcome changed, fixed defects - and what could not be compared or was noise.
import { anchor, esc } from '../report/compatibility/escape.js';
import type { Comparison, CompareItem, ItemCategory, ItemSide, RunInfo } from './compare.js';
import { PAGE_CSS } from './page-css.js';

const SECTIONS: { category: ItemCategory; title: string; about: string }[] = [
  { category: 'defect-new', title: 'New defects', about: 'Defects the new run shows and the old one did not, on cells the old run judged (matched by signature).' },
  { category: 'support', title: 'Operations whose support changed', about: 'Implemented in one run, Unsupported in the other. An operation gone is breaking for clients.' },
  { category: 'drift', title: 'Drift in answers', about: 'Per operation and kind of request: statuses, fields of 2xx bodies and their JSON types, the headers a client reads. Values are never compared. Breaking: a field removed, a type or status class a client has not met before, a header removed or of another shape.' },
  { category: 'cell', title: 'Cells whose outcome changed', about: 'Operation × check cells judged in both runs (Pass, Fail, Unsupported) whose outcome changed. A cell judged in one run only (Skip: which test reached it first) is no change.' },
  { category: 'defect-fixed', title: 'Fixed defects', about: 'Defects of the old run that the new run does not show, on cells it judged.' },
];

function runHtml(role: string, r: RunInfo): string {
  return `<tr><th>${esc(role)}</th><td><strong>${esc(r.label)}</strong><br><span class="muted">${esc(r.target.url ?? 'embedded reference shop')} · run ${esc(r.runId ?? '?')} · seed ${esc(r.seed ?? '?')} · PROFILE=${esc(r.profile)} · ${esc(r.generatedAt)}</span><br><code>${esc(r.file)}</code>${r.shapes ? '' : ' <span class="muted">(no shapes.json: answers not compared)</span>'}</td><td class="n">${r.score.conformant}/${r.score.declared} conformant<br>${r.defects} defects</td></tr>`;
}

function sideHtml(s: ItemSide): string {
  const parts = [`<div>${esc(s.shows)}</div>`];
  if (s.curl) parts.push(`<pre class="cmd">${esc(s.curl)}</pre>`);
  if (s.answer) parts.push(`<pre class="cmd">${esc(s.answer)}</pre>`);
  return parts.join('');
}

function itemHtml(i: CompareItem): string {
  const marks = [i.gates ? '<span class="pill gate">fails --gate-against</span>' : '', i.breaking ? '<span class="pill breaking">breaking for clients</span>' : ''].join(' ');
  const sig = i.defect ? `<div class="sig">${esc(i.defect.signature)} · ${esc(i.defect.kind)} · ${esc(i.defect.severity)}</div>` : '';
  return `<section class="item${i.breaking ? ' breaking' : ''}${i.gates ? ' gates' : ''}" id="${anchor('item', i.key)}" data-category="${esc(i.category)}" data-key="${esc(i.key)}"${i.operation ? ` data-operation="${esc(i.operation)}"` : ''}>
<h3>${esc(i.title)} ${marks}</h3>${sig}
<table class="sides"><tr><th>old</th><td>${sideHtml(i.old)}</td></tr><tr><th>new</th><td>${sideHtml(i.new)}</td></tr></table>
</section>`;
}

export function renderComparison(c: Comparison): string {
  const k = c.counts;
  const sections = SECTIONS.map((s) => {
    const items = c.items.filter((i) => i.category === s.category);
    return `<h2 id="${s.category}">${esc(s.title)} (${items.length})</h2><p class="muted">${esc(s.about)}</p>${items.length ? items.map(itemHtml).join('\n') : '<p>None.</p>'}`;
  });
  const notComparable = c.notComparable.length
    ? `<ul>${c.notComparable.map((d) => `<li>${esc(d.in === 'new' ? 'new run' : 'old run')}: ${esc(d.title)} <span class="muted">(${esc(d.cells.slice(0, 4).join(', '))}${d.cells.length > 4 ? ', …' : ''}): ${esc(d.why)}</span></li>`).join('')}</ul>`
    : '<p>None.</p>';
  const noise = c.noise
    ? `<p>Second run of the old build: <strong>${esc(c.noise.label)}</strong> (run ${esc(c.noise.runId ?? '?')}, seed ${esc(c.noise.seed ?? '?')}, <code>${esc(c.noise.file)}</code>). ${k.suppressed} item(s) that differ between the two old runs too were dropped:</p>${c.suppressed.length ? `<ul class="muted">${c.suppressed.map((s) => `<li><code>${esc(s)}</code></li>`).join('')}</ul>` : ''}`
    : '<p>No second run of the old build was given (<code>--noise OLD2</code>): nothing was dropped as noise beyond the rules above.</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Comparison: ${esc(c.old.label)} → ${esc(c.new.label)}</title><style>${PAGE_CSS}</style></head>
<body><main>
<h1>What changed: ${esc(c.old.label)} → ${esc(c.new.label)}</h1>
<table class="meta runs">${runHtml('old', c.old)}${runHtml('new', c.new)}${c.noise ? runHtml('noise', c.noise) : ''}</table>
<div class="summary" id="summary"><span class="big" id="items-count">${k.items}</span> <span>item${k.items === 1 ? '' : 's'}, <strong id="breaking-count">${k.breaking}</strong> breaking for clients, <strong>${k.gating}</strong> failing <code>--gate-against</code><br>defects ${k.defects.new} new, ${k.defects.fixed} fixed, ${k.defects.unchanged} unchanged · ${k.support} support change(s) · ${k.cells} cell(s) · ${k.drift} drift</span></div>
${c.caveats.map((x) => `<p class="caveat">Note: ${esc(x)}.</p>`).join('')}
${sections.join('\n')}
<h2 id="not-comparable">Not comparable (${c.notComparable.length})</h2>
<p class="muted">Defects seen in one run only that say nothing of a change: the other run judged none of their cells (Skip, not tested), or it fails them too and the defect was met by chance (drawn input, a breakdown under overlap). Neither new nor fixed.</p>
${notComparable}
<h2 id="noise">Noise</h2>
${noise}
<footer>Written by <code>npm run compare</code> (shop-api-conformance) at ${esc(c.generatedAt)}. Values are never compared; answers to drawn input show what can happen, never what always does.</footer>
</main></body></html>
`;
}
