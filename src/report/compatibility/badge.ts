// badge.svg: "shop API v2 | 142/170" in the usual flat badge shape, for a README or a vendor page.
// A scoped run's badge names its scope in the label ("shop API v2 (tax only) | 3/3") and the
// declared count in its title, so it cannot pass for a whole-spec score.
// Text widths are estimated (Verdana 11px averages ~6.5px a character); no font metrics needed.
import { esc } from './escape.js';

function textWidth(s: string): number {
  return Math.round(s.length * 6.5 + 10);
}

/** Green from 90 %, yellow-green from 75 %, orange from 50 %, red below. */
export function badgeColour(conformant: number, declared: number): string {
  const r = declared ? conformant / declared : 0;
  if (r >= 0.9) return '#4c1';
  if (r >= 0.75) return '#a4a61d';
  if (r >= 0.5) return '#fe7d37';
  return '#e05d44';
}

/** `declared` is the denominator of the score: the declared operations, or those in scope. `detail` ends the title. */
export function badgeSvg(label: string, conformant: number, declared: number, detail?: string): string {
  const value = `${conformant}/${declared}`;
  const lw = textWidth(label);
  const vw = textWidth(value);
  const w = lw + vw;
  const colour = badgeColour(conformant, declared);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="20" role="img" aria-label="${esc(`${label}: ${value}`)}">`,
    `<title>${esc(`${label}: ${value} operations conformant${detail ? `, ${detail}` : ''}`)}</title>`,
    '<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>',
    `<clipPath id="r"><rect width="${w}" height="20" rx="3" fill="#fff"/></clipPath>`,
    `<g clip-path="url(#r)"><rect width="${lw}" height="20" fill="#555"/><rect x="${lw}" width="${vw}" height="20" fill="${colour}"/><rect width="${w}" height="20" fill="url(#s)"/></g>`,
    `<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">`,
    `<text x="${lw / 2}" y="15" fill="#010101" fill-opacity=".3">${esc(label)}</text><text x="${lw / 2}" y="14">${esc(label)}</text>`,
    `<text x="${lw + vw / 2}" y="15" fill="#010101" fill-opacity=".3">${esc(value)}</text><text x="${lw + vw / 2}" y="14">${esc(value)}</text>`,
    '</g></svg>',
    '',
  ].join('\n');
}
