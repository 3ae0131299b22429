// How a failure reproduced when it was replayed (src/core/verdict.ts Reproduction), in one line
// for the page and the Markdown: "reproduced 2 of 2 alone; 0 of 2 overlapped; replay: …".
import type { Reproduction } from '../../core/verdict.js';

export function reproductionText(r: Reproduction): string {
  const parts = [`reproduced ${r.alone.reproduced} of ${r.alone.of} alone`];
  if (r.overlapped) parts.push(`${r.overlapped.reproduced} of ${r.overlapped.of} overlapped`);
  if (r.command) parts.push(`replay: ${r.command}`);
  return parts.join('; ');
}
