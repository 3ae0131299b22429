// The console's account of a comparison and of the gate against an earlier run: a few counting
// lines, then the items that matter most (what fails the gate, breaking drift), each on one line.
import type { Comparison, CompareItem } from './compare.js';

const LIST_LIMIT = 25;

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

export function runLine(r: Comparison['old']): string {
  // Reports of a comparison written before the depth was recorded have none: standard.
  const depth = r.depth && r.depth !== 'standard' ? `, DEPTH=${r.depth}` : '';
  return `${r.label} (run ${r.runId ?? '?'}, seed ${r.seed ?? '?'}, ${r.profile}${depth}; ${r.file})`;
}

function itemLine(i: CompareItem): string {
  const marks = [i.gates ? 'gate' : '', i.breaking ? 'breaking' : ''].filter(Boolean).join(', ');
  return `${marks ? `[${marks}] ` : ''}${i.title}`;
}

export function list(items: readonly CompareItem[], limit = LIST_LIMIT): string[] {
  const lines = items.slice(0, limit).map((i) => `  ${itemLine(i)}`);
  if (items.length > limit) lines.push(`  … ${items.length - limit} more (see the comparison page)`);
  return lines;
}

/** The lines `npm run compare` prints for two runs. */
export function summaryLines(c: Comparison, page?: string): string[] {
  const k = c.counts;
  const lines = [
    `Compared ${runLine(c.old)}`,
    `    with ${runLine(c.new)}${c.noise ? `\n   noise ${runLine(c.noise)}` : ''}`,
    `${plural(k.items, 'item')} (${k.breaking} breaking for clients): defects ${k.defects.new} new, ${k.defects.fixed} fixed, ${k.defects.unchanged} unchanged; ${plural(k.support, 'operation')} whose support changed; ${plural(k.cells, 'cell')} whose outcome changed; ${k.drift} drift in answers.`,
  ];
  if (c.noise) lines.push(`Noise filter: ${plural(k.suppressed, 'item')} dropped (they differ between the two runs of the old build too).`);
  if (c.notComparable.length) lines.push(`${plural(c.notComparable.length, 'defect')} seen in one run only that say nothing of a change (cells the other run did not judge, or met by chance in cells both runs fail): not comparable (listed on the page).`);
  for (const caveat of c.caveats) lines.push(`Note: ${caveat}.`);
  const first = c.items.filter((i) => i.gates || i.breaking);
  if (first.length) lines.push('', 'Breaking or new (what --gate-against fails on), first:', ...list(first));
  const rest = c.items.filter((i) => !i.gates && !i.breaking);
  if (rest.length) lines.push('', 'Other changes:', ...list(rest, 10));
  if (page) lines.push('', `Comparison: ${page}`);
  return lines;
}
