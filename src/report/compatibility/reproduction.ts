// How a failure reproduced when it was replayed (src/core/verdict.ts Reproduction, src/client/replay.ts),
// in one line for the page and the Markdown: "reproduced 1 of 1 alone; 0 of 2 overlapped; not
// replayed: a write the target answered …; replay: …".
import type { Reproduction } from '../../core/verdict.js';

export function reproductionText(r: Reproduction): string {
  const parts: string[] = [];
  if (r.alone.of > 0) parts.push(`reproduced ${r.alone.reproduced} of ${r.alone.of} alone${r.crowded ? ' (the other workers did not settle in time)' : ''}`);
  if (r.overlapped) parts.push(`${r.overlapped.reproduced} of ${r.overlapped.of} overlapped`);
  if (r.notReplayed?.length) parts.push(`not replayed: ${r.notReplayed.join('; ')}`);
  if (r.command) parts.push(`replay: ${r.command}`);
  return parts.join('; ');
}

/**
 * What an unreproduced failure showed when sent again, in a few words: a slowness measured again
 * alone (fixtures/replays.ts settleSlowness) is not a breakdown sent overlapped too.
 */
export function unreproducedWhat(u: { showing: 'concurrency' | 'flaky'; check: string }, overlappedWords = 'overlapped with other requests'): string {
  if (u.showing === 'concurrency') return `failed again only ${overlappedWords}`;
  return u.check === 'responseTime' ? 'kept its budget when measured again alone' : 'did not fail again, alone or overlapped';
}
