// The per-group overview as an inline SVG: one horizontal bar per resource group, its length the
// group's number of declared operations, split by status (conformant, known deviation, failing,
// unsupported, not tested). Inline so the page stays one self-contained file.
import { STATUS_COLOUR, STATUS_LABEL } from './colours.js';
import { esc } from './escape.js';
import type { GroupSummary, OperationStatus } from './rows.js';

const SEGMENTS: OperationStatus[] = ['conformant', 'known', 'failing', 'unsupported', 'untested'];
const ROW = 22;
const BAR_H = 14;
const LABEL_W = 170;
const BAR_W = 480;
const COUNT_W = 90;
const LEGEND_H = 28;

export function groupOverviewSvg(groups: readonly GroupSummary[]): string {
  const max = Math.max(1, ...groups.map((g) => g.operations));
  const width = LABEL_W + BAR_W + COUNT_W;
  const height = LEGEND_H + groups.length * ROW + 6;
  const out: string[] = [];
  out.push(`<svg id="group-overview" xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="group-overview-title" font-family="system-ui, sans-serif" font-size="12">`);
  out.push(`<title id="group-overview-title">Operations per resource group by status</title>`);
  let lx = LABEL_W;
  for (const s of SEGMENTS) {
    out.push(`<rect x="${lx}" y="6" width="12" height="12" fill="${STATUS_COLOUR[s]}"/><text x="${lx + 16}" y="16">${esc(STATUS_LABEL[s])}</text>`);
    lx += 30 + STATUS_LABEL[s].length * 6.5;
  }
  groups.forEach((g, i) => {
    const y = LEGEND_H + i * ROW;
    out.push(`<g class="group-bar" data-group="${esc(g.name)}">`);
    out.push(`<text x="${LABEL_W - 8}" y="${y + BAR_H - 2}" text-anchor="end">${esc(g.name)}</text>`);
    let x = LABEL_W;
    for (const s of SEGMENTS) {
      const n = g[s];
      if (!n) continue;
      const w = (n / max) * BAR_W;
      out.push(`<rect x="${x.toFixed(1)}" y="${y}" width="${Math.max(w, 1).toFixed(1)}" height="${BAR_H}" fill="${STATUS_COLOUR[s]}"><title>${esc(`${g.name}: ${n} ${STATUS_LABEL[s]}`)}</title></rect>`);
      x += w;
    }
    out.push(`<text x="${(x + 6).toFixed(1)}" y="${y + BAR_H - 2}" fill="#333">${g.conformant}/${g.operations}</text>`);
    out.push('</g>');
  });
  out.push('</svg>');
  return out.join('\n');
}
